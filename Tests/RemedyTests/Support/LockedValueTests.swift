import Remedy
import Testing

/// The lock box keeps its value and its mutex in one allocation, through unsafe pointers into a
/// `ManagedBuffer`: these tests would catch a box that doesn't exclude, doesn't unlock, or leaks.
@Suite(.timeLimit(.minutes(10)))
struct LockedValueTests {
    @Test func concurrentReadModifyWritesAreNeverLost() async {
        let box = LockedValue(0)
        let tasks = 8
        let increments = 20_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments {
                        // A read and a write apart: without mutual exclusion, increments get lost (and the
                        // thread sanitizer reports the race).
                        box.withLock { value in
                            let read = value
                            value = read + 1
                        }
                    }
                }
            }
        }
        #expect(box.withLock { $0 } == tasks * increments)
    }

    @Test func aPlainLockExcludesForStateKeptElsewhere() async {
        /// A counter kept in a property, guarded by a plain lock as the scheduler guards its state.
        final class Counter: @unchecked Sendable {
            // @unchecked: `value` is only touched with `lock` held.
            let lock = LockedValue<Void>()
            var value = 0
        }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<20_000 {
                        counter.lock.withLock {
                            let read = counter.value
                            counter.value = read + 1
                        }
                    }
                }
            }
        }
        #expect(counter.lock.withLock { counter.value } == 160_000)
    }

    @Test func aThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let box = LockedValue([1])
        #expect(throws: Refused.self) {
            try box.withLock { values in
                values.append(2)
                throw Refused()
            }
        }
        // A lock left locked would hang here until the time limit.
        #expect(box.withLock { $0 } == [1, 2])
    }

    @Test func copiesShareOneValue() {
        let box = LockedValue("first")
        let copy = box
        copy.withLock { $0 = "second" }
        #expect(box.withLock { $0 } == "second")
    }

    @Test func theValueIsReleasedWithTheBox() {
        final class Tracked: Sendable {}
        weak var released: Tracked?
        do {
            let tracked = Tracked()
            released = tracked
            let box = LockedValue<Tracked?>(tracked)
            #expect(box.withLock { $0 } === tracked)
        }
        #expect(released == nil)
    }

    @Test func aReplacedValueIsReleasedAtOnce() {
        final class Tracked: Sendable {}
        weak var released: Tracked?
        let box = LockedValue<Tracked?>(nil)
        do {
            let tracked = Tracked()
            released = tracked
            box.withLock { $0 = tracked }
        }
        #expect(released != nil)
        box.withLock { $0 = nil }
        #expect(released == nil)
    }
}
