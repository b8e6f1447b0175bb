import Logging
import Remedy
import RemedyTesting
import Testing

/// Every error handed to a scope is logged once, at a level by severity, with the documented metadata.
struct HandlingLoggingTests {
    @Test(arguments: [
        (Severity.minor, Logger.Level.notice),
        (.major, .error),
        (.critical, .error),
        (.fatal, .critical),
    ])
    func levelFollowsSeverity(severity: Severity, level: Logger.Level) async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        _ = await harness.scope.handle(MessageError("x", severity: severity)).value
        #expect(harness.logs.handledErrors.map(\.level) == [level])
    }

    @Test func entryCarriesSummaryAndMetadata() async throws {
        let harness = HandlingHarness()
        let _: Int? = await harness.scope.child("Feed").attempt("Loading the feed") {
            throw HTTPStatusError(status: 500)
        }
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
        #expect(entry["report"]?.contains("HTTP") == true)
    }

    @Test func theFullReportIsOnlyAddedWhenDebugLoggingIsOn() async throws {
        let harness = HandlingHarness(logLevel: .info)
        #expect(await harness.scope.handle(Boom()).value == .gaveUp)
        let entry = try #require(harness.logs.handledErrors.first)
        #expect(entry["report"] == nil)
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
