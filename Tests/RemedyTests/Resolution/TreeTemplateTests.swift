import Foundation
import Testing

@testable import Remedy

/// A tree in which only one node has an interpretation, a built-in entry's that names nothing, and no
/// context layer overrides it, is presented from the entry's presentation template: the presentation is
/// the one a full resolution makes, in every language, whichever error made the template, and a tree in
/// which anything else counts is resolved in full.
@Suite(.timeLimit(.minutes(10)))
struct TreeTemplateTests {
    /// What a person sees of a presentation, and how it is shown.
    private typealias Seen = SeenPresentation

    /// An app's layer that states its cause.
    private enum StatedLayer: WrappingError {
        case wrapping(any Error)

        var underlyingErrors: [any Error] {
            switch self {
            case .wrapping(let error): [error]
            }
        }
    }

    /// An app's layer found by reflection.
    private enum ReflectedLayer: Error {
        case wrapping(any Error)
    }

    /// An app's layer with texts and a severity of its own.
    private struct LoudLayer: PresentableError, WrappingError {
        var cause: any Error
        var message: String { "" }
        var severity: Severity { .fatal }
        var category: ErrorCategory { .unknown }
        var underlyingErrors: [any Error] { [cause] }
    }

    private static func decoding() -> DecodingError {
        DecodingError.keyNotFound(
            TestKey.city, DecodingError.Context(codingPath: [TestKey.days], debugDescription: "No value for city."))
    }

    private enum TestKey: String, CodingKey {
        case city
        case days
    }

    /// Trees whose built-in node is their only interpreted one.
    private static func readingAsOneEntry() -> [any Error] {
        [
            StatedLayer.wrapping(StatedLayer.wrapping(decoding())),
            ReflectedLayer.wrapping(decoding()),
            StatedLayer.wrapping(URLError(.notConnectedToInternet)),
            ReflectedLayer.wrapping(StatedLayer.wrapping(URLError(.timedOut))),
            StatedLayer.wrapping(POSIXError(.ENOSPC)),
            StatedLayer.wrapping(CocoaError(.fileReadCorruptFile)),
            StatedLayer.wrapping(EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "No."))),
            ContextError("Loading the forecast", wrapping: decoding()),
        ]
    }

    /// Trees in which more than one node counts, or the built-in entry names something, or a context layer
    /// overrides it.
    private static func resolvedInFull() throws -> [any Error] {
        let url = try #require(URL(string: "https://forecast.example.com/today"))
        return [
            LoudLayer(cause: decoding()),
            StatedLayer.wrapping(LoudLayer(cause: URLError(.timedOut))),
            ContextError(
                "Loading the forecast", wrapping: decoding(),
                presentation: PresentationOverride(title: "Forecast Unavailable", severity: .critical)),
            ContextError(
                "Loading the forecast", wrapping: URLError(.timedOut),
                presentation: PresentationOverride(options: [
                    RecoveryOption(title: "Use Cached", role: .normal) { .recovered }
                ])),
            StatedLayer.wrapping(URLError(.cannotFindHost, userInfo: [NSURLErrorFailingURLErrorKey: url])),
            StatedLayer.wrapping(CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/tmp/forecast.json"])),
            StatedLayer.wrapping(URLError(.notConnectedToInternet, userInfo: [NSUnderlyingErrorKey: decoding()])),
            StatedLayer.wrapping(POSIXError(.EACCES, userInfo: [NSUnderlyingErrorKey: URLError(.timedOut)])),
        ]
    }

    /// A localization of the same language whose texts can't be kept per language: an override of a key
    /// no presentation reads makes every text a full lookup, with no template.
    private static func unmemoized(_ language: String) -> Localization {
        Localization(language: language, overrides: ["test.unused": "unused"])
    }

    @Test("a tree that reads as one built-in entry is presented as a full resolution presents it, in every language")
    func treesReadAsTheirEntry() throws {
        for language in Localization.supportedLanguages {
            let memoized = ErrorResolver(localization: Localization(language: language))
            let resolved = ErrorResolver(localization: Self.unmemoized(language))
            #expect(resolved.localization.plainTexts == nil)
            for error in Self.readingAsOneEntry() + (try Self.resolvedInFull()) {
                let expected = Seen(resolved.presentation(for: error))
                // The first call may make the template, the second reads it.
                #expect(Seen(memoized.presentation(for: error)) == expected, "\(language) \(error)")
                #expect(Seen(memoized.presentation(for: error)) == expected, "\(language) \(error)")
            }
        }
    }

    @Test("a template made from a tree serves a single error of its entry, and the other way round")
    func templatesAreShared() throws {
        let resolved = ErrorResolver(localization: Self.unmemoized("en"))
        // Each entry first met in a tree, then alone (a tree's template serves the leaf), then in a tree.
        let pairs: [(tree: any Error, leaf: any Error)] = [
            (StatedLayer.wrapping(URLError(.networkConnectionLost)), URLError(.networkConnectionLost)),
            (ReflectedLayer.wrapping(POSIXError(.ECONNREFUSED)), POSIXError(.ECONNREFUSED)),
            (StatedLayer.wrapping(CocoaError(.fileWriteOutOfSpace)), CocoaError(.fileWriteOutOfSpace)),
        ]
        for language in ["de", "fr"] {
            let memoized = ErrorResolver(localization: Localization(language: language))
            let full = ErrorResolver(localization: Self.unmemoized(language))
            for (tree, leaf) in pairs {
                #expect(Seen(memoized.presentation(for: tree)) == Seen(full.presentation(for: tree)))
                #expect(Seen(memoized.presentation(for: leaf)) == Seen(full.presentation(for: leaf)))
                #expect(Seen(memoized.presentation(for: tree)) == Seen(full.presentation(for: tree)))
            }
        }
        // A tree resolved in full first leaves no template of its own texts behind.
        let memoized = ErrorResolver(localization: Localization(language: "it"))
        for error in try Self.resolvedInFull() {
            _ = memoized.presentation(for: error)
        }
        for leaf in [URLError(.timedOut), URLError(.cannotFindHost)] as [any Error] {
            #expect(Seen(memoized.presentation(for: leaf)) == Seen(resolved.presentation(for: leaf)))
        }
        #expect(
            Seen(memoized.presentation(for: Self.decoding()))
                == Seen(resolved.presentation(for: Self.decoding())))
    }

    @Test("a presentation from a tree's template has the tree's error, grouping key and references of its own")
    func perOccurrence() {
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        let tree = StatedLayer.wrapping(StatedLayer.wrapping(Self.decoding()))
        let first = resolver.presentation(for: tree)
        let second = resolver.presentation(for: tree)
        let third = resolver.presentation(for: tree)
        #expect(first.supportReference != second.supportReference)
        #expect(second.supportReference != third.supportReference)
        #expect(third.occurrences == 1)
        #expect(third.error is StatedLayer)
        #expect(third.groupingKey == ErrorReport.groupingKey(of: tree))
        #expect(third.groupingKey == first.groupingKey)
        // The leaf's key is its own, not the tree's.
        #expect(resolver.presentation(for: Self.decoding()).groupingKey != third.groupingKey)
    }
}
