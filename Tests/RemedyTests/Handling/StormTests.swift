import Remedy
import RemedyTesting
import Testing

/// Scenario 8 at full size: 10,000 errors from 1,000 concurrent tasks.
@Suite(.timeLimit(.minutes(10)))
struct StormTests {
    struct StormError: Error {
        var id: Int
    }

    @Test func tenThousandErrorsFromAThousandTasksAreCoalescedAnsweredAndLoggedOnce() async throws {
        let harness = HandlingHarness(otherwise: .held(.role(.cancel)))
        let outcomes = LockedList<HandlingOutcome>()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<1_000 {
                group.addTask {
                    let scope = harness.scope.child("Request \(task)")
                    let handling = (0..<10).map { index in scope.handle(StormError(id: task * 10 + index)) }
                    for handled in handling { outcomes.append(await handled.value) }
                }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 10_000 }
            harness.presenter.release()
        }
        #expect(harness.presentations.count == 1)
        #expect(outcomes.values.count == 10_000)
        #expect(outcomes.values.count { $0 == .gaveUp } == 1)
        #expect(outcomes.values.count { $0 == .coalesced } == 9_999)
        let logged = harness.logs.handledErrors
        #expect(logged.count == 10_000)
        #expect(harness.logs.entries.count { $0.isReceived } == 10_000)
        #expect(Set(logged.map(\.message)).count == 10_000)
        #expect(logged.count { $0.outcome == .coalesced } == 9_999)
        #expect(logged.allSatisfy { $0["occurrences"] == "10000" })
        #expect(harness.scope.state.current == nil)
    }

    @Test func attemptsInAStormAllRetryAfterOneTryAgain() async {
        let harness = HandlingHarness(answers: [.held(.title("Try Again"))])
        let healthy = LockedValue(false)
        let values = LockedList<Int>()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<300 {
                group.addTask {
                    let value = await harness.scope.attempt("Loading item") {
                        guard healthy.withLock({ $0 }) else { throw HTTPStatusError(status: 503) }
                        return index
                    }
                    if let value { values.append(value) }
                }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 300 }
            healthy.withLock { $0 = true }
            harness.presenter.release()
        }
        #expect(values.values.count == 300)
        #expect(harness.presentations.count == 1)
        #expect(harness.record(of: "Loading item").retries == 300)
    }
}
