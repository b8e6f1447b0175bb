import RemedyTesting
import Testing

@testable import Remedy

/// A clock seen as durations since the timeline was made: what the scheduler's deadlines and the
/// coalescing windows are measured on.
@Suite(.timeLimit(.minutes(10)))
struct TimelineTests {
    @Test func nowAndDeadlinesCountFromTheTimelinesStart() {
        let clock = TestClock()
        clock.advance(by: .seconds(100))
        let timeline = Timeline(clock)
        #expect(timeline.now == .zero)
        clock.advance(by: .seconds(5))
        #expect(timeline.now == .seconds(5))
        #expect(timeline.deadline(after: .seconds(2)) == .seconds(7))
    }

    @Test func sleepingEndsWhenTheClockReachesTheDeadline() async throws {
        let clock = TestClock()
        let timeline = Timeline(clock)
        let woke = LockedValue(false)
        let sleeper = Task {
            try await timeline.sleep(until: .seconds(3))
            woke.withLock { $0 = true }
        }
        await clock.waitForSleepRequest(of: .seconds(3))
        clock.advance(by: .seconds(2))
        #expect(!woke.withLock { $0 })
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.withLock { $0 })
    }

    @Test func sleepingEndsWithTheTasksCancellation() async {
        let clock = TestClock()
        let timeline = Timeline(clock)
        let sleeper = Task { try await timeline.sleep(until: .seconds(60)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    // MARK: - Coalescing windows on the timeline

    @Test func aWindowEndsWhenTheClockReachesItsEnd() {
        let clock = TestClock()
        let group = RecoveryGroup(id: 1, timeline: Timeline(clock), window: .seconds(1))
        #expect(!group.isWindowOver, "a window that never opened isn't over")
        group.openWindow()
        clock.advance(by: .milliseconds(999))
        #expect(!group.isWindowOver)
        clock.advance(by: .milliseconds(1))
        #expect(group.isWindowOver)
        // The action's result restarts the window, once.
        group.finished(.finished(.recovered))
        #expect(!group.isWindowOver)
        clock.advance(by: .milliseconds(500))
        group.finished(.finished(.recovered))
        clock.advance(by: .milliseconds(500))
        #expect(group.isWindowOver, "a later report doesn't stretch the window")
    }

    @Test func withoutAWindowAnAnswerIsOverAtOnce() {
        let group = RecoveryGroup(id: 1, timeline: Timeline(TestClock()), window: .zero)
        #expect(!group.isWindowOver)
        group.finished(.finished(.notRecovered))
        #expect(group.isWindowOver)
    }

    @Test func copiesOfAGroupAreOneGroup() {
        let clock = TestClock()
        let group = RecoveryGroup(id: 7, timeline: Timeline(clock), window: .seconds(1))
        let copy = group
        copy.finished(.finished(.recovered))
        clock.advance(by: .seconds(1))
        #expect(group.isWindowOver)
        #expect(copy.id == 7)
    }
}
