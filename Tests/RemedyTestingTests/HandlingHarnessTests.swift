import RemedyTesting
import Testing

/// How an app's own tests check "this operation presented X and was retried N times".
@Suite(.timeLimit(.minutes(10)))
struct HandlingHarnessTests {
    struct Flaky: Error {}

    @Test func recordsPresentationsAndRetriesOfAnAction() async {
        let harness = HandlingHarness(answers: [.title("Try Again"), .title("Try Again")])
        let calls = LockedValue(0)
        let value = await harness.scope.attempt("Loading the inbox") {
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if call < 3 { throw Flaky() }
            return "inbox"
        }
        #expect(value == "inbox")
        let record = harness.record(of: "Loading the inbox")
        #expect(record.retries == 2)
        #expect(record.recoveryRetries == 2)
        #expect(record.automaticRetries == 0)
        #expect(record.presentations.count == 2)
        #expect(record.presentedTitles == ["Something Went Wrong", "Something Went Wrong"])
        #expect(record.outcomes == [.recovered, .recovered])
        #expect(harness.record(of: "Something else").failures.isEmpty)
    }

    /// The example of the Handling article and of `HandlingHarness`, as written there.
    @Test func feedIsRetriedAfterTryAgain() async {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        var calls = 0
        let feed = await harness.scope.attempt("Loading the feed") {
            calls += 1
            if calls == 1 { throw HTTPStatusError(status: 500) }
            return ["post"]
        }
        #expect(feed == ["post"])
        #expect(harness.record(of: "Loading the feed").retries == 1)
        #expect(harness.record(of: "Loading the feed").presentedTitles.count == 1)
    }

    @MainActor
    @Test func theOperationRunsInTheCallersIsolation() async {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        var loaded: [String] = []
        let count = await harness.scope.attempt("Loading on the main actor") {
            MainActor.assertIsolated()
            if loaded.isEmpty {
                loaded.append("draft")
                throw Flaky()
            }
            loaded.append("post")
            return loaded.count
        }
        #expect(count == 2)
        #expect(loaded == ["draft", "post"])
    }

    @Test func recordsTerminationsInsteadOfEndingTheProcess() async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        let outcome = await harness.scope.handle(FatalError("Impossible.")).value
        #expect(outcome == .presented)
        #expect(await harness.waitForTerminations(1))
        #expect(harness.terminations.map(\.message) == ["Impossible."])
    }

    @Test func theDefaultConfigurationWaitsForNothingOnTheClock() {
        let configuration = HandlingHarness.defaultConfiguration
        #expect(configuration.minimumDuration == .zero)
        #expect(configuration.retryPolicy.maximumRetries == 0)
    }
}
