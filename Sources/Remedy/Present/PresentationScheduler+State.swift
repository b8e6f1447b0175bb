// The state of `PresentationScheduler` and its steps, each run with the scheduler's lock held.

extension PresentationScheduler {
    /// Everything the scheduler knows, behind its one lock.
    struct Machine: Sendable {
        /// One presentation and the callers waiting for its answer.
        struct Entry: Sendable {
            enum State: Sendable {
                /// Blocking, waiting for its turn.
                case waiting
                /// The presenter has it. `presenter` is `nil` while its task is started, after the lock;
                /// `timeout` is set once the presenter said it has to wait for the person: the watchdog
                /// answers with the fallback option then.
                case showing(presenter: Task<Void, Never>?, timeout: Duration?)
                /// Answered. A banner stays here while it is visible, a blocking presentation while its
                /// coalescing window may be open: identical callers get the answer at once.
                case answered(Answer)
            }

            let id: UInt64
            let identity: PresentationIdentity
            let group: RecoveryGroup
            /// When a banner goes away; `nil` for a blocking presentation.
            let dismissal: Duration?
            /// The presentation, its count of occurrences growing as identical callers join.
            var presentation: Presentation
            var state: State
            /// The callers waiting for the answer.
            var waiters: [UInt64]

            var isBlocking: Bool { dismissal == nil }
        }

        /// One caller, from its ticket until its answer is taken.
        enum Waiter: Sendable {
            /// Entered, not yet waiting in ``PresentationScheduler/answer(_:)``.
            case entered(entry: UInt64, isCoalesced: Bool)
            case waiting(entry: UInt64, isCoalesced: Bool, CheckedContinuation<Answer, Never>)
            /// Answered before the caller came to wait.
            case answered(Answer)
        }

        /// The task that sleeps until the earliest deadline.
        struct Watchdog: Sendable {
            let id: UInt64
            let task: Task<Void, Never>
            var target: Duration
        }

        var entries: [UInt64: Entry] = [:]
        var waiters: [UInt64: Waiter] = [:]
        /// The entry an identical caller joins or takes the answer of.
        var byIdentity: [PresentationIdentity: UInt64] = [:]
        /// Blocking entries waiting for their turn, in the order they were entered.
        var pending: [UInt64] = []
        /// The blocking entry being shown.
        var current: UInt64?
        /// The visible banners, oldest first.
        var banners: [UInt64] = []
        /// Answered blocking entries whose coalescing window may still be open.
        var answered: [UInt64] = []
        var watchdog: Watchdog?
        var isClosed = false
        /// Entries, callers and watchdogs are numbered in one sequence per scheduler: an entry's number
        /// is its place in the order of arrival.
        private var lastID: UInt64 = 0
        private var version: UInt64 = 0

        mutating func makeID() -> UInt64 {
            lastID += 1
            return lastID
        }

        /// Registers a caller's continuation, or returns the answer it already has.
        mutating func wait(_ waiter: UInt64, _ continuation: CheckedContinuation<Answer, Never>) -> Answer? {
            switch waiters[waiter] {
            case .answered(let answer):
                waiters[waiter] = nil
                return answer
            case .entered(let entry, let isCoalesced):
                waiters[waiter] = .waiting(entry: entry, isCoalesced: isCoalesced, continuation)
                return nil
            case .waiting, nil:
                preconditionFailure("A ticket's answer is taken once")
            }
        }

        /// Answers a caller: at once if it waits, else when it comes to wait.
        mutating func answer(_ waiter: UInt64, _ answer: Answer, _ effects: inout Effects) {
            var answer = answer
            switch waiters[waiter] {
            case .entered(_, let isCoalesced):
                answer.isCoalesced = isCoalesced
                waiters[waiter] = .answered(answer)
            case .waiting(_, let isCoalesced, let continuation):
                answer.isCoalesced = isCoalesced
                waiters[waiter] = nil
                effects.resumes.append((continuation, answer))
            case .answered, nil:
                break
            }
        }

