import Foundation
import Remedy
import Testing

/// The full plain-text report, with exact expected text for representative trees.
struct ErrorReportTextTests {
    typealias Leaf = TreeFixtures.Leaf

    // MARK: - The forecast scenario, with context layers

    /// The article's three services, each adding context to what fails below it.
    enum ForecastScenario {
        static let dataLine = #line + 3
        static func data() throws -> Data {
            // The data service answers with a forecast that lacks the temperature.
            try withContext("Downloading forecast data") { Data(#"{"days": [{"tmp": 21.5}]}"#.utf8) }
        }

        static let parsingLine = #line + 2
        static func forecast() throws -> TreeFixtures.Forecast {
            try withContext("Parsing forecast") {
                try JSONDecoder().decode(TreeFixtures.Forecast.self, from: try data())
            }
        }

        static let loadingLine = #line + 2
        static func load() throws -> TreeFixtures.Forecast {
            try withContext("Loading forecast") { try forecast() }
        }

        static func error() -> any Error {
            do {
                _ = try load()
            } catch {
                return error
            }
            preconditionFailure("loading must fail")
        }
    }

    @Test func theForecastScenarioWithContextLayers() {
        let text = ErrorReport(ForecastScenario.error()).text
        #expect(
            text == """
                Loading forecast
                  at: RemedyTests/ErrorReportTextTests.swift:\(ForecastScenario.loadingLine)
                Caused by:
                  1: Parsing forecast
                     at: RemedyTests/ErrorReportTextTests.swift:\(ForecastScenario.parsingLine)
                  2: key 'temp' not found
                     type: DecodingError.keyNotFound
                     coding path: days[0]
                     debug: No value associated with key CodingKeys(stringValue: "temp", intValue: nil) ("temp").
                """
        )
        #expect(!text.contains("Downloading"))  // that operation succeeded: no layer
    }

    @Test func theForecastTreeOfTypedEnums() {
        #expect(
            ErrorReport(TreeFixtures.forecastTree()).text == """
                ViewModelError.forecast
                Caused by:
                  1: ForecastServiceError.data
                  2: DataServiceError.parsing
                  3: key 'temp' not found
                     type: DecodingError.keyNotFound
                     coding path: days[0]
                     debug: No value associated with key CodingKeys(stringValue: "temp", intValue: nil) ("temp").
                """
        )
    }

    // MARK: - Siblings

