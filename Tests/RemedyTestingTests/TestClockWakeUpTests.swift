import Foundation
import RemedyTesting
import Testing

/// A waiter that checks its condition at the very moment a sleep starts is still woken once the sleeper is
/// there: what `waitForSleepers(1)` right after `waitForPresentations` meets when the watchdog starts to sleep.
@Suite(.timeLimit(.minutes(10)))
struct TestClockWakeUpTests {
    @Test func aWaiterThatChecksWhileTheSleepStartsIsAnswered() async throws {
        let clock = TestClock()
        let executor = HandoffExecutor()
        let answered = LockedValue<Bool?>(nil)
        // The waiter's steps run inside the call that wakes it (see `HandoffExecutor`): it checks the count
        // of sleepers after the sleep was requested, before or after the sleeper is registered as the
        // clock's own signals decide, never by chance.
        let waiter = Task(executorPreference: executor) {
            let found = await clock.waitForSleepers(1)
            answered.withLock { $0 = found }
        }
        // Made on the same kind of executor, so it returns once the sleep has started: requested, the
        // sleeper registered, and every waiter told.
        let sleeper = Task(executorPreference: executor) { try await clock.sleep(for: .seconds(1)) }
        #expect(clock.sleeperCount == 1)
        #expect(answered.withLock { $0 } == true, "the waiter was never told the sleeper is there")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        // A waiter left waiting ends through its cancellation handler, which must not wait for the job.
        executor.stopWaitingForJobs()
        waiter.cancel()
        await waiter.value
    }
}

/// Runs each job of a task that prefers it on a thread of its own, and returns only once the job has run:
/// the task's steps happen inside the call that resumed it, before that call goes on.
private final class HandoffExecutor: TaskExecutor {
    private let waitsForJobs = LockedValue(true)

    /// From now on, returns without waiting for the job: a cancellation handler resumes the task while
    /// the runtime holds the task's lock, which the job needs.
    func stopWaitingForJobs() {
        waitsForJobs.withLock { $0 = false }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let done = DispatchSemaphore(value: 0)
        Thread {
            job.runSynchronously(on: executor)
            done.signal()
        }.start()
        if waitsForJobs.withLock({ $0 }) { done.wait() }
    }
}
