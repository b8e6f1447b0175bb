import Remedy

/// A clock that only moves when a test tells it to: waits on it end when the test advances it.
///
/// Pass it to `ErrorScope.root(_:presenter:rules:catalog:localization:logger:clock:configuration:terminate:fileID:)`
/// and every backoff, timeout, banner and minimum duration becomes deterministic and instant:
///
/// ```swift
/// let clock = TestClock()
/// let root = ErrorScope.root(presenter: presenter, clock: clock)
/// let task = Task { await root.attempt("Loading") { try await api.load() } }
/// await clock.waitForSleepers(1)          // the first backoff started
/// #expect(clock.sleepRequests == [.milliseconds(250)])
/// clock.advance(by: .milliseconds(250))   // the retry runs
/// ```
///
/// Sleeping tasks that are cancelled end at once with `CancellationError`.
public final class TestClock: Clock, Sendable {
    /// A point in the test clock's time: how far it is from the clock's start.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant a duration later.
        ///
        /// - Parameter duration: The duration to add.
        /// - Returns: The later (or, for a negative duration, earlier) instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to another.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other - self`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as in `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper: Sendable {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage: Sendable {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextSleeper: UInt64 = 0
        var requests: [Duration] = []
    }

    private let storage = LockedValue(Storage())
    private let changes = ChangeSignal()

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant. It changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant {
        storage.withLock { $0.now }
    }

    /// The smallest step: none; any duration can be advanced.
    public var minimumResolution: Duration { .zero }

    /// Every sleep requested so far, as the duration from the request to its deadline, in order.
    public var sleepRequests: [Duration] {
        storage.withLock { $0.requests }
    }

    /// How many tasks are sleeping on the clock right now.
    public var sleeperCount: Int {
        storage.withLock { $0.sleepers.count }
    }

    /// The earliest deadline of a sleeping task, or `nil` when none sleeps.
    public var nextDeadline: Instant? {
        storage.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// Suspends until the clock is advanced to the deadline.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = storage.withLock { storage -> UInt64 in
            storage.requests.append(storage.now.duration(to: deadline))
            storage.nextSleeper += 1
            return storage.nextSleeper
        }
        changes.signal()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isDue = storage.withLock { storage -> Bool in
                    if deadline <= storage.now || Task.isCancelled { return true }
                    storage.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if isDue {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                } else {
                    // Now that the sleeper is there: a waiter that checked after the request's signal,
                    // before this, would otherwise never be told.
                    changes.signal()
                }
            }
        } onCancel: {
            let sleeper = storage.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
            changes.signal()
        }
        changes.signal()
    }

    /// Moves the clock forward and wakes every task whose deadline has come, earliest first.
    ///
    /// - Parameter duration: How far to move; negative durations are ignored.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: max(duration, .zero)))
    }

    /// Moves the clock to an instant and wakes every task whose deadline has come, earliest first.
    ///
    /// - Parameter instant: The new current instant; an instant in the past is ignored.
    public func advance(to instant: Instant) {
        let due = storage.withLock { storage -> [Sleeper] in
            guard instant > storage.now else { return [] }
            storage.now = instant
            let due = storage.sleepers.filter { $0.value.deadline <= instant }
            for id in due.keys { storage.sleepers.removeValue(forKey: id) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
        changes.signal()
    }

    /// Waits, without sleeping, until at least a number of tasks sleep on the clock.
    ///
    /// - Parameter count: How many sleepers to wait for.
    /// - Returns: `true` when they are there, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForSleepers(_ count: Int) async -> Bool {
        await changes.wait { sleeperCount >= count }
    }

    /// Waits, without sleeping, until at most a number of tasks sleep on the clock: for checking that
    /// work stopped (a released scope's timers were cancelled).
    ///
    /// - Parameter count: How many sleepers may be left.
    /// - Returns: `true` when no more are left, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForSleepers(atMost count: Int) async -> Bool {
        await changes.wait { sleeperCount <= count }
    }

    /// Waits, without sleeping, until a sleep of a duration has been requested.
    ///
    /// - Parameter duration: The duration from the request to the deadline, as in ``sleepRequests``.
    /// - Returns: `true` when it was requested, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForSleepRequest(of duration: Duration) async -> Bool {
        await changes.wait { sleepRequests.contains(duration) }
    }

    /// Waits, without sleeping, until at least a number of sleeps have been requested in all.
    ///
    /// - Parameter count: How many requests to wait for.
    /// - Returns: `true` when they were made, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForSleepRequests(_ count: Int) async -> Bool {
        await changes.wait { sleepRequests.count >= count }
    }
}