    @Test func siblingsHangOnBoxDrawingBranchesEachWithItsOwnChain() {
        let line = #line + 1
        let error = ContextError(
            "Syncing",
            wrapping: TreeFixtures.Batch(failures: [
                HTTPStatusError(status: 503),
                ContextError("Uploading", wrapping: TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.notFound])),
                TreeFixtures.DataServiceError.unexpectedStatus(404),
            ])
        )
        #expect(
            ErrorReport(error).text == """
                Syncing
                  at: RemedyTests/ErrorReportTextTests.swift:\(line)
                Caused by:
                  1: Batch
                     ├─ HTTP 503
                     │    type: HTTPStatusError
                     ├─ Uploading
                     │    at: RemedyTests/ErrorReportTextTests.swift:\(line + 4)
                     │  Caused by:
                     │    1: Batch
                     │       ├─ Leaf.timeout
                     │       └─ Leaf.notFound
                     └─ DataServiceError.unexpectedStatus(404)
                """
        )
    }

    @Test func aRootWithSeveralCausesBranchesAtOnce() {
        let error = TreeFixtures.Batch(failures: [Leaf.timeout, ContextError("Retrying", wrapping: Leaf.notFound)])
        let text = ErrorReport(error).text
        #expect(text.hasPrefix("Batch\n  ├─ Leaf.timeout\n  └─ Retrying\n       at: "))
        #expect(text.hasSuffix("\n     Caused by:\n       1: Leaf.notFound"))
    }

    // MARK: - Facts per error

    @Test func nsErrorsShowDomainCodeAndUserInfo() {
        let error = NSError(
            domain: "Storage",
            code: 7,
            userInfo: [
                NSLocalizedDescriptionKey: "The photo couldn't be saved.",
                NSFilePathErrorKey: "/tmp/photo.heic",
                NSDebugDescriptionErrorKey: "write(2) returned ENOSPC",
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: 28),
            ]
        )
        #expect(
            ErrorReport(error).text == """
                The photo couldn't be saved.
                  domain: Storage, code: 7
                  info: NSFilePath="/tmp/photo.heic"
                  debug: write(2) returned ENOSPC
                Caused by:
                  1: NSPOSIXErrorDomain 28
                     code: ENOSPC (28)
                """
        )
    }

    @Test func foundationErrorsShowTheirTypeAndCode() {
        #expect(
            ErrorReport(URLError(.notConnectedToInternet)).text == """
                URLError -1009
                  domain: NSURLErrorDomain, code: -1009
                """
        )
    }

    struct Localized: LocalizedError {
        var errorDescription: String? { "The disk is full." }
        var failureReason: String? { "Only 2 MB are left." }
        var recoverySuggestion: String? { "Free up some space." }
    }

    enum Saving: Error, LocalizedError {
        case failed(any Error)
        var errorDescription: String? { "Saving failed: The disk is full." }
    }

    @Test func aMessageThatContainsItsCausesTextIsNotRepeated() {
        #expect(
            ErrorReport(Saving.failed(Localized())).text == """
                Saving failed: The disk is full.
                  type: Saving.failed
                Caused by:
                  1: Localized
                     reason: Only 2 MB are left.
                     suggestion: Free up some space.
                """
        )
    }

    struct RequestError: Error {
        var url: URL
        var attempt: Int
        var token: String?
        var underlying: any Error
    }

    @Test func valuesBesideTheCauseArePartOfTheHeadline() {
        let error = RequestError(
            url: URL(string: "https://example.com/forecast")!,
            attempt: 3,
            token: nil,
            underlying: MessageError("The server is busy.", category: .externalSystemUnavailable)
        )
        #expect(
            ErrorReport(error).text == """
                RequestError(url: https://example.com/forecast, attempt: 3)
                Caused by:
                  1: The server is busy.
                     type: MessageError
                     category: externalSystemUnavailable, severity: major
                     debug: MessageError("The server is busy.", category: externalSystemUnavailable)
                """
        )
    }

    @Test func anOverrideIsShownOnItsLayer() {
        let error = ContextError(
            "Saving the draft",
            wrapping: Leaf.timeout,
            presentation: .init(title: "Draft Not Saved", severity: .minor, options: [.retry])
        )
        let lines = ErrorReport(error).text.split(separator: "\n")
        #expect(lines[2] == #"  presentation override: title "Draft Not Saved", severity minor, options [Try Again]"#)
    }

    // MARK: - Markers

    @Test func cyclesAreMarkedWhereTheyAreCut() {
        #expect(
            ErrorReport(TreeFixtures.SelfReferencingNSError()).text == """
                Remedy.Tests 1
                  type: SelfReferencingNSError
                Caused by:
                  1: Remedy.Tests 1 ↻ cycle: the same instance as an enclosing error, not expanded again
                     type: SelfReferencingNSError
                """
        )
    }

    @Test func aSharedCauseIsMarkedAsRepeated() {
        let shared = TreeFixtures.LinkError("shared")
        let text = ErrorReport(TreeFixtures.Batch(failures: [shared, shared])).text
        #expect(
            text == """
                Batch
                  ├─ LinkError(name: "shared")
                  └─ LinkError ↑ repeated: the same instance as an error above, not expanded again
                """
        )
    }

    @Test func theWidthAndDepthCapsAreMarked() {
        let wide = TreeFixtures.Batch(failures: Array(repeating: Leaf.timeout, count: 10))
        #expect(
            ErrorReport(wide, limits: .init(maximumWidth: 2)).text == """
                Batch
                  ├─ Leaf.timeout
                  ├─ Leaf.timeout
                  └─ … 8 more not shown (width limit 2)
                """
        )
        let chain = TreeFixtures.LinkError.chain(count: 10)
        defer { chain.dismantle() }
        #expect(
            ErrorReport(chain, limits: .init(maximumDepth: 2)).text == """
                LinkError(name: "link 0")
                Caused by:
                  1: LinkError(name: "link 1")
                  2: LinkError(name: "link 2")
                     … causes below not shown (depth limit 2)
                """
        )
    }

    @Test func theNodeCapIsMarked() {
        let wide = TreeFixtures.Batch(failures: Array(repeating: Leaf.timeout, count: 10))
        let text = ErrorReport(wide, limits: .init(maximumNodes: 3)).text
        #expect(text.hasSuffix("  ├─ Leaf.timeout\n… more errors not shown (limit of 3 errors)"))
    }

    @Test func manyLayersShowTheOutermostAndInnermost() {
        var error: any Error = Leaf.timeout
        var lines: [Int] = []
        for index in 0..<10 {
            lines.append(#line + 1)
            error = ContextError("layer \(index)", wrapping: error)
        }
        let file = "RemedyTests/ErrorReportTextTests.swift"
        #expect(
            ErrorReport(error, limits: .init(maximumLayersShown: 4)).text == """
                layer 9
                  at: \(file):\(lines[9])
                Caused by:
                  1: layer 8
                     at: \(file):\(lines[8])
                  … 6 more layers
                  2: layer 1
                     at: \(file):\(lines[1])
                  3: layer 0
                     at: \(file):\(lines[0])
                  4: Leaf.timeout
                """
        )
    }

    @Test func aLongReportKeepsItsBeginningAndItsEnd() {
        let chain = TreeFixtures.LinkError.chain(count: 1_000, end: Leaf.timeout)
        defer { chain.dismantle() }
        let text = ErrorReport(chain, limits: .init(maximumReportBytes: 600)).text
        #expect(text.utf8.count <= 600)
        #expect(text.hasPrefix("LinkError(name: \"link 0\")\nCaused by:\n  1: LinkError(name: \"link 1\")\n"))
        #expect(text.contains("lines not shown (report limit of 600 bytes) …\n"))
        #expect(text.hasSuffix("  999: LinkError(name: \"link 999\")\n  1000: Leaf.timeout"))
    }

    @Test func theDescriptionIsTheText() {
        let report = ErrorReport(TreeFixtures.forecastTree())
        #expect(report.description == report.text)
    }
}
