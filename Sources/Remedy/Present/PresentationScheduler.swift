/// The root's scheduler of presentations. It only schedules: it decides what is shown when, and answers
/// every caller with the option chosen; the ``RecoveryRunner`` runs that option's action.
///
/// - **One at a time.** Alerts, routes and fatal errors are shown one after another, the most severe
///   first, then in the order they were entered; banners are shown at once, alongside, and go away after
///   the banner duration. A fatal presentation doesn't wait: a less severe one being shown is dismissed
///   (its callers get its fallback option, resolution ``Resolution/preempted``).
/// - **Coalesced only when identical.** A presentation whose ``PresentationIdentity`` equals one that is
///   waiting, showing or (for a banner) visible joins it: it is shown once, its
///   ``Presentation/occurrences`` counts every caller, and every caller gets the same answer and the same
///   ``RecoveryGroup``, so the action runs once.
/// - **Answered once per burst.** After a presentation is answered (a banner too, while visible), an
///   identical one that arrives within the coalescing window gets the same answer at once, unless the
///   caller runs inside that answer's own recovery or says it must be shown again; otherwise it is shown.
///   The window ends `coalescingWindow` after the answer and after its recovery finished, whichever is
///   later. Fatal presentations never reuse an answer.
/// - **Never stuck.** A presenter that throws, answers with an option that isn't part of the
///   presentation, returns `nil`, or doesn't answer within the presenter timeout; a caller that is
///   cancelled; the scheduler closing — each answers every caller, with the fallback option where nobody
///   chose.
///
/// All of its state is one value (`Machine`, in `PresentationScheduler+State.swift`) behind one lock;
/// each entry's phase is one enum. What must not happen with the lock held — resuming callers,
/// cancelling tasks (which runs their cancellation handlers in this thread), telling observers of
/// ``state`` — is collected while it is held and done after. Two kinds of task run besides the callers':
/// one per presentation, which hands it to the presenter, and one watchdog per scheduler, which sleeps on
/// the injected clock until the earliest deadline (a presenter timeout, a banner's dismissal).
package final class PresentationScheduler: Sendable {
    /// A caller's place among the callers of a presentation, from ``enter(_:reusesRecentAnswer:runningGroups:)``
    /// until its answer is taken with ``answer(_:)``, exactly once.
    package struct Ticket: Sendable {
        let waiter: UInt64
    }

    /// The observable view of what is shown.
    package let state: PresentationState
    let presenter: any ErrorPresenter
    let timeline: Timeline
    let presenterTimeout: Duration
    let bannerDuration: Duration
    let coalescingWindow: Duration
    private let machine = LockedValue(Machine())

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - presenter: Shows the presentations.
    ///   - clock: The clock of every timeout, of banner dismissal and of the coalescing window.
    ///   - presenterTimeout: How long the presenter may wait for an answer before the fallback option is
    ///     used.
    ///   - bannerDuration: How long a banner stays in ``state`` before it goes away by itself.
    ///   - coalescingWindow: How long an answer is reused for identical presentations; `.zero` turns it
    ///     off.
    ///   - state: The observable state to update.
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

    /// Enters a presentation, or joins an identical one, without waiting: presentations entered one
    /// after the other are shown in that order (among equally severe ones).
    ///
    /// - Parameters:
    ///   - presentation: The presentation to show, its style chosen.
    ///   - reusesRecentAnswer: Whether an identical presentation answered within the coalescing window
    ///     may answer this one. A caller whose earlier failure was already answered passes `false`, so
    ///     the person sees the repeated failure instead of "Try Again" being chosen for them again.
    ///   - runningGroups: The recovery groups whose action the caller runs inside; their answers are
    ///     never reused for it (``RecoveryRunner/runningGroups``).
    /// - Returns: The ticket to wait for the answer with; pass it to ``answer(_:)`` once.
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

    /// Waits for the answer to an entered presentation.
    ///
    /// Always returns. Cancelling the calling task answers it at once with the fallback option; when no
    /// caller of a blocking presentation is left, the presentation is withdrawn.
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

    /// Shows a presentation (or joins an identical one) and waits for the answer: ``enter(_:reusesRecentAnswer:runningGroups:)``,
    /// then ``answer(_:)``.
    package func present(
        _ presentation: Presentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: Set<UInt64> = []
    ) async -> Answer {
        // A caller that has already left is never shown.
        guard !Task.isCancelled else {
            let group = RecoveryGroup(id: 0, timeline: timeline, window: .zero)
            return Answer(
                option: presentation.fallbackOption, resolution: .cancelled, isCoalesced: false,
                presentation: presentation, group: group)
        }
        return await answer(
            enter(presentation, reusesRecentAnswer: reusesRecentAnswer, runningGroups: runningGroups))
    }

    /// Closes the scheduler: withdraws every presentation, answers every caller with the fallback option
    /// (resolution ``Resolution/closed``), and answers later callers the same way at once.
    package func close() {
        update { machine, effects in close(&machine, &effects) }
    }

    // MARK: - The lock, and what is done after it

    /// What a step asks to be done once the lock is released.
    struct Effects {
        var resumes: [(CheckedContinuation<Answer, Never>, Answer)] = []
        var cancels: [Task<Void, Never>] = []
        /// Whether what ``state`` shows changed.
        var isStateChanged = false
        /// Presentations to hand to the presenter, each in a task started after the tasks above are
        /// cancelled: a presentation that was preempted is told to leave before the next one is shown.
        var starts: [(entry: UInt64, presentation: Presentation)] = []
        /// Entries the scheduler let go of, released only after the lock: their options' actions may
        /// hold the last reference to the root scope, whose release closes the scheduler.
        var released: [Machine.Entry] = []
    }

    /// Runs a step of the state machine with the lock held, then does what it asked for: publishes the
    /// state (a snapshot taken with the lock held, numbered so that an older one published late is
    /// ignored), cancels tasks and answers callers.
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

    /// Starts the task that hands a presentation to the presenter and gives its answer.
    ///
    /// It ends when the presenter answers; the scheduler cancels it when the presentation is answered
    /// another way (timeout, withdrawn, preempted, dismissed, closed). A presenter that ignores
    /// cancellation and never returns leaves only this task behind, not the scheduler. Detached: the
    /// caller's cancellation and task-local values are not the presenter's.
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

    /// Makes sure the watchdog wakes by the earliest deadline: presenter timeouts and banner dismissals.
    /// One task per scheduler sleeps until the earliest; an earlier deadline replaces it.
    func armWatchdog(_ machine: inout Machine, _ effects: inout Effects) {
        guard !machine.isClosed, let deadline = machine.nextDeadline else { return }
        if let watchdog = machine.watchdog {
            if watchdog.target <= deadline { return }
            effects.cancels.append(watchdog.task)
        }
        let id = machine.makeID()
        // Ends when no deadline is left; cancelled when an earlier deadline replaces it or the scheduler
        // closes. Weak: a watchdog sleeping until a deadline far off must not keep a released scheduler.
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
