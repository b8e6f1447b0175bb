import Foundation
import Remedy
import RemedyTesting
import Testing

/// The reference a person reads off the screen is the one every log line of the occurrence carries.
@Suite(.timeLimit(.minutes(10)))
struct SupportReferenceHandlingTests {
    /// An error that arrived with a reference, as a server's Problem Details do.
    private struct CarriedError: PresentableError {
        var reference: SupportReference?
        var message: String { "The server couldn't save the note." }
        var supportReference: SupportReference? { reference }
    }

    /// An error that is nothing but a cause for a wrapper.
    private struct Wrapper: Error {
        var cause: any Error
    }

    @Test func thePresentationShowsTheReferenceOfBothLogLines() async throws {
        let harness = HandlingHarness()
        let _: Int? = await harness.scope.attempt("Loading the feed") { throw HTTPStatusError(status: 500) }
        let presentation = try #require(harness.presentations.first)
        let lines = harness.logs.entries
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0["reference"] == presentation.supportReference.description })
    }

    @Test func eachOccurrenceHasItsOwn() async throws {
        let harness = HandlingHarness()
        _ = await harness.scope.handle(MessageError("First.")).value
        _ = await harness.scope.handle(MessageError("Second.")).value
        let references = harness.presentations.map(\.supportReference)
        #expect(references.count == 2)
        #expect(Set(references).count == 2)
    }

    @Test func aReplacementByARuleIsTheSameOccurrence() async throws {
        let replace = ErrorRule("friendlier") { failure in
            failure.first(HTTPStatusError.self) != nil ? .replace(MessageError("Try later.")) : .passOn
        }
        let harness = HandlingHarness(rules: [replace])
        _ = await harness.scope.handle(HTTPStatusError(status: 503)).value
        let received = try #require(harness.logs.entries.first)
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.message == "Try later.")
        #expect(received["reference"] == presentation.supportReference.description)
        #expect(harness.logs.handledErrors.first?["reference"] == presentation.supportReference.description)
    }

    @Test func aReferenceTheErrorCameWithIsKeptEvenDeepInTheTree() async throws {
        let carried = try #require(SupportReference("7KQ2-9F3A"))
        let harness = HandlingHarness()
        let _: Int? = await harness.scope.attempt("Saving the note") {
            throw Wrapper(cause: CarriedError(reference: carried))
        }
        #expect(harness.presentations.first?.supportReference == carried)
        #expect(harness.logs.entries.allSatisfy { $0["reference"] == "7KQ2-9F3A" })
    }

    @Test func aPresentableErrorWithoutOneGetsANewOne() throws {
        let failure = HandledError(CarriedError(reference: nil))
        let other = HandledError(CarriedError(reference: nil))
        #expect(failure.supportReference != other.supportReference)
        let given = try #require(SupportReference("ABCD-EFGH"))
        #expect(HandledError(CarriedError(reference: nil), supportReference: given).supportReference == given)
        // The error's own reference wins over a given one: it is what the server logged.
        let carried = try #require(SupportReference("7KQ2-9F3A"))
        #expect(HandledError(CarriedError(reference: carried), supportReference: given).supportReference == carried)
    }

    @Test func theResolverAdoptsACarriedReferenceToo() throws {
        let carried = try #require(SupportReference("7KQ2-9F3A"))
        let resolver = ErrorResolver()
        #expect(resolver.presentation(for: CarriedError(reference: carried)).supportReference == carried)
        let wrapped = ContextError("Saving", wrapping: CarriedError(reference: carried))
        #expect(resolver.presentation(for: wrapped).supportReference == carried)
        #expect(resolver.presentation(for: CarriedError(reference: nil)).supportReference != carried)
    }

    @Test func coalescedErrorsNameTheReferenceTheyWereShownUnder() async throws {
        let harness = HandlingHarness(answers: [.held(.defaultOption)], otherwise: .defaultOption)
        let first = harness.scope.handle(MessageError("The sync failed."))
        await harness.presenter.waitForPresentations(1)
        let second = harness.scope.handle(MessageError("The sync failed."))
        // The second arrives while the first is shown (or within the coalescing window after it, which
        // the test clock keeps open): either way it joins the first.
        #expect(await harness.logs.waitForEntries(2) { $0.isReceived })
        harness.presenter.release()
        #expect(await first.value == .presented)
        #expect(await second.value == .coalesced)
        let shown = try #require(harness.presentations.first).supportReference.description
        let coalesced = try #require(harness.logs.handledErrors.first { $0.outcome == .coalesced })
        #expect(coalesced["reference"] != shown)
        #expect(coalesced["shownAs"] == shown)
        let presented = try #require(harness.logs.handledErrors.first { $0.outcome == .presented })
        #expect(presented["reference"] == shown && presented["shownAs"] == nil)
    }
}
