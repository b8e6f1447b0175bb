import Testing

@testable import Remedy

/// The counter behind the scheduler's arrivals and waiter IDs: an atomic on this platform, a lock box
/// elsewhere. Lost or duplicated increments would let an answer skip waiting for an arrival, or give two
/// waiting callers one ID.
@Suite(.timeLimit(.minutes(1)))
struct SharedCounterTests {
    @Test func startsAtZeroAndAddsAndSubtracts() {
        let counter = SharedCounter.make()
        #expect(counter.load() == 0)
        #expect(counter.add(1) == 1)
        #expect(counter.add(2) == 3)
        #expect(counter.add(-3) == 0)
        #expect(counter.load() == 0)
    }

    @Test func wrapsAroundInsteadOfTrapping() {
        let counter = SharedCounter.make()
        counter.add(Int.max)
        #expect(counter.add(1) == Int.min)
    }

    @Test func concurrentIncrementsAreNeverLostNorShared() async {
        let counter = SharedCounter.make()
        let tasks = 8
        let increments = 10_000
        let seen = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    (0..<increments).map { _ in counter.add(1) }
                }
            }
            var seen: [Int] = []
            for await values in group { seen += values }
            return seen
        }
        #expect(counter.load() == tasks * increments)
        // Each increment returned a value no other one did: unique waiter IDs.
        #expect(Set(seen).count == tasks * increments)
    }
}
