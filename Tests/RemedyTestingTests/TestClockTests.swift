import RemedyTesting
import Testing

@Suite(.timeLimit(.minutes(10)))
struct TestClockTests {
    @Test func sleeperWakesOnlyWhenTheClockReachesItsDeadline() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await task.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(2))
        #expect(clock.sleepRequests == [.seconds(2)])
    }

    @Test func cancelledSleeperEndsWithCancellationError() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepUntilThePastReturnsAtOnce() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
        #expect(clock.sleeperCount == 0)
        #expect(clock.sleepRequests == [.seconds(-4)])
    }

    @Test func advancingIntoThePastIsIgnored() {
        let clock = TestClock()
        clock.advance(by: .seconds(3))
        clock.advance(to: TestClock.Instant(offset: .seconds(1)))
        clock.advance(by: .seconds(-10))
        #expect(clock.now.offset == .seconds(3))
    }

    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = TestClock()
        let order = LockedValue<[Int]>([])
        let late = Task {
            try await clock.sleep(for: .seconds(3))
            order.withLock { $0.append(3) }
        }
        await clock.waitForSleepers(1)
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            order.withLock { $0.append(1) }
        }
        await clock.waitForSleepers(2)
        #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
        clock.advance(by: .seconds(1))
        try await early.value
        clock.advance(by: .seconds(2))
        try await late.value
        #expect(order.withLock { $0 } == [1, 3])
    }
}