        /// The earliest presenter timeout or banner dismissal.
        var nextDeadline: Duration? {
            var deadlines: [Duration] = []
            for id in banners + (current.map { [$0] } ?? []) {
                guard let entry = entries[id] else { continue }
                if let dismissal = entry.dismissal { deadlines.append(dismissal) }
                if case .showing(_, let timeout?) = entry.state { deadlines.append(timeout) }
            }
            return deadlines.min()
        }

        mutating func snapshot() -> PresentationState.Snapshot {
            version += 1
            return PresentationState.Snapshot(
                version: version,
                current: current.flatMap { id in entries[id].map { (id, $0.presentation) } },
                banners: banners.compactMap { id in entries[id].map { (id, $0.presentation) } },
                waitingCount: pending.count
            )
        }
    }

    // MARK: - Callers

    func enter(
        _ presentation: Presentation,
        identity: PresentationIdentity,
        reusesRecentAnswer: Bool,
        runningGroups: Set<UInt64>,
        _ machine: inout Machine,
        _ effects: inout Effects
    ) -> Ticket {
        let waiter = machine.makeID()
        guard !machine.isClosed else {
            let group = RecoveryGroup(id: 0, timeline: timeline, window: .zero)
            machine.waiters[waiter] = .answered(
                Answer(
                    option: presentation.fallbackOption, resolution: .closed, isCoalesced: false,
                    presentation: presentation, group: group))
            return Ticket(waiter: waiter)
        }
        // Only the entry's state is read before a join: a copy of the whole entry would share its
        // `waiters` buffer, and each join's append would then copy every waiter (a storm's time grows
        // with the square of its callers: the gate's `storm.10000 / storm.1000`).
        if let id = machine.byIdentity[identity], let state = machine.entries[id]?.state {
            switch state {
            case .waiting, .showing:
                machine.entries[id]?.presentation.occurrences += 1
                machine.entries[id]?.waiters.append(waiter)
                machine.waiters[waiter] = .entered(entry: id, isCoalesced: true)
                effects.isStateChanged = machine.current == id || machine.banners.contains(id)
                return Ticket(waiter: waiter)
            case .answered(var answer):
                guard let entry = machine.entries[id] else { break }
                if reusesRecentAnswer, !entry.group.isWindowOver, !runningGroups.contains(entry.group.id) {
                    machine.entries[id]?.presentation.occurrences += 1
                    answer.presentation.occurrences = entry.presentation.occurrences + 1
                    answer.isCoalesced = true
                    answer.joinsAnsweredPresentation = true
                    machine.waiters[waiter] = .answered(answer)
                    effects.isStateChanged = machine.banners.contains(id)
                    return Ticket(waiter: waiter)
                }
                // Shown again: a visible banner gives way to the new one.
                if entry.isBlocking { forget(id, &machine, &effects) } else { dismissBanner(id, &machine, &effects) }
            }
        }
        let id = machine.makeID()
        let isBlocking = presentation.style.isBlocking
        var entry = Machine.Entry(
            id: id,
            identity: identity,
            group: RecoveryGroup(id: id, timeline: timeline, window: coalescingWindow),
            dismissal: isBlocking ? nil : timeline.deadline(after: bannerDuration),
            presentation: presentation,
            state: .waiting,
            waiters: [waiter]
        )
        machine.waiters[waiter] = .entered(entry: id, isCoalesced: false)
        machine.byIdentity[identity] = id
        effects.isStateChanged = true
        if isBlocking {
            machine.entries[id] = entry
            machine.pending.append(id)
            if presentation.severity == .fatal, let current = machine.current,
                let shown = machine.entries[current], shown.presentation.severity < .fatal
            {
                finish(current, option: shown.presentation.fallbackOption, .preempted, &machine, &effects)
            }
            showNext(&machine, &effects)
        } else {
            entry.state = .showing(presenter: nil, timeout: nil)
            effects.starts.append((id, presentation))
            machine.entries[id] = entry
            machine.banners.append(id)
            armWatchdog(&machine, &effects)
        }
        return Ticket(waiter: waiter)
    }

