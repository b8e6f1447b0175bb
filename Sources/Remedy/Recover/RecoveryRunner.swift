import Logging

/// What running a recovery (a chosen option's action, or a rule's take-over) came to.
package enum RecoveryRunOutcome: Sendable {
    /// The action finished with an outcome.
    case finished(RecoveryOutcome)
    /// The action threw; its error is handled as a new error.
    case failed(any Error)
    /// The action did not finish within the recovery timeout; it counts as not recovered.
    case timedOut
    /// The caller was cancelled while it waited; the action goes on for the others.
    case cancelled
    /// The caller came after the answer while the action was running, and didn't wait for it: it may be
    /// the action's own work, which would wait on itself.
    case alreadyRunning

    /// A short name for logs.
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
/// The scheduler makes one per presentation; the runner runs the action at most once per group and hands
/// every caller its result. The group also keeps the presentation's coalescing window: it ends a window's
/// length after the answer and after the action finished, whichever is later.
///
/// Copies of a group are the same group: they share its state (one allocation per presentation).
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
        /// When the coalescing window ends, on the scheduler's timeline; `nil` while it isn't open.
        var windowEnd: Duration?

        /// When a window opened now ends. Without a window the clock isn't read: a window of zero is
        /// over as soon as it opens.
        var windowEndFromNow: Duration {
            window > .zero ? timeline.deadline(after: window) : .zero
        }
    }

    /// Unique within a root; `0` for the groups of answers given by a closed scheduler.
    package let id: UInt64
    private let state: LockedValue<State>

    init(id: UInt64, timeline: Timeline, window: Duration) {
        self.id = id
        self.state = LockedValue(State(timeline: timeline, window: window))
    }

    // The clock is read with the group's lock held: the clock doesn't know this lock.

    /// Starts (or restarts) the coalescing window now.
    func openWindow() {
        state.withLock { $0.windowEnd = $0.windowEndFromNow }
    }

    /// Whether the coalescing window has ended. Never while the action runs.
    var isWindowOver: Bool {
        state.withLock { state in
            if case .running = state.run { return false }
            guard let end = state.windowEnd else { return false }
            return state.window <= .zero || state.timeline.now >= end
        }
    }

    /// Where a caller finds the group's one run.
    enum Lookup {
        /// The run, and whether this caller started it.
        case running(Task<RecoveryRunOutcome, Never>, isStarted: Bool)
        case finished(RecoveryRunOutcome)
    }

    /// The one run of the group's action: the running or finished one, or the one `start` makes.
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

    /// Records the run's result and restarts the window, the first time only: callers that join later
    /// don't stretch the window.
    func finished(_ result: RecoveryRunOutcome) {
        state.withLock { state in
            if case .finished = state.run { return }
            state.run = .finished(result)
            state.windowEnd = state.windowEndFromNow
        }
    }
}

/// Runs recoveries: a chosen option's action once per coalesced presentation, and a rule's take-over
/// once at a time per rule. Every caller gets the result.
///
/// Re-entrant calls never wait on themselves: work started inside a recovery knows it through a task
/// local, so an identical presentation made there isn't answered with that recovery's own answer, and a
/// failure that the same rule would take over again is passed on instead.
package struct RecoveryRunner: Sendable {
    /// What the current task runs inside of, directly or through tasks it started.
    private struct Running: Sendable {
        var groups: Set<UInt64> = []
        var takeOvers: Set<UInt64> = []
    }

    @TaskLocal private static var running = Running()

    /// The recovery groups whose action the current task runs inside of.
    package static var runningGroups: Set<UInt64> { running.groups }

    /// Whether the current task runs inside a take-over of the rule.
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

    /// The result of an option whose action does nothing but return its outcome (OK, Cancel, Try Again),
    /// recorded for the group as ``recover(_:for:)`` records it; `nil` for an option whose action runs.
    ///
    /// Synchronous: a caller that asks this first calls the async ``recover(_:for:)`` (an async frame of
    /// its own) only for actions that really run.
    package func recoverAtOnce(_ option: RecoveryOption, for group: RecoveryGroup) -> RecoveryRunOutcome? {
        guard let outcome = option.constantOutcome else { return nil }
        // Nothing runs, so nothing to share or wait for.
        let result = RecoveryRunOutcome.finished(outcome)
        group.finished(result)
        return result
    }

    /// Runs the chosen option's action for a group, once: a caller that comes later gets the same result.
    ///
    /// - Parameter waitsForRunningAction: Whether the caller waits for the action when it is already
    ///   running. A caller that came after the answer passes `false`: nothing tells whether it is part of
    ///   that action's own work (a detached task, a callback), which the task-local ``runningGroups``
    ///   only knows when the work inherits it, so it is answered ``RecoveryRunOutcome/alreadyRunning``.
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

    /// Runs a rule's take-over handler. While it runs, other errors the same rule takes over share it.
    ///
    /// The caller checks ``isRunningTakeOver(of:)`` first: inside this rule's own take-over, waiting for
    /// it would never end.
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
        switch await Race.run(timeout: timeout, clock: clock, { await captureResult(work) }) {
        case .value(.success(let outcome)): .finished(outcome)
        case .value(.failure(let error)): .failed(error)
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        }
    }

    /// Waits for a shared run; a cancelled caller stops waiting while the run goes on for the others.
    private func waitCancellably(for task: Task<RecoveryRunOutcome, Never>) async -> RecoveryRunOutcome {
        switch await Race.run(timeout: nil, clock: clock, { await task.value }) {
        case .value(let result): result
        case .timedOut, .cancelled: .cancelled
        }
    }
}
