/// The root's scheduler of presentations. It only schedules: it decides what is shown when, and answers
/// every caller with the option chosen; the ``RecoveryRunner`` runs that option's action.
///
/// - **One at a time.** Alerts, routes and fatal errors are shown one after another, the most severe
///   first, then in arrival order; banners are shown at once, alongside, and go away after the banner
///   duration. A fatal presentation doesn't wait: a less severe one being shown is dismissed (its callers
///   get its fallback option, resolution ``Resolution/preempted``).
/// - **Coalesced only when identical.** A presentation whose ``PresentationIdentity`` equals one that is
///   waiting, showing or (for a banner) visible joins it: it is shown once, its
///   ``Presentation/occurrences`` counts every caller, and every caller gets the same answer and the same
///   ``RecoveryGroup``, so the action runs once.
/// - **Answered once per burst.** After a presentation is answered (a banner too, while visible), an
///   identical one that arrives within the coalescing window gets the same answer at once, unless the
///   caller runs inside that answer's own recovery or says it must be shown again; otherwise it is shown.
///   A caller that gets an answer whose action still runs doesn't wait for it (it may be that action's own
///   work, in a task or a callback). The window ends `coalescingWindow` after the answer and after its
///   recovery finished, whichever is later. Fatal presentations never reuse an answer.
/// - **Never stuck.** A presenter that throws, answers with an option that isn't part of the
///   presentation, returns `nil`, or doesn't answer within the presenter timeout; a caller that is
///   cancelled; the scheduler closing — each answers every caller, with the fallback option where nobody
///   chose.
///
/// Every presentation of a root goes through here, so the bookkeeping is a few dictionary operations
/// behind one lock, done in the caller's task: no actor hop on the way in, and the presenter's task
/// answers the callers directly. Two kinds of task run besides the callers': one per presentation the
/// presenter doesn't answer at once, that hands it to the presenter (whose code may never return), and
/// one watchdog per scheduler, that sleeps
/// until the earliest deadline (a presenter timeout, a banner's dismissal) instead of a sleeping task
/// per presentation. A presentation that is shown at once is handed to the presenter in its caller's
/// thread: a presenter that answers at once (``ErrorPresenter/immediateAnswer(to:)``) needs no task at
/// all, and the presenter's task of one that doesn't starts there (`Task.immediateDetached`), so a
/// `present(_:)` that returns without waiting costs no task switch. Either answer waits one turn of the
/// executor while other handlings are on their way to the scheduler (``announceArrival()``), so
/// identical errors handed in at the same moment still join it.
package final class PresentationScheduler: @unchecked Sendable {
    // @unchecked: every stored `var` of the scheduler, and every `var` of its entries, is read and written
    // only inside `lock.withLock`, so accesses are serialized; the `let`s are Sendable values.
    //
    // The scheduler's steps live in extensions, one file each: `+Answer` (what callers get), `+Entry` (a
    // presentation and its callers), `+Showing` (whose turn it is, banners, answering), `+Presenter`
    // (handing a presentation to the presenter and taking its answer), `+Watchdog` (timeouts and banner
    // dismissal) and `+CoalescingWindow`. What they share is internal, not private, for them alone.

    /// The observable view of what is shown.
    package let state: PresentationState

    let presenter: any ErrorPresenter
    let timeline: Timeline
    let presenterTimeout: Duration
    let bannerDuration: Duration
    let coalescingWindow: Duration

    let lock = LockedValue<Void>()
    // The state below is only read and written with `lock` held (see `@unchecked Sendable` above).
    private var nextID: UInt64 = 0
    var isClosed = false
    /// The entries a caller with the same identity joins: blocking ones waiting or showing, banners
    /// while visible.
    private var open: [PresentationIdentity: Entry] = [:]
    /// Blocking entries waiting for their turn.
    var pending: [Entry] = []
    /// The blocking entry being shown.
    var current: Entry?
    /// The visible banners.
    var banners: [Entry] = []
    /// Answered blocking entries whose coalescing window may still be open.
    var recent: [PresentationIdentity: Entry] = [:]
    var watchdog: Watchdog?
    /// While a caller enters: the first entry to show is started by the caller, after the lock.
    var isEntering = false
    var startedByCaller: Entry?
    /// The order handlings were handed in: shown in it, whichever reaches the scheduler first.
    var arrivals = ArrivalOrder()
    /// Handlings handed to the root that haven't reached the scheduler yet (``announceArrival()``): an
    /// answer given while some are on their way waits for them to join first.
    ///
    /// Behind a lock of its own that is never held while anything else runs, not the scheduler's lock:
    /// `handle` announces its error synchronously, and it may be called by code that runs while the
    /// scheduler's lock is held (an observer of the state, a presenter's cancellation handler), which
    /// must not wait on that lock. It is read with the scheduler's lock held too, together with the joins.
    let arriving = LockedValue(ArrivalCount())

    /// What ``arriving`` counts: the handlings on their way, and the last number of ``ArrivalOrder`` taken.
    struct ArrivalCount {
        var onTheirWay = 0
        var lastNumber = 0
    }

    /// The IDs of waiting callers, unique across every scheduler of the process, so a caller takes one
    /// without the scheduler's lock: its cancellation handler needs the ID before the caller enters.
    /// Waiter IDs are only ever compared with waiter IDs (entries and watchdogs count with `nextID`).
    private static let waiterIDs = LockedValue<UInt64>(0)

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - presenter: Shows the presentations.
    ///   - clock: The clock of every timeout, of banner dismissal and of the coalescing window.
    ///   - presenterTimeout: How long the presenter may take to answer before the fallback option is used.
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

    /// Shows a presentation (or joins an identical one) and waits for the answer.
    ///
    /// Always returns. Cancelling the calling task answers it at once with the fallback option; when no
    /// caller of a blocking presentation is left, the presentation is withdrawn.
    ///
    /// - Parameters:
    ///   - presentation: The presentation to show.
    ///   - reusesRecentAnswer: Whether an identical presentation answered within the coalescing window
    ///     may answer this one. A caller whose earlier failure was already answered passes `false`, so
    ///     the person sees the repeated failure instead of "Try Again" being chosen for them again.
    ///   - runningGroups: The recovery groups whose action the caller runs inside; their answers are
    ///     never reused for it (``RecoveryRunner/runningGroups``).
    /// - Returns: The answer.
    package func present(
        _ presentation: Presentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: Set<UInt64> = []
    ) async -> Answer {
        await present(
            SharedPresentation(presentation), reusesRecentAnswer: reusesRecentAnswer, runningGroups: { runningGroups })
    }

    /// Shows a presentation already in its shared box, which the entry, the presenter, the observable
    /// state and the answers share without copying it.
    ///
    /// - Parameters:
    ///   - runningGroups: The recovery groups whose action the caller runs inside
    ///     (``RecoveryRunner/runningGroups``), read in the caller's task only when an answer within the
    ///     coalescing window could be reused: reading a task-local value and copying its sets costs more
    ///     than the rest of a lookup that finds nothing.
    ///   - arrival: The number ``announceArrival()`` gave the caller, when it comes to the scheduler for
    ///     the first time.
    func present(
        _ shown: SharedPresentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: () -> Set<UInt64> = { [] },
        arrival: Int? = nil
    ) async -> Answer {
        let waiterID = Self.waiterIDs.withLock { last in
            last &+= 1
            return last
        }
        return await withTaskCancellationHandler {
            await Self.waitForAnswer { continuation in
                arrive(
                    shown,
                    waiter: waiterID,
                    continuation,
                    reusesRecentAnswer: reusesRecentAnswer,
                    runningGroups: runningGroups,
                    arrival: arrival
                )
            }
        } onCancel: {
            // Not here and now: the task may be cancelled by code that runs while the lock is held (a
            // presenter's cancellation handler, an observer of the state), and the lock isn't re-entrant.
            Task { self.lock.withLock { self.cancelWaiter(waiterID) } }
        }
    }

    /// Enters a caller's presentation, and starts the presenter when the caller is the one to start it.
    ///
    /// Out of line: inlined into the async caller, its temporaries would enlarge the caller's async
    /// frame, which the task allocates on every presentation.
    @inline(never)
    private func arrive(
        _ shown: SharedPresentation,
        waiter waiterID: UInt64,
        _ continuation: WaiterContinuation,
        reusesRecentAnswer: Bool,
        runningGroups: () -> Set<UInt64>,
        arrival: Int?
    ) {
        // Made outside the lock: callers build their identities in parallel, and the lock, which every
        // presentation of the root goes through, is held only to look them up.
        let identity = PresentationIdentity(shown)
        let start = lock.withLock { () -> (Entry, SharedPresentation)? in
            if let arrival {
                arriving.withLock { $0.onTheirWay -= 1 }
                arrivals.arrived(arrival)
            }
            isEntering = true
            enter(
                shown,
                identity: identity,
                waiter: waiterID,
                continuation,
                reusesRecentAnswer: reusesRecentAnswer,
                runningGroups: runningGroups,
                arrival: arrival
            )
            // Entries held back for this handling may be shown now.
            if arrival != nil { showNext() }
            isEntering = false
            // The cancellation handler finds nothing to cancel when it ran before the waiter was
            // registered; the cancelled flag is set before it runs, so this sees it.
            if Task.isCancelled { cancelWaiter(waiterID) }
            guard let entry = startedByCaller else { return nil }
            startedByCaller = nil
            // Withdrawn already (the caller was cancelled): nothing to start.
            guard case .showing(.none, _) = entry.phase else { return nil }
            return (entry, entry.snapshot())
        }
        if let (entry, shown) = start { startPresenter(entry, shown) }
    }

    /// Counts a handling that is on its way to the scheduler: handed to the root, not yet resolved.
    ///
    /// The handling passes the number it returns to its first
    /// ``present(_:reusesRecentAnswer:runningGroups:arrival:)``, or to ``withdrawArrival(_:)`` when it ends
    /// (or waits for something else) without presenting. While any is on its way, a presenter's answer
    /// waits one turn of the executor before it is given, so identical errors handed in at the same moment
    /// join the presentation and are counted, even when the presenter answers at once in the caller's
    /// thread; and an alert handed in later isn't shown before it (``ArrivalOrder``).
    ///
    /// - Returns: The handling's number in the order of arrival.
    func announceArrival() -> Int {
        arriving.withLock { count in
            count.onTheirWay += 1
            count.lastNumber += 1
            return count.lastNumber
        }
    }

    /// Ends the count of ``announceArrival()`` for a handling that ends without presenting.
    func withdrawArrival(_ arrival: Int) {
        arriving.withLock { $0.onTheirWay -= 1 }
        lock.withLock {
            arrivals.arrived(arrival)
            showNext()
        }
    }

    /// How many handlings are on their way (for tests).
    var arrivingCount: Int {
        arriving.withLock { $0.onTheirWay }
    }

    /// Closes the scheduler: withdraws every presentation, answers every caller with the fallback option
    /// (resolution ``Resolution/closed``), and answers later callers the same way at once.
    package func close() async {
        lock.withLock { closeLocked() }
    }

    // MARK: - Callers (the lock is held from here on)

    func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    private func enter(
        _ shown: SharedPresentation,
        identity: PresentationIdentity,
        waiter waiterID: UInt64,
        _ continuation: WaiterContinuation,
        reusesRecentAnswer: Bool,
        runningGroups: () -> Set<UInt64>,
        arrival: Int?
    ) {
        guard !isClosed else {
            continuation.resume(
                returning: Answer(
                    option: shown.fallbackOption,
                    resolution: .closed,
                    isCoalesced: false,
                    shown: shown,
                    occurrences: shown.value.occurrences,
                    group: RecoveryGroup(id: 0, timeline: timeline, window: .zero)
                )
            )
            return
        }
        if let entry = open[identity] {
            guard entry.isAnswered else {
                join(entry, waiterID, continuation)
                return
            }
            // A visible banner already answered: reused as an answered alert is, else shown again.
            if reusesRecentAnswer, isReusable(entry, runningGroups: runningGroups) {
                join(entry, waiterID, continuation)
                return
            }
            dismissBanner(entry.id)
        }
        if reusesRecentAnswer, let entry = recentlyAnswered(identity, runningGroups: runningGroups) {
            join(entry, waiterID, continuation)
            return
        }
        let entry = makeEntry(identity: identity, shown: shown, arrival: arrival)
        open[identity] = entry
        register(waiterID, continuation, on: entry, isCoalesced: false)
        if entry.isBlocking {
            pending.append(entry)
            if shown.severity == .fatal, let current, current.severity < .fatal {
                finish(current, option: current.fallbackOption, resolution: .preempted)
            }
            showNext()
        } else {
            showBanner(entry)
        }
    }

    private func makeEntry(identity: PresentationIdentity, shown: SharedPresentation, arrival: Int?) -> Entry {
        let id = makeID()
        return Entry(
            id: id,
            identity: identity,
            shown: shown,
            group: RecoveryGroup(id: id, timeline: timeline, window: coalescingWindow),
            arrival: arrival,
            latest: arrival == nil ? arriving.withLock { $0.lastNumber } : 0
        )
    }

    private func join(_ entry: Entry, _ waiterID: UInt64, _ continuation: WaiterContinuation) {
        entry.occurrences += 1
        publishOccurrences(of: entry)
        if case .answered(var answer) = entry.phase {
            answer.isCoalesced = true
            answer.joinsAnsweredPresentation = true
            answer.occurrences = entry.occurrences
            continuation.resume(returning: answer)
            return
        }
        register(waiterID, continuation, on: entry, isCoalesced: true)
    }

    private func register(
        _ waiterID: UInt64,
        _ continuation: WaiterContinuation,
        on entry: Entry,
        isCoalesced: Bool
    ) {
        entry.waiters.insert(Waiter(continuation: continuation, isCoalesced: isCoalesced), id: waiterID)
    }

    /// The entries that may have callers waiting: only an entry waiting its turn, shown, or a visible
    /// banner has them (answering an entry answers all of its callers at once). Looked through only when
    /// a caller is cancelled or the scheduler closes, so registering a caller costs no map from callers
    /// to entries.
    private var entriesWithCallers: [Entry] {
        banners + pending + (current.map { [$0] } ?? [])
    }

    private func cancelWaiter(_ waiterID: UInt64) {
        var found: (Entry, Waiter)?
        for entry in entriesWithCallers {
            if let waiter = entry.waiters.remove(waiterID) {
                found = (entry, waiter)
                break
            }
        }
        guard let (entry, waiter) = found else { return }
        waiter.continuation.resume(
            returning: Answer(
                option: entry.fallbackOption,
                resolution: .cancelled,
                isCoalesced: waiter.isCoalesced,
                shown: entry.snapshot(),
                occurrences: entry.occurrences,
                group: entry.group
            )
        )
        guard entry.waiters.isEmpty, entry.isBlocking, !entry.isAnswered else { return }
        // Nobody waits for this presentation any more: withdraw it.
        entry.cancelPresenter()
        entry.phase = .finished
        forgetOpen(entry)
        if let index = pending.firstIndex(where: { $0 === entry }) {
            pending.remove(at: index)
            publishWaitingCount()
        }
        if current === entry {
            current = nil
            state.setCurrent(nil)
            showNext()
        }
    }

    private func closeLocked() {
        guard !isClosed else { return }
        isClosed = true
        watchdog?.task.cancel()
        watchdog = nil
        let entries = entriesWithCallers
        for entry in entries {
            entry.cancelPresenter()
        }
        for entry in entries where !entry.waiters.isEmpty {
            finish(entry, option: entry.fallbackOption, resolution: .closed)
        }
        open.removeAll()
        recent.removeAll()
        pending.removeAll()
        current = nil
        banners.removeAll()
        state.setCurrent(nil)
        state.setBanners([])
        publishWaitingCount()
    }

    /// Publishes how many blocking presentations wait (the state tells observers only of a change).
    func publishWaitingCount() {
        state.setWaitingCount(pending.count)
    }

    // MARK: - Bookkeeping

    /// Stops callers from joining an entry, unless an identical entry has taken its place.
    func forgetOpen(_ entry: Entry) {
        if open[entry.identity] === entry {
            open[entry.identity] = nil
        }
    }

    /// Publishes a joined entry's count: only the count changes, so the state's copy is updated in place.
    private func publishOccurrences(of entry: Entry) {
        if current === entry {
            state.setCurrentOccurrences(entry.occurrences)
        } else if banners.contains(where: { $0 === entry }) {
            state.setBanners(banners.map(\.presentation))
        }
    }
}
