// One presentation of `PresentationScheduler` and the callers waiting for its answer.

extension PresentationScheduler {
    /// A caller waiting for an entry's answer.
    struct Waiter {
        let continuation: WaiterContinuation
        let isCoalesced: Bool
    }

    // Release builds use unchecked continuations: a checked one costs an allocation per caller, and
    // every failure presented (each of 10,000 in a storm) waits on one.
    //
    // Why this is safe: a continuation is resumed exactly once. `enter` either resumes it at once (the
    // scheduler is closed, or the entry was already answered) or registers it, in `entry.waiters` under
    // the caller's own ID, and nowhere else. Every resumption of a registered continuation (`finish`,
    // `cancelWaiter`) first removes it from `entry.waiters`, with the lock held, so a second path finds
    // nothing to resume. Every registered waiter is resumed: `finish` answers all of an entry's waiters,
    // and each way an entry ends (answered, withdrawn, preempted, closed) goes through `finish` or
    // `cancelWaiter`. An entry has registered callers only while it waits its turn (`pending`), is shown
    // (`current`) or is a visible banner (`banners`): entries leave those lists only through `finish`
    // (which answers all of their callers) or when the last caller was cancelled, so that is where
    // `cancelWaiter` and `closeLocked` look for them.
    //
    // Debug builds, which the tests run, use checked continuations, which trap when one is resumed twice;
    // a continuation never resumed would leave a test waiting until its time limit.
    #if DEBUG
    typealias WaiterContinuation = CheckedContinuation<Answer, Never>
    #else
    typealias WaiterContinuation = UnsafeContinuation<Answer, Never>
    #endif

    static func waitForAnswer(_ register: (WaiterContinuation) -> Void) async -> Answer {
        #if DEBUG
        await withCheckedContinuation(register)
        #else
        await withUnsafeContinuation(register)
        #endif
    }

    /// An entry's callers, by waiter ID. Nearly every presentation has a single caller: the first is kept
    /// inline, so it costs no dictionary.
    struct Waiters {
        private var first: (id: UInt64, waiter: Waiter)?
        private var others: [UInt64: Waiter] = [:]

        var isEmpty: Bool { first == nil && others.isEmpty }

        mutating func insert(_ waiter: Waiter, id: UInt64) {
            if first == nil {
                first = (id, waiter)
            } else {
                others[id] = waiter
            }
        }

        mutating func remove(_ id: UInt64) -> Waiter? {
            if let first, first.id == id {
                self.first = nil
                return first.waiter
            }
            return others.removeValue(forKey: id)
        }

        /// Takes every waiter out.
        mutating func removeAll() -> (first: (id: UInt64, waiter: Waiter)?, others: [UInt64: Waiter]) {
            defer {
                first = nil
                others = [:]
            }
            return (first, others)
        }
    }

    /// One presentation and its callers. Only touched with the scheduler's lock held.
    final class Entry {
        /// Where an entry is on its way. Each phase says everything there is to know.
        enum Phase {
            /// Blocking, waiting for its turn.
            case waiting
            /// The presenter has it: the task delivers the presenter's answer; the watchdog answers at
            /// `presenterDeadline` when it doesn't. The task is `nil` while the caller that made the
            /// entry is about to start it, after leaving the lock.
            case showing(Task<Void, Never>?, presenterDeadline: Duration)
            /// Answered. A banner stays here while it is visible, a blocking presentation while its
            /// coalescing window is open: identical callers get the answer at once.
            case answered(Answer)
            /// Done: nobody can join it any more.
            case finished
        }

        let id: UInt64
        let identity: PresentationIdentity
        let group: RecoveryGroup
        /// Its place in line among equally severe entries (``ArrivalOrder``), and whether it is held back
        /// for handlings handed in before it.
        let order: Int
        let isArrival: Bool
        /// The presentation, shared with the presenter, the observable state and the answers; its count
        /// of occurrences is the one of the last ``snapshot()``.
        private(set) var shown: SharedPresentation
        /// How many callers the presentation stands for: grows as identical presentations join.
        var occurrences: Int
        var phase = Phase.waiting
        /// When a visible banner goes away; `nil` for blocking entries.
        var dismissal: Duration?
        var waiters = Waiters()

        init(
            id: UInt64,
            identity: PresentationIdentity,
            shown: SharedPresentation,
            group: RecoveryGroup,
            arrival: Int?,
            latest: Int
        ) {
            self.id = id
            self.order = arrival ?? latest
            self.isArrival = arrival != nil
            self.identity = identity
            self.shown = shown
            self.occurrences = shown.value.occurrences
            self.group = group
        }

        /// The presentation with its current count of occurrences. What doesn't change with the count
        /// (texts, options, severity, style) is read from `shown.value` without a copy.
        var presentation: Presentation { shown.presentation(occurrences: occurrences) }

        /// The shared presentation with the current count: a new one only when callers joined since the
        /// last snapshot.
        func snapshot() -> SharedPresentation {
            if shown.value.occurrences != occurrences {
                var presentation = shown.value
                presentation.occurrences = occurrences
                shown = SharedPresentation(presentation)
            }
            return shown
        }

        /// The option the presentation falls back to when nobody chose.
        var fallbackOption: RecoveryOption { shown.fallbackOption }

        var severity: Severity { shown.severity }

        var isBlocking: Bool { shown.isBlocking }

        var isAnswered: Bool {
            switch phase {
            case .waiting, .showing: false
            case .answered, .finished: true
            }
        }

        /// The presenter timeout, while the presenter has the entry.
        var presenterDeadline: Duration? {
            if case .showing(_, let deadline) = phase { return deadline }
            return nil
        }

        /// Cancels the presenter's task while the presenter has the entry.
        ///
        /// Cancelling runs the task's cancellation handlers in this thread, with the scheduler's lock
        /// held: none of them takes the lock (a cancelled caller of
        /// ``present(_:reusesRecentAnswer:runningGroups:)`` leaves in a task of its own).
        func cancelPresenter() {
            if case .showing(let task?, _) = phase { task.cancel() }
        }
    }
}
