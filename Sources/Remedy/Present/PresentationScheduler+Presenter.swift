// How `PresentationScheduler` hands a presentation to the presenter (in the caller's thread or a task
// of its own) and takes its answer.

extension PresentationScheduler {
    /// Hands a presentation to the presenter, and returns its presenter deadline for the watchdog, or `nil`
    /// when the caller starts the presenter: the watchdog is armed only if the presenter has to wait.
    /// A sleep on the clock, even cancelled, keeps its timer until its deadline (the runtime's, 800 bytes),
    /// so a presentation answered at once by a root that is then released must start none.
    ///
    /// The first entry shown while a caller enters is started by that caller once it leaves the lock
    /// (``startPresenter(_:_:)``), in the caller's thread; any other in a task that starts later, which
    /// asks ``ErrorPresenter/immediateAnswer(to:)`` first and ``ErrorPresenter/present(_:)`` when the
    /// presenter has to wait.
    ///
    /// The presenter's task answers the entry; the watchdog answers it at the deadline when the presenter
    /// hasn't, and `finish` cancels the task. A presenter that ignores cancellation and never returns
    /// leaves only its own task behind.
    func ask(_ entry: Entry) -> Duration? {
        // A copy in the task's closure context, where the presenter borrows it: read from the shared box
        // across the call, it would be copied into the task's async frame, which then needs a slab of
        // its own (a malloc per presentation).
        let deadline = timeline.deadline(after: max(presenterTimeout, .zero))
        if isEntering, startedByCaller == nil {
            startedByCaller = entry
            entry.phase = .showing(nil, presenterDeadline: deadline)
            return nil
        }
        let presentation = entry.snapshot().value
        let entryID = entry.id
        let task = Task.detached { [presenter] in
            let result = await Self.answer(of: presenter, to: presentation)
            self.deliver(result, to: entryID, waitingForArrivals: false)
        }
        entry.phase = .showing(task, presenterDeadline: deadline)
        return deadline
    }

    /// Hands the presenter an entry its caller made, without the lock held, in the caller's thread.
    ///
    /// A presenter that answers at once (``ErrorPresenter/immediateAnswer(to:)``) is answered here, with
    /// no task (``answerAtOnce(_:_:)``). Otherwise the presenter's task starts, and runs in the caller's
    /// thread until it first suspends (`Task.immediateDetached`), so a `present(_:)` that returns without
    /// waiting costs no task switch. Its own task still, so the presenter isn't cancelled with the
    /// caller, and the watchdog can answer the callers of a presenter that never returns.
    ///
    /// An answer given while other handlings are on their way to the scheduler (``announceArrival()``)
    /// is given one turn of the executor later, as the answer of a presenter task that started later
    /// would be: identical errors handed in at the same moment still join and are counted.
    func startPresenter(_ entry: Entry, _ shown: SharedPresentation) {
        let answer: Result<RecoveryOption?, any Error>
        do {
            guard case .answered(let option) = try shown.immediateAnswer(from: presenter) else {
                startPresenterTask(entry, shown)
                return
            }
            answer = .success(option)
        } catch {
            answer = .failure(error)
        }
        answerAtOnce(entry, answer)
    }

    /// Gives an answer the presenter gave at once (``ErrorPresenter/immediateAnswer(to:)``), in the
    /// caller's thread, with no task of the presenter's own. While other handlings are on their way to the
    /// scheduler (``announceArrival()``), a task gives it one turn of the executor later, as the presenter's
    /// task does with an answer given at once in ``runPresenter(_:_:)``.
    ///
    /// The caller's cancellation isn't the presenter's: the answer is delivered whether or not the calling
    /// task is cancelled (its own cancellation handler answers that caller).
    private func answerAtOnce(_ entry: Entry, _ result: Result<RecoveryOption?, any Error>) {
        let entryID = entry.id
        let isGiven = lock.withLock {
            if arriving.withLock({ $0.onTheirWay }) > 0 { return false }
            presenterAnswered(entryID, .value(result))
            return true
        }
        if isGiven { return }
        let task = Task.detached {
            await Task.yield()
            self.deliver(result, to: entryID, waitingForArrivals: false)
        }
        lock.withLock {
            if case .showing(.none, let deadline) = entry.phase {
                entry.phase = .showing(task, presenterDeadline: deadline)
            } else {
                // Withdrawn, preempted, timed out or closed before the task existed to be cancelled.
                task.cancel()
            }
        }
    }