    /// Answers a cancelled caller with the fallback option; withdraws a blocking presentation nobody
    /// waits for any more.
    func cancel(waiter: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        let id: UInt64
        switch machine.waiters[waiter] {
        case .entered(let entry, _), .waiting(let entry, _, _): id = entry
        case .answered, nil: return
        }
        guard let entry = machine.entries[id] else { return }
        machine.answer(
            waiter,
            Answer(
                option: entry.presentation.fallbackOption, resolution: .cancelled, isCoalesced: false,
                presentation: entry.presentation, group: entry.group),
            &effects
        )
        machine.entries[id]?.waiters.removeAll { $0 == waiter }
        guard entry.isBlocking, entry.waiters.count == 1 else { return }
        switch entry.state {
        case .answered: return
        case .waiting: machine.pending.removeAll { $0 == id }
        case .showing(let presenter, _): effects.cancels += presenter.map { [$0] } ?? []
        }
        forget(id, &machine, &effects)
        effects.isStateChanged = true
        if machine.current == id {
            machine.current = nil
            showNext(&machine, &effects)
        }
    }

    func close(_ machine: inout Machine, _ effects: inout Effects) {
        guard !machine.isClosed else { return }
        machine.isClosed = true
        for id in machine.banners + machine.pending + (machine.current.map { [$0] } ?? []) {
            guard let entry = machine.entries[id] else { continue }
            finish(id, option: entry.presentation.fallbackOption, .closed, &machine, &effects)
        }
        if let watchdog = machine.watchdog { effects.cancels.append(watchdog.task) }
        machine.watchdog = nil
        effects.released += machine.entries.values
        machine.entries = [:]
        machine.byIdentity = [:]
        machine.pending = []
        machine.current = nil
        machine.banners = []
        machine.answered = []
        effects.isStateChanged = true
    }

    // MARK: - Showing and answering

    /// Shows the most severe waiting presentation, the first entered among equals, when none is shown.
    func showNext(_ machine: inout Machine, _ effects: inout Effects) {
        effects.isStateChanged = true
        guard !machine.isClosed, machine.current == nil, !machine.pending.isEmpty else { return }
        func severity(_ index: Int) -> Severity {
            machine.entries[machine.pending[index]]?.presentation.severity ?? .minor
        }
        var best = 0
        for index in machine.pending.indices.dropFirst() where severity(index) > severity(best) {
            best = index
        }
        let id = machine.pending.remove(at: best)
        guard let presentation = machine.entries[id]?.presentation else { return }
        machine.current = id
        machine.entries[id]?.state = .showing(presenter: nil, timeout: nil)
        effects.starts.append((id, presentation))
    }

    /// The presenter has to wait for the person: its timeout starts now.
    func presenterWaits(entry id: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        guard case .showing(let presenter, nil) = machine.entries[id]?.state else { return }
        let timeout = timeline.deadline(after: max(presenterTimeout, .zero))
        machine.entries[id]?.state = .showing(presenter: presenter, timeout: timeout)
        armWatchdog(&machine, &effects)
    }

    func presenterAnswered(
        entry id: UInt64,
        _ result: Result<RecoveryOption?, any Error>,
        _ machine: inout Machine,
        _ effects: inout Effects
    ) {
        // Answered another way meanwhile (timed out, withdrawn, preempted, dismissed, closed).
        guard let entry = machine.entries[id], case .showing = entry.state else { return }
        let fallback = entry.presentation.fallbackOption
        switch result {
        case .success(let chosen?):
            if let option = entry.presentation.option(matching: chosen) {
                finish(id, option: option, .chosen, &machine, &effects)
            } else {
                finish(id, option: fallback, .unknownOption, &machine, &effects)
            }
        case .success(nil):
            finish(id, option: fallback, .dismissed, &machine, &effects)
        case .failure(let error):
            finish(id, option: fallback, .presenterFailed(error), &machine, &effects)
        }
    }

