import Logging

/// What running a recovery (a chosen option's action, or a rule's take-over) came to; also how any
/// ``Race`` ended.
package enum RecoveryRunOutcome: Sendable {
    case finished(RecoveryOutcome)
    /// The action threw; its error is handled as a new error.
    case failed(any Error)
    case timedOut
    /// The caller was cancelled while it waited; the action goes on for the others.
    case cancelled
    /// The caller came after the answer while the action ran, and didn't wait: it may be the action's
    /// own work, which would wait on itself.
    case alreadyRunning

    package var name: String {
        switch self {
        case .finished(let outcome): "\(outcome)"
        case .failed: "failed"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .alreadyRunning: "alreadyRunning"
        }
    }
}

/// The callers of one coalesced presentation, who share one run of the chosen option's action.
///
/// The runner runs the action at most once per group and hands every caller its result. The group also
/// keeps the coalescing window, which ends a window's length after the answer or after the action
/// finished, whichever is later. Copies share one state.
package struct RecoveryGroup: Sendable {
    private enum Run {
        case notStarted
        case running(Task<RecoveryRunOutcome, Never>)
        case finished(RecoveryRunOutcome)
    }

    private struct State: Sendable {
        let timeline: Timeline
        let window: Duration
        var run = Run.notStarted
        /// `nil` while the window isn't open.
        var windowEnd: Duration?

        var windowEndFromNow: Duration {
            window > .zero ? timeline.deadline(after: window) : .zero
        }
    }

    /// Unique within a root; `0` for answers given by a closed scheduler.
    package let id: UInt64
    private let state: LockedValue<State>

    init(id: UInt64, timeline: Timeline, window: Duration) {
        self.id = id
        self.state = LockedValue(State(timeline: timeline, window: window))
    }

    // The clock is read with the group's lock held: the clock doesn't know this lock.

    func openWindow() {
        state.withLock { $0.windowEnd = $0.windowEndFromNow }
    }

    /// Never while the action runs.
    var isWindowOver: Bool {
        state.withLock { state in
            if case .running = state.run { return false }
            guard let end = state.windowEnd else { return false }
            return state.window <= .zero || state.timeline.now >= end
        }
    }

    enum Lookup {
        case running(Task<RecoveryRunOutcome, Never>, isStarted: Bool)
        case finished(RecoveryRunOutcome)
    }

    /// The running or finished run of the group's action, or the one `start` makes.
    func run(_ start: () -> Task<RecoveryRunOutcome, Never>) -> Lookup {
        state.withLock { state in
            switch state.run {
            case .finished(let result):
                return .finished(result)
            case .running(let task):
                return .running(task, isStarted: false)
            case .notStarted:
                let task = start()
                state.run = .running(task)
                return .running(task, isStarted: true)
            }
        }
    }

    /// The first time only, so that callers who join later don't stretch the window.
    func finished(_ result: RecoveryRunOutcome) {
        state.withLock { state in
            if case .finished = state.run { return }
            state.run = .finished(result)
            state.windowEnd = state.windowEndFromNow
        }
    }
}

/// Runs a chosen option's action once per coalesced presentation, and a rule's take-over once at a time
/// per rule; every caller gets the result. Work started inside a recovery knows it through a task local,
/// so that re-entrant calls never wait on themselves.
package struct RecoveryRunner: Sendable {
    private struct Running: Sendable {
        var groups: Set<UInt64> = []
        var takeOvers: Set<UInt64> = []
    }

    @TaskLocal private static var running = Running()

    package static var runningGroups: Set<UInt64> { running.groups }

    static func isRunningTakeOver(of rule: ErrorRule) -> Bool {
        running.takeOvers.contains(rule.identity)
    }

    let clock: any Clock<Duration>
    let timeout: Duration
    private let takeOvers = LockedValue<[UInt64: (token: UInt64, task: Task<RecoveryRunOutcome, Never>)]>([:])
    private let tokens = LockedValue<UInt64>(0)

    package init(clock: any Clock<Duration>, timeout: Duration) {
        self.clock = clock
        self.timeout = timeout
    }

    /// The result of an option whose action only returns its outcome (OK, Cancel, Try Again), recorded
    /// for the group; `nil` for an option whose action runs.
    package func recoverAtOnce(_ option: RecoveryOption, for group: RecoveryGroup) -> RecoveryRunOutcome? {
        guard let outcome = option.constantOutcome else { return nil }
        let result = RecoveryRunOutcome.finished(outcome)
        group.finished(result)
        return result
    }

    /// Runs the chosen option's action for a group, once: a caller that comes later gets the same result.
    ///
    /// A caller that came after the answer passes `waitsForRunningAction: false`: it may be part of the
    /// running action's own work (a detached task, a callback, which the task-local ``runningGroups`` doesn't
    /// reach), so it is answered ``RecoveryRunOutcome/alreadyRunning``.
    package func recover(
        _ option: RecoveryOption,
        for group: RecoveryGroup,
        waitsForRunningAction: Bool = true
    ) async -> RecoveryRunOutcome {
        if let result = recoverAtOnce(option, for: group) { return result }
        var running = Self.running
        running.groups.insert(group.id)
        let run = group.run {
            Task { [running, self] in
                let result = await Self.$running.withValue(running) {
                    await perform { try await option.perform() }
                }
                group.finished(result)
                return result
            }
        }
        switch run {
        case .finished(let result): return result
        case .running(let task, let isStarted):
            return isStarted || waitsForRunningAction ? await waitCancellably(for: task) : .alreadyRunning
        }
    }

    /// Runs a rule's take-over handler, shared by the other errors the rule takes over meanwhile. The caller
    /// checks ``isRunningTakeOver(of:)`` first: inside the rule's own take-over, waiting would never end.
    func takeOver(
        by rule: ErrorRule,
        logger: Logger,
        _ handler: @escaping @Sendable () async throws -> RecoveryOutcome
    ) async -> RecoveryRunOutcome {
        var running = Self.running
        running.takeOvers.insert(rule.identity)
        let ruleID = rule.identity
        let token = tokens.withLock { token in
            token += 1
            return token
        }
        let (task, isShared) = takeOvers.withLock { runs -> (Task<RecoveryRunOutcome, Never>, Bool) in
            if let shared = runs[ruleID] { return (shared.task, true) }
            let task = Task { [running, self] in
                let result = await Self.$running.withValue(running) { await perform(handler) }
                takeOvers.withLock { runs in
                    if runs[ruleID]?.token == token { runs[ruleID] = nil }
                }
                return result
            }
            runs[ruleID] = (token, task)
            return (task, false)
        }
        if isShared {
            logger.debug("Waiting for a running take-over", metadata: ["rule": "\(rule.name)"])
        }
        return await waitCancellably(for: task)
    }

    private func perform(_ work: @escaping @Sendable () async throws -> RecoveryOutcome) async -> RecoveryRunOutcome {
        await Race.run(timeout: timeout, clock: clock) {
            do {
                return .finished(try await work())
            } catch {
                return .failed(error)
            }
        }
    }

    /// Waits for a shared run; a cancelled caller stops waiting while the run goes on for the others.
    private func waitCancellably(for task: Task<RecoveryRunOutcome, Never>) async -> RecoveryRunOutcome {
        await Race.run(timeout: nil, clock: clock) { await task.value }
    }
}
