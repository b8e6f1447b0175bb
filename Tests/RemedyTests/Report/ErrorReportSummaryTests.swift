import Foundation
import Remedy
import Testing

/// The one-line summary.
struct ErrorReportSummaryTests {
    typealias Leaf = TreeFixtures.Leaf

    @Test func contextLayersLeadToTheRootCause() {
        let error = ErrorReportTextTests.ForecastScenario.error()
        #expect(ErrorReport(error).summary == "Loading forecast: Parsing forecast: key 'temp' not found")
    }

    @Test func typedLayersThatOnlyWrapAddNothing() {
        #expect(ErrorReport(TreeFixtures.forecastTree()).summary == "key 'temp' not found")
        let wrapped = ContextError("Loading forecast", wrapping: TreeFixtures.forecastTree())
        #expect(ErrorReport(wrapped).summary == "Loading forecast: key 'temp' not found")
    }

    @Test func aRootCauseWithoutAMessageShowsItsKindAndValues() {
        #expect(ErrorReport(Leaf.timeout).summary == "Leaf.timeout")
        let status = ContextError(
            "Loading", wrapping: TreeFixtures.ViewModelError.forecast(.data(.unexpectedStatus(503))))
        #expect(ErrorReport(status).summary == "Loading: DataServiceError.unexpectedStatus(503)")
        #expect(
            ErrorReport(TreeFixtures.ForecastServiceError.outOfRange(61.5)).summary
                == "ForecastServiceError.outOfRange(61.5)")
    }

    enum Sync: Error {
        case wrapped(any Error)
        case idle
        case paused
    }

    @Test func casesWithoutValuesOfEnumsWithValuesAreNamedEveryTime() {
        // Their description is cached by their bytes; each case keeps its own.
        for _ in 0..<3 {
            #expect(ErrorReport(Sync.idle).summary == "Sync.idle")
            #expect(ErrorReport(Sync.paused).summary == "Sync.paused")
            #expect(ErrorReport(Sync.wrapped(Sync.paused)).summary == "Sync.paused")
        }
    }

    struct Localized: LocalizedError {
        var errorDescription: String? { "The disk is full." }
    }

    enum Saving: Error, LocalizedError {
        case failed(any Error)
        var errorDescription: String? {
            guard case .failed(let cause) = self else { return nil }
            return "Saving failed: \(cause.localizedDescription)"
        }
    }

    @Test func messagesOfWrappersAreIncludedAndNotRepeated() {
        let error = ContextError("Exporting", wrapping: Saving.failed(Localized()))
        #expect(ErrorReport(error).summary == "Exporting: Saving failed: The disk is full.")
    }

    @Test func foundationAndHTTPErrorsSummarizeByTheirFacts() {
        #expect(ErrorReport(URLError(.timedOut)).summary == "URLError -1001")
        #expect(ErrorReport(NSError(domain: "Storage", code: 3)).summary == "Storage 3")
        let described = NSError(domain: "Storage", code: 3, userInfo: [NSLocalizedDescriptionKey: "No space left."])
        #expect(ErrorReport(described).summary == "No space left.")
        #expect(ErrorReport(HTTPStatusError(status: 401)).summary == "HTTP 401")
    }

    @Test func severalCausesFollowTheFirstAndCountTheOthers() {
        let error = ContextError(
            "Syncing",
            wrapping: TreeFixtures.Batch(failures: [HTTPStatusError(status: 503), Leaf.timeout, Leaf.notFound])
        )
        #expect(ErrorReport(error).summary == "Syncing: HTTP 503 (+2 more)")
    }

    @Test func aCycleEndsTheSummaryWithAMarker() {
        let a = TreeFixtures.LinkError("a")
        let b = TreeFixtures.LinkError("b", next: a)
        a.next = b
        defer { a.next = nil }
        #expect(ErrorReport(a).summary == #"LinkError(name: "a") ↻ (cycle)"#)
        #expect(ErrorReport(TreeFixtures.SelfReferencingNSError()).summary == "Remedy.Tests 1 ↻ (cycle)")
    }

    @Test func theDepthCapEndsTheSummaryWithAnEllipsis() {
        let error = ContextError("Loading", wrapping: TreeFixtures.forecastTree())
        #expect(ErrorReport(error, limits: .init(maximumDepth: 2)).summary == "Loading: ForecastServiceError.data: …")
    }

    @Test func messagesAreEscapedToStayOnOneLine() {
        let error = ContextError(
            "Loading\tfeed", wrapping: TreeFixtures.Message("line 1\nline 2 \u{1B}[31mred\u{1B}[0m 🌧️"))
        #expect(ErrorReport(error).summary == #"Loading\tfeed: line 1\nline 2 \u{1B}[31mred\u{1B}[0m 🌧️"#)
    }

    @Test func aHugeMessageIsTruncatedWithAMarker() {
        let huge = String(repeating: "x", count: 5 * 1024 * 1024)
        let summary = ErrorReport(ContextError("Loading", wrapping: TreeFixtures.Message(huge))).summary
        #expect(summary.utf8.count <= 1_024)
        #expect(summary.hasPrefix("Loading: xxx"))
        #expect(summary.hasSuffix("… (5242880 bytes, truncated)"))
    }

    @Test func manyLayersKeepTheOutermostAndInnermostParts() {
        var error: any Error = Leaf.timeout
        for index in 0..<1_000 {
            error = ContextError("layer \(index)", wrapping: error)
        }
        let summary = ErrorReport(error, limits: .init(maximumSummaryLength: 200)).summary
        #expect(summary.utf8.count <= 200)
        #expect(summary.hasPrefix("layer 999: layer 998: "))
        #expect(summary.contains(" more …: "))
        #expect(summary.hasSuffix(": layer 1: layer 0: Leaf.timeout"))
    }
}
