import Foundation
import Testing

@testable import Remedy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A resolution reads a presentable node's category once, for its interpretation and for its
/// cancellation fact: the facts must still say what `ErrorTree.containsCancellation` says.
@Suite(.timeLimit(.minutes(10)))
struct ResolvedCancellationTests {
    private struct Presentable: PresentableError {
        let category: ErrorCategory
        var message: String { "Something happened." }
    }

    private final class PresentableObject: PresentableError, @unchecked Sendable {
        let category: ErrorCategory
        init(_ category: ErrorCategory) { self.category = category }
        var message: String { "Something happened." }
    }

    private struct Plain: Error {}

    private static var errors: [any Error] {
        let leaves: [any Error] = [
            Presentable(category: .cancellation),
            Presentable(category: .externalSystemUnavailable),
            PresentableObject(.cancellation),
            PresentableObject(.invalidInput),
            CancellationError(),
            URLError(.cancelled),
            URLError(.timedOut),
            CocoaError(.userCancelled),
            CocoaError(.fileNoSuchFile),
            Plain(),
            NSError(domain: NSURLErrorDomain, code: URLError.cancelled.rawValue),
            NSError(domain: "Other", code: 1),
        ]
        var errors = leaves
        for leaf in leaves {
            errors.append(ContextError("Saving the draft", wrapping: leaf))
            errors.append(ContextError("Syncing", wrapping: ContextError("Saving the draft", wrapping: leaf)))
        }
        return errors
    }

    @Test func theFactsSayWhatTheTreeSays() {
        let resolver = ErrorResolver()
        for error in Self.errors {
            let resolved = resolver.resolve(error)
            let expected = ErrorTree(error).containsCancellation
            #expect(resolved.facts.containsCancellation == expected, "\(String(reflecting: error))")
            if expected { #expect(resolved.isSilent, "\(String(reflecting: error))") }
        }
    }

    @Test func aPresentableCancellationIsACancellationAtAnyDepth() {
        let resolver = ErrorResolver()
        #expect(resolver.resolve(Presentable(category: .cancellation)).facts.containsCancellation)
        let wrapped = ContextError("Saving the draft", wrapping: Presentable(category: .cancellation))
        #expect(resolver.resolve(wrapped).facts.containsCancellation)
        #expect(!resolver.resolve(Presentable(category: .invalidInput)).facts.containsCancellation)
    }
}
