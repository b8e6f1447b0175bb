/// A clock seen as durations since a fixed start, so deadlines on an `any Clock<Duration>` can be stored,
/// compared and waited for without knowing the clock's instant type, and without a closure per deadline.
struct Timeline: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self.init(opening: clock)
    }

    private init<C: Clock<Duration>>(opening clock: C) {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }

    var now: Duration { elapsed() }

    func deadline(after duration: Duration) -> Duration {
        now + duration
    }

    func sleep(until deadline: Duration) async throws {
        try await sleeper(deadline)
    }
}