    /// Answers every caller of an entry, frees the screen for the next presentation, and keeps the
    /// answer where identical callers may still get it.
    func finish(
        _ id: UInt64,
        option: RecoveryOption,
        _ resolution: Resolution,
        _ machine: inout Machine,
        _ effects: inout Effects
    ) {
        guard let entry = machine.entries[id] else { return }
        switch entry.state {
        case .answered: return
        case .waiting: machine.pending.removeAll { $0 == id }
        case .showing(let presenter, _): effects.cancels += presenter.map { [$0] } ?? []
        }
        let answer = Answer(
            option: option, resolution: resolution, isCoalesced: false, presentation: entry.presentation,
            group: entry.group)
        for waiter in entry.waiters { machine.answer(waiter, answer, &effects) }
        machine.entries[id]?.waiters = []
        machine.entries[id]?.state = .answered(answer)
        entry.group.openWindow()
        effects.isStateChanged = true
        guard entry.isBlocking else { return }
        if machine.current == id { machine.current = nil }
        // Answers whose window ended are forgotten here, so they don't pile up.
        let expired = machine.answered.filter { id in machine.entries[id].map { $0.group.isWindowOver } ?? true }
        if !expired.isEmpty {
            machine.answered.removeAll { expired.contains($0) }
            for id in expired { forget(id, &machine, &effects) }
        }
        if coalescingWindow > .zero, !machine.isClosed, entry.presentation.severity < .fatal,
            resolution.isReusable
        {
            machine.answered.append(id)
        } else {
            forget(id, &machine, &effects)
        }
        showNext(&machine, &effects)
    }

    /// Takes a banner away, when its time is up or an identical failure must be shown again; callers the
    /// presenter hasn't answered yet get the fallback option.
    func dismissBanner(_ id: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        guard let entry = machine.entries[id] else { return }
        finish(id, option: entry.presentation.fallbackOption, .dismissed, &machine, &effects)
        machine.banners.removeAll { $0 == id }
        forget(id, &machine, &effects)
        effects.isStateChanged = true
    }

    /// Forgets an entry: nobody joins it or takes its answer any more.
    func forget(_ id: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        guard let entry = machine.entries.removeValue(forKey: id) else { return }
        if machine.byIdentity[entry.identity] == id { machine.byIdentity[entry.identity] = nil }
        effects.released.append(entry)
    }

    // MARK: - Deadlines

    /// Times out the presentations and dismisses the banners whose deadline has passed, earliest first,
    /// and returns the next deadline to sleep until, or `nil` when there is none (the watchdog ends).
    func watchdogWoke(_ watchdog: UInt64, _ machine: inout Machine, _ effects: inout Effects) -> Duration? {
        guard machine.watchdog?.id == watchdog, !machine.isClosed else { return nil }
        let now = timeline.now
        var due: [(deadline: Duration, entry: UInt64, isDismissal: Bool)] = []
        for id in (machine.current.map { [$0] } ?? []) + machine.banners {
            guard let entry = machine.entries[id] else { continue }
            if case .showing(_, let timeout?) = entry.state, timeout <= now { due.append((timeout, id, false)) }
            if let dismissal = entry.dismissal, dismissal <= now { due.append((dismissal, id, true)) }
        }
        for (_, id, isDismissal) in due.sorted(by: { $0.deadline < $1.deadline }) {
            if isDismissal {
                dismissBanner(id, &machine, &effects)
            } else if let entry = machine.entries[id] {
                finish(id, option: entry.presentation.fallbackOption, .timedOut, &machine, &effects)
            }
        }
        guard let next = machine.nextDeadline else {
            machine.watchdog = nil
            return nil
        }
        machine.watchdog?.target = next
        return next
    }
}
