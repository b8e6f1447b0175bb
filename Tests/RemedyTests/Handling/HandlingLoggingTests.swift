import Logging
import Remedy
import RemedyTesting
import Testing

/// Every error handed to a scope is logged when it arrives and once with its outcome, at levels that
/// follow swift-log's guidance for libraries, with the documented metadata.
@Suite(.timeLimit(.minutes(10)))
struct HandlingLoggingTests {
    @Test(arguments: [Severity.minor, .major, .critical])
    func aHandledErrorIsLoggedAtDebugWhenReceivedAndWithItsOutcome(severity: Severity) async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        _ = await harness.scope.handle(MessageError("x", severity: severity)).value
        let entries = harness.logs.entries
        #expect(entries.map(\.level) == [.debug, .debug])
        #expect(entries.map(\.isReceived) == [true, false])
        #expect(entries.last?.outcome == .presented)
    }

    @Test func aFatalErrorIsLoggedAtErrorLevelBeforeItIsPresented() async throws {
        let harness = HandlingHarness(answers: [.held(.defaultOption)])
        let task = harness.scope.handle(MessageError("The database is damaged.", severity: .fatal))
        await harness.presenter.waitForPresentations(1)
        // The presenter has not answered: the fatal error is in the log already.
        let fatal = try #require(harness.logs.entries.first { $0.level == .error })
        #expect(fatal.message.contains("The database is damaged."))
        #expect(harness.logs.handledErrors.isEmpty)
        harness.presenter.release()
        #expect(await task.value == .presented)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.presented])
    }

    @Test func theReceivedLineExistsWhileThePresenterHasNotAnswered() async throws {
        let harness = HandlingHarness(answers: [.held(.role(.cancel))])
        let task = Task {
            let _: Int? = await harness.scope.attempt("Saving the draft") { throw HTTPStatusError(status: 500) }
        }
        await harness.presenter.waitForPresentations(1)
        let received = try #require(harness.logs.entries.first)
        #expect(received.isReceived)
        #expect(received["action"] == "Saving the draft")
        #expect(harness.logs.handledErrors.isEmpty)
        harness.presenter.release()
        await task.value
        #expect(harness.logs.handledErrors.map(\.outcome) == [.gaveUp])
    }

    @Test func entriesCarryTheSummaryTheMetadataTheErrorAndTheCallSite() async throws {
        let harness = HandlingHarness()
        let line = #line + 1
        let _: Int? = await harness.scope.child("Feed").attempt("Loading the feed") {
            throw HTTPStatusError(status: 500)
        }
        let received = try #require(harness.logs.entries.first { $0.isReceived })
        #expect(received["report"]?.contains("HTTP 500") == true)
        let entry = try #require(harness.logs.handledErrors.first)
        #expect(entry.message == "Loading the feed: HTTP 500")
        let presentation = try #require(harness.presentations.first)
        #expect(entry["category"] == presentation.category.identifier)
        #expect(entry["severity"] == "major")
        #expect(entry["scope"] == "App/Feed")
        #expect(entry["outcome"] == "gaveUp")
        #expect(entry["action"] == "Loading the feed")
        #expect(entry["groupingKey"] == presentation.groupingKey)
        #expect(entry["option"] == "Cancel")
        #expect(entry["report"] == nil)
        for logged in [received, entry] {
            #expect(logged.file == #fileID)
            #expect(logged.line == UInt(line))
            #expect((logged.error as? ContextError)?.layers.first?.message == "Loading the feed")
        }
    }

    @Test func atTheUsualInfoLevelAHandledErrorLogsNothing() async {
        let harness = HandlingHarness(logLevel: .info)
        #expect(await harness.scope.handle(Boom()).value == .gaveUp)
        #expect(harness.logs.entries.isEmpty)
    }

    @Test func aPresenterThatFailsIsLoggedAtInfoWithTheOutcome() async throws {
        let harness = HandlingHarness(answers: [.fail(Boom(label: "broken screen"))], logLevel: .info)
        #expect(await harness.scope.handle(HTTPStatusError(status: 500)).value == .gaveUp)
        let entry = try #require(harness.logs.handledErrors.first)
        #expect(entry.level == .info)
        #expect(entry["resolution"] == "presenterFailed")
        #expect(entry["presenterError"]?.contains("broken screen") == true)
    }

    @Test func silencedAndCoalescedErrorsAreLoggedToo() async {
        let harness = HandlingHarness(
            otherwise: .held(.role(.cancel)),
            rules: [.silence { $0.first(Boom.self)?.label == "quiet" }]
        )
        let quiet = harness.scope.handle(Boom(label: "quiet"))
        let first = harness.scope.handle(HTTPStatusError(status: 502))
        let second = harness.scope.handle(HTTPStatusError(status: 502))
        await harness.scope.state.wait { $0.current?.occurrences == 2 }
        harness.presenter.release()
        _ = await (quiet.value, first.value, second.value)
        let outcomes = harness.logs.handledErrors.compactMap(\.outcome)
        #expect(outcomes.count == 3)
        #expect(outcomes.filter { $0 == .silenced }.count == 1)
        #expect(outcomes.filter { $0 == .coalesced }.count == 1)
        #expect(outcomes.filter { $0 == .gaveUp }.count == 1)
    }

    @Test func everyOutcomeNameIsStable() {
        #expect(
            HandlingOutcome.allCases.map(\.rawValue) == [
                "presented", "silenced", "coalesced", "takenOver", "recovered", "gaveUp", "retrying",
            ])
    }
}
