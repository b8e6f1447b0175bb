import Foundation
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

    /// An error that counts how often its causes are read.
    struct CountedError: WrappingError, LocalizedError {
        let reads = LockedValue(0)
        var errorDescription: String? { "Syncing failed" }
        var underlyingErrors: [any Error] {
            reads.withLock { $0 += 1 }
            return [HTTPStatusError(status: 503), HTTPStatusError(status: 504)]
        }
    }

    /// The debug lines (summary, report, grouping key) read the walk that resolved the error: they read
    /// its causes no more often than handling it without them does.
    @Test func debugLinesReadTheResolutionsWalkInsteadOfWalkingAgain() async throws {
        func reads(at level: Logger.Level) async -> (reads: Int, logged: [LogRecording.Entry]) {
            let harness = HandlingHarness(rules: [.silence { $0.first(CountedError.self) != nil }], logLevel: level)
            let error = CountedError()
            #expect(await harness.scope.handle(error).value == .silenced)
            return (error.reads.withLock { $0 }, harness.logs.entries)
        }
        let quiet = await reads(at: .info)
        let debug = await reads(at: .debug)
        #expect(quiet.logged.isEmpty)
        let outcome = try #require(debug.logged.last)
        #expect(outcome.message == "Syncing failed: HTTP 503 (+1 more)")
        #expect(outcome["groupingKey"] == ErrorReport(CountedError()).groupingKey)
        #expect(debug.logged.first?["report"]?.contains("HTTP 504") == true)
        #expect(quiet.reads > 0)
        #expect(debug.reads == quiet.reads)
    }

    @Test func everyOutcomeNameIsStable() {
        #expect(
            HandlingOutcome.allCases.map(\.rawValue) == [
                "presented", "silenced", "coalesced", "takenOver", "recovered", "gaveUp", "retrying",
            ])
    }
}
