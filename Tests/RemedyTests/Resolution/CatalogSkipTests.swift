import Foundation
import Testing

@testable import Remedy

/// The walk skips asking the catalog about nodes it can never interpret (`ErrorCatalog.mayInterpret`):
/// the catalog is skipped only when it surely answers `nil`, and an app's entry for a skipped type still
/// answers once it is registered.
@Suite(.timeLimit(.minutes(10)))
struct CatalogSkipTests {
    private enum ServiceError: WrappingError {
        case parsing(DecodingError)
        var underlyingErrors: [any Error] {
            switch self {
            case .parsing(let error): [error]
            }
        }
    }

    private enum Plain: Error { case failed }

    private struct Reflected: Error { var cause: any Error }

    /// A class instance wrapping an error: the built-ins interpret class-instance errors, so it is asked.
    private final class ObjectWrapper: WrappingError {
        let cause: any Error
        init(_ cause: any Error) { self.cause = cause }
        var underlyingErrors: [any Error] { [cause] }
    }

    private static let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))

    private static let appErrors: [any Error] = [
        ServiceError.parsing(decoding), Plain.failed, Reflected(cause: Plain.failed),
        ContextError("Loading", wrapping: Plain.failed),
    ]

    @Test func appTypesAreSkippedWithBuiltInsAlone() {
        let catalog = ErrorCatalog.standard
        for error in Self.appErrors {
            #expect(!catalog.mayInterpret(error, info: ErrorTypeInfo.of(error)), "\(type(of: error))")
            #expect(catalog.interpretation(for: error) == nil, "\(type(of: error))")
        }
    }

    @Test func builtInTypesAndObjectsAreAsked() {
        let catalog = ErrorCatalog.standard
        let errors: [any Error] =
            CatalogFixtures.cases.map { $0.makeError() } + CatalogFixtures.cancellations.map { $0.makeError() }
            + [Self.decoding, ObjectWrapper(Plain.failed), HTTPStatusError(status: 503)]
        for error in errors {
            #expect(catalog.mayInterpret(error, info: ErrorTypeInfo.of(error)), "\(error)")
        }
    }

    /// Soundness: whatever the error, a catalog that answers is always asked.
    @Test func aCatalogThatAnswersIsAlwaysAsked() {
        let catalog = ErrorCatalog.standard
        let errors: [any Error] =
            Self.appErrors + CatalogFixtures.cases.map { $0.makeError() }
            + CatalogFixtures.cancellations.map { $0.makeError() } + [ObjectWrapper(Self.decoding)]
        for error in errors where catalog.interpretation(for: error) != nil {
            #expect(catalog.mayInterpret(error, info: ErrorTypeInfo.of(error)), "\(error)")
        }
    }

    @Test func appEntriesForSkippedTypesStillAnswer() {
        var catalog = ErrorCatalog.standard
        catalog.register(ServiceError.self) { _, _ in ErrorInterpretation(message: "The forecast is unreadable.") }
        catalog.register { error, _ in
            (error as? Plain).map { _ in ErrorInterpretation(message: "Plainly failed.") }
        }
        let resolver = ErrorResolver(catalog: catalog)
        let wrapped = ServiceError.parsing(Self.decoding)
        #expect(catalog.mayInterpret(wrapped, info: ErrorTypeInfo.of(wrapped)))
        #expect(resolver.presentation(for: wrapped).message == "The forecast is unreadable.")
        #expect(resolver.presentation(for: Reflected(cause: Plain.failed)).message == "Plainly failed.")
        #expect(
            resolver.presentation(for: ContextError("Loading", wrapping: Plain.failed)).message == "Plainly failed.")
    }

    private enum LocalizedWrapper: WrappingError, LocalizedError {
        case parsing(DecodingError)
        var underlyingErrors: [any Error] {
            switch self {
            case .parsing(let error): [error]
            }
        }
        var errorDescription: String? { "The forecast can't be read." }
    }

    private enum RecoverableWrapper: WrappingError, RecoverableError {
        case parsing(DecodingError)
        var underlyingErrors: [any Error] {
            switch self {
            case .parsing(let error): [error]
            }
        }
        var recoveryOptions: [String] { ["Reload"] }
        func attemptRecovery(optionIndex _: Int) -> Bool { false }
    }

    /// Nodes whose type has a source of its own are still interpreted when the catalog is skipped.
    @Test func nodesWithTheirOwnSourcesAreStillInterpreted() {
        let resolver = ErrorResolver()
        #expect(
            resolver.presentation(for: LocalizedWrapper.parsing(Self.decoding)).message == "The forecast can't be read."
        )
        let options = resolver.presentation(for: RecoverableWrapper.parsing(Self.decoding)).options
        #expect(options.contains { $0.localizedTitle(in: .default) == "Reload" })
    }

    /// The walk moves each interpretation into one place: the outermost stands in without a text, and a
    /// later winner replaces it, whatever the order.
    @Test func outermostStandsInOnlyWithoutAWinner() {
        let resolver = ErrorResolver()
        // No node has a text: the outermost interpretation's title and category stand, the message is the
        // category's.
        let silentOuter = ContextError("Loading", wrapping: CancellationError())
        let presentation = resolver.presentation(for: silentOuter)
        #expect(presentation.category == .cancellation)
        // The decoding error's built-in text wins from under an app's wrapping enum.
        let decodingEntry = ErrorCatalog.builtInEntry(named: "data.unreadable")
        let winner = resolver.presentation(for: ServiceError.parsing(Self.decoding))
        #expect(decodingEntry != nil)
        #expect(winner.message == decodingEntry?.interpretation().message)
    }
}
