/// The root's scheduler of presentations: decides what is shown when and answers every caller with the
/// option chosen; the ``RecoveryRunner`` runs that option's action.
///
/// - Alerts, routes and fatal errors are shown one at a time, the most severe first, then in order of
///   arrival; banners at once, alongside. A fatal presentation preempts a less severe one being shown.
/// - A presentation whose ``PresentationIdentity`` equals one waiting, showing or visible joins it: shown
///   once, every caller gets the same answer and ``RecoveryGroup``, so the action runs once.
/// - Within the coalescing window after an answer, an identical presentation gets the same answer at
///   once, unless its caller runs inside that answer's recovery or must be shown again. Never for fatal ones.
/// - Every caller is answered, whatever the presenter does, by the fallback option where nobody chose.
///
/// All state is one value (`Machine`) behind one lock. Resuming callers, cancelling tasks (which runs
/// their cancellation handlers in this thread) and publishing ``state`` happen after the lock is released.
package final class PresentationScheduler: Sendable {
    /// A caller's place, from ``enter(_:reusesRecentAnswer:runningGroups:)`` until ``answer(_:)``, once.
    package struct Ticket: Sendable {
        let waiter: UInt64
    }

    package let state: PresentationState
    let presenter: any ErrorPresenter
    let timeline: Timeline
    let presenterTimeout: Duration
    let bannerDuration: Duration
    let coalescingWindow: Duration
    private let machine = LockedValue(Machine())

    package init(
        presenter: any ErrorPresenter,
        clock: any Clock<Duration>,
        presenterTimeout: Duration,
        bannerDuration: Duration,
        coalescingWindow: Duration,
        state: PresentationState = PresentationState()
    ) {
        self.presenter = presenter
        self.timeline = Timeline(clock)
        self.presenterTimeout = presenterTimeout
        self.bannerDuration = bannerDuration
        self.coalescingWindow = coalescingWindow
        self.state = state
    }

    /// Enters a presentation, or joins an identical one, without waiting, so entries keep arrival order.
    ///
    /// `reusesRecentAnswer` is `false` for a caller whose earlier failure was already answered: the person
    /// sees the repeated failure instead of "Try Again" being chosen for them again. Answers of
    /// `runningGroups` (the recoveries the caller runs inside) are never reused for it.
    package func enter(
        _ presentation: Presentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: Set<UInt64> = []
    ) -> Ticket {
        let identity = PresentationIdentity(presentation)
        return update { machine, effects in
            enter(
                presentation,
                identity: identity,
                reusesRecentAnswer: reusesRecentAnswer,
                runningGroups: runningGroups,
                &machine,
                &effects
            )
        }
    }

    /// Waits for the answer. Cancellation answers with the fallback option and withdraws a blocking
    /// presentation nobody else waits for.
    package func answer(_ ticket: Ticket) async -> Answer {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let ready = update { machine, _ in machine.wait(ticket.waiter, continuation) }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            // The lock is taken here and now: the scheduler never cancels a task while it holds it.
            update { machine, effects in cancel(waiter: ticket.waiter, &machine, &effects) }
        }
    }

    package func present(
        _ presentation: Presentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: Set<UInt64> = []
    ) async -> Answer {
        guard !Task.isCancelled else { return unshown(presentation, .cancelled) }
        return await answer(
            enter(presentation, reusesRecentAnswer: reusesRecentAnswer, runningGroups: runningGroups))
    }

    /// The fallback answer to a caller whose presentation never joined an entry.
    func unshown(_ presentation: Presentation, _ resolution: Resolution) -> Answer {
        Answer(fallbackFor: presentation, resolution, group: RecoveryGroup(id: 0, timeline: timeline, window: .zero))
    }

    /// Withdraws everything and answers every caller, now and later, with the fallback option.
    package func close() {
        update { machine, effects in close(&machine, &effects) }
    }

    // MARK: - The lock, and what is done after it

    /// What a step asks to be done once the lock is released.
    struct Effects {
        var resumes: [(CheckedContinuation<Answer, Never>, Answer)] = []
        var cancels: [Task<Void, Never>] = []
        var isStateChanged = false
        /// Started after `cancels`: a preempted presentation leaves before the next one is shown.
        var starts: [(entry: UInt64, presentation: Presentation)] = []
        /// Released after the lock: an option's action may hold the last reference to the root scope,
        /// whose release closes the scheduler.
        var released: [Machine.Entry] = []
    }

    /// Runs a step with the lock held, then its effects. The state snapshot is taken under the lock and
    /// numbered, so an older one published late is ignored.
    @discardableResult
    func update<Result>(_ step: (inout Machine, inout Effects) -> Result) -> Result {
        var (result, effects, snapshot) = machine.withLock { machine in
            var effects = Effects()
            let result = step(&machine, &effects)
            let snapshot = effects.isStateChanged ? machine.snapshot() : nil
            return (result, effects, snapshot)
        }
        if let snapshot { state.publish(snapshot) }
        for task in effects.cancels { task.cancel() }
        for (continuation, answer) in effects.resumes { continuation.resume(returning: answer) }
        for (entry, presentation) in effects.starts {
            let task = startPresenter(presentation, entry: entry)
            update { machine, effects in
                // Answered another way meanwhile (timed out, withdrawn, preempted, closed): not needed.
                guard case .showing(nil, let timeout) = machine.entries[entry]?.state else {
                    effects.cancels.append(task)
                    return
                }
                machine.entries[entry]?.state = .showing(presenter: task, timeout: timeout)
            }
        }
        effects = Effects()
        return result
    }

    // MARK: - Tasks

    /// Detached: the caller's cancellation and task-locals are not the presenter's. Weak: a presenter
    /// that never returns leaves only this task behind, not the scheduler.
    func startPresenter(_ presentation: Presentation, entry: UInt64) -> Task<Void, Never> {
        Task.detached { [weak self, presenter] in
            let result: Result<RecoveryOption?, any Error>
            do {
                switch try presenter.immediateAnswer(to: presentation) {
                case .answered(let option):
                    result = .success(option)
                case .needsWaiting:
                    self?.presenterWaits(entry: entry)
                    result = .success(try await presenter.present(presentation))
                }
            } catch {
                result = .failure(error)
            }
            self?.presenterAnswered(entry: entry, result)
        }
    }

    private func presenterWaits(entry: UInt64) {
        update { machine, effects in presenterWaits(entry: entry, &machine, &effects) }
    }

    private func presenterAnswered(entry: UInt64, _ result: Result<RecoveryOption?, any Error>) {
        update { machine, effects in presenterAnswered(entry: entry, result, &machine, &effects) }
    }

    private func watchdogWoke(_ watchdog: UInt64) -> Duration? {
        update { machine, effects in watchdogWoke(watchdog, &machine, &effects) }
    }

    /// One task per scheduler sleeps until the earliest deadline; an earlier deadline replaces it.
    func armWatchdog(_ machine: inout Machine, _ effects: inout Effects) {
        guard !machine.isClosed, let deadline = machine.nextDeadline else { return }
        if let watchdog = machine.watchdog {
            if watchdog.target <= deadline { return }
            effects.cancels.append(watchdog.task)
        }
        let id = machine.makeID()
        // Weak: a watchdog sleeping until a deadline far off must not keep a released scheduler.
        let task = Task.detached { [weak self, timeline] in
            var target = deadline
            while true {
                do {
                    try await timeline.sleep(until: target)
                } catch {
                    return
                }
                guard let next = self?.watchdogWoke(id) else { return }
                target = next
            }
        }
        machine.watchdog = Machine.Watchdog(id: id, task: task, target: deadline)
    }
}
