extension PresentationScheduler {
    /// Everything the scheduler knows, behind its one lock; the steps below run with it held.
    struct Machine: Sendable {
        struct Entry: Sendable {
            enum State: Sendable {
                case waiting
                /// `presenter` is `nil` until its task is started, after the lock; `timeout` is set once
                /// the presenter said it has to wait for the person.
                case showing(presenter: Task<Void, Never>?, timeout: Duration?)
                /// A banner stays here while visible, a blocking presentation while its coalescing window
                /// may be open.
                case answered(Answer)
            }

            let identity: PresentationIdentity
            let group: RecoveryGroup
            /// When a banner goes away; `nil` for a blocking presentation.
            let dismissal: Duration?
            var presentation: Presentation
            var state: State
            var waiters: [UInt64]

            var isBlocking: Bool { dismissal == nil }
        }

        enum Waiter: Sendable {
            case entered(entry: UInt64, isCoalesced: Bool)
            case waiting(entry: UInt64, isCoalesced: Bool, CheckedContinuation<Answer, Never>)
            case answered(Answer)
        }

        struct Watchdog: Sendable {
            let id: UInt64
            let task: Task<Void, Never>
            var target: Duration
        }

        var entries: [UInt64: Entry] = [:]
        var waiters: [UInt64: Waiter] = [:]
        var byIdentity: [PresentationIdentity: UInt64] = [:]
        var pending: [UInt64] = []
        var current: UInt64?
        var banners: [UInt64] = []
        var answered: [UInt64] = []
        var watchdog: Watchdog?
        var isClosed = false
        /// One sequence for entries, callers and watchdogs: an entry's number is its place in arrival order.
        private var lastID: UInt64 = 0
        private var version: UInt64 = 0

        mutating func makeID() -> UInt64 {
            lastID += 1
            return lastID
        }

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
            machine.waiters[waiter] = .answered(unshown(presentation, .closed))
            return Ticket(waiter: waiter)
        }
        // Only the state is read before a join: a copy of the entry would share its `waiters` buffer, and
        // each join's append would copy every waiter (a storm's time would grow with its square).
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

    func cancel(waiter: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        let id: UInt64
        switch machine.waiters[waiter] {
        case .entered(let entry, _), .waiting(let entry, _, _): id = entry
        case .answered, nil: return
        }
        guard let entry = machine.entries[id] else { return }
        machine.answer(waiter, Answer(fallbackFor: entry.presentation, .cancelled, group: entry.group), &effects)
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

    func dismissBanner(_ id: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        guard let entry = machine.entries[id] else { return }
        finish(id, option: entry.presentation.fallbackOption, .dismissed, &machine, &effects)
        machine.banners.removeAll { $0 == id }
        forget(id, &machine, &effects)
        effects.isStateChanged = true
    }

    func forget(_ id: UInt64, _ machine: inout Machine, _ effects: inout Effects) {
        guard let entry = machine.entries.removeValue(forKey: id) else { return }
        if machine.byIdentity[entry.identity] == id { machine.byIdentity[entry.identity] = nil }
        effects.released.append(entry)
    }

    // MARK: - Deadlines

    /// Returns the next deadline to sleep until, or `nil` to end the watchdog.
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
