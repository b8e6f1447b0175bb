import Remedy
import RemedyTesting
import Testing

struct FeedScenarioTests {
    @Test func serverErrorOffersTryAgainAndTheRetrySucceeds() async throws {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let calls = LockedCounter()
        let feed = await harness.scope.child("Feed").attempt("Loading the feed", retryPolicy: .disabled) {
            if calls.increment() == 1 { throw HTTPStatusError(status: 500) }
            return ["first post"]
        }
        #expect(feed == ["first post"])
        #expect(calls.value == 2)
        let presentation = try #require(harness.presentations.first)
        #expect(harness.presentations.count == 1)
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
        #expect(presentation.style == .alert)
        let record = harness.record(of: "Loading the feed")
        #expect(record.retries == 1)
        #expect(record.outcomes == [.recovered])
        #expect(record.failures.first?["scope"] == "App/Feed")
    }
}

/// A counter shared with sendable closures.
final class LockedCounter: Sendable {
    private let count = LockedValue(0)

    @discardableResult
    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }

    var value: Int { count.withLock { $0 } }
}