    /// Starts the presenter's task of ``startPresenter(_:_:)`` for a presentation the presenter couldn't
    /// answer at once.
    private func startPresenterTask(_ entry: Entry, _ shown: SharedPresentation) {
        let entryID = entry.id
        // A copy in the task's closure context: see `ask`.
        let presentation = shown.value
        // Closure literals, not one closure value: converting a value to the `@isolated(any)` operation
        // costs a thunk's context (two allocations).
        let task: Task<Void, Never>
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            task = Task.immediateDetached { await self.runPresenter(entryID, presentation) }
        } else {
            task = Task.detached { await self.runPresenter(entryID, presentation) }
        }
        lock.withLock {
            if case .showing(.none, let deadline) = entry.phase {
                entry.phase = .showing(task, presenterDeadline: deadline)
                arm(at: deadline)
            } else {
                // Withdrawn, preempted, timed out or closed before the task existed to be cancelled; or
                // answered by the presenter itself, and then the task has finished and this does nothing.
                task.cancel()
            }
        }
    }

    /// The presenter's answer: the one it gives at once (``ErrorPresenter/immediateAnswer(to:)``), or else
    /// the one ``ErrorPresenter/present(_:)`` waits for.
    private static func answer(
        of presenter: any ErrorPresenter,
        to presentation: Presentation
    ) async -> Result<RecoveryOption?, any Error> {
        do {
            switch try presenter.immediateAnswer(to: presentation) {
            case .answered(let option): return .success(option)
            case .needsWaiting: return .success(try await presenter.present(presentation))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The body of the task of ``startPresenter(_:_:)``, for a presentation the presenter couldn't answer
    /// at once.
    private func runPresenter(_ entryID: UInt64, _ presentation: Presentation) async {
        let result = await captureResult { try await presenter.present(presentation) }
        if deliver(result, to: entryID, waitingForArrivals: true) { return }
        await Task.yield()
        deliver(result, to: entryID, waitingForArrivals: false)
    }

    /// Gives the presenter's answer, unless `waitingForArrivals` and handlings are on their way.
    ///
    /// Out of line: its temporaries would otherwise be part of the presenter task's async frame, which
    /// then needs a slab of its own (a malloc per presentation).
    @inline(never)
    @discardableResult
    private func deliver(
        _ result: Result<RecoveryOption?, any Error>,
        to entryID: UInt64,
        waitingForArrivals: Bool
    ) -> Bool {
        let answer: RaceOutcome<Result<RecoveryOption?, any Error>> = Task.isCancelled ? .cancelled : .value(result)
        return lock.withLock {
            if waitingForArrivals, arriving.withLock({ $0.onTheirWay }) > 0 { return false }
            presenterAnswered(entryID, answer)
            return true
        }
    }

    func presenterAnswered(_ entryID: UInt64, _ result: RaceOutcome<Result<RecoveryOption?, any Error>>) {
        let entry: Entry
        if let current, current.id == entryID {
            entry = current
        } else if let banner = banners.first(where: { $0.id == entryID }), !banner.isAnswered {
            entry = banner
        } else {
            return  // Withdrawn, preempted or closed meanwhile.
        }
        switch result {
        case .value(.success(let answer?)):
            if let option = entry.shown.option(matching: answer) {
                finish(entry, option: option, resolution: .chosen)
            } else {
                finish(entry, option: entry.fallbackOption, resolution: .unknownOption)
            }
        case .value(.success(nil)):
            finish(entry, option: entry.fallbackOption, resolution: .dismissed)
        case .value(.failure(let error)):
            finish(entry, option: entry.fallbackOption, resolution: .presenterFailed(error))
        case .timedOut:
            finish(entry, option: entry.fallbackOption, resolution: .timedOut)
        case .cancelled:
            finish(entry, option: entry.fallbackOption, resolution: .cancelled)
        }
    }
}
