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

    /// Why a presentation was answered as it was.
    package enum Resolution: Sendable, CustomStringConvertible {
        /// The person chose the option.
        case chosen
        /// The presenter returned `nil`: dismissed without a choice.
        case dismissed
        /// The presenter answered with an option that is not part of the presentation.
        case unknownOption
        /// The presenter threw.
        case presenterFailed(any Error)
        /// The presenter did not answer within the presenter timeout.
        case timedOut
        /// The caller was cancelled before an answer came.
        case cancelled
        /// A fatal presentation took the place of this one.
        case preempted
        /// The scheduler was closed: the root scope was released, or the process is ending.
        case closed

        /// Whether a person actually chose the option.
        package var isChoice: Bool {
            if case .chosen = self { return true }
            return false
        }

        /// Whether the presenter failed to deliver a choice: nobody saw the presentation, or it is
        /// unknown whether anybody did. Worth a log line above debug.
        package var isPresenterProblem: Bool {
            switch self {
            case .unknownOption, .presenterFailed, .timedOut: true
            case .chosen, .dismissed, .cancelled, .preempted, .closed: false
            }
        }

        /// Whether the answer's option is to be acted on: not when the caller left or the scheduler
        /// closed.
        package var runsAction: Bool {
            switch self {
            case .cancelled, .closed: false
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut, .preempted: true
            }
        }

        /// Whether an identical presentation arriving soon after may get the same answer: not when the
        /// answer came from a caller leaving, a fatal presentation taking over, or the scheduler closing.
        var isReusable: Bool {
            switch self {
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut: true
            case .cancelled, .preempted, .closed: false
            }
        }

        /// A short name for logs: `chosen`, `dismissed`, `timedOut`…
        package var description: String {
            switch self {
            case .chosen: "chosen"
            case .dismissed: "dismissed"
            case .unknownOption: "unknownOption"
            case .presenterFailed: "presenterFailed"
            case .timedOut: "timedOut"
            case .cancelled: "cancelled"
            case .preempted: "preempted"
            case .closed: "closed"
            }
        }
    }

    /// The answer to one caller.
    package struct Answer: Sendable {
        /// The option chosen, or the fallback option when nobody chose.
        package var option: RecoveryOption
        /// Why the answer is what it is.
        package var resolution: Resolution
        /// Whether this caller joined an identical presentation, or got the answer of one answered
        /// within the coalescing window.
        package var isCoalesced: Bool
        /// The presentation as shown, with its count of occurrences when the answer was given.
        package var presentation: Presentation {
            get { shown.presentation(occurrences: occurrences) }
            set {
                shown = SharedPresentation(newValue)
                occurrences = newValue.occurrences
            }
        }
        /// Every caller of the presentation shares it: the option's action runs once for all of them.
        package var group: RecoveryGroup
        /// Whether this caller came after the answer was given (within the coalescing window, or while a
        /// banner was visible). Its failure may come from that answer's own action, run in a task or a
        /// callback that inherits nothing from it: such a caller never waits for the action.
        package var joinsAnsweredPresentation = false
        /// The presentation, shared by the entry, the observable state and the answers of all callers:
        /// each of 10,000 coalesced callers would otherwise copy it (a retain per text and list).
        fileprivate var shown: SharedPresentation
        /// The count of occurrences when the answer was given; the shared presentation keeps the count
        /// it was made with.
        fileprivate var occurrences: Int

        init(
            option: RecoveryOption,
            resolution: Resolution,
            isCoalesced: Bool,
            presentation: Presentation,
            group: RecoveryGroup
        ) {
            self.init(
                option: option,
                resolution: resolution,
                isCoalesced: isCoalesced,
                shown: SharedPresentation(presentation),
                occurrences: presentation.occurrences,
                group: group
            )
        }

        fileprivate init(
            option: RecoveryOption,
            resolution: Resolution,
            isCoalesced: Bool,
            shown: SharedPresentation,
            occurrences: Int,
            group: RecoveryGroup
        ) {
            self.option = option
            self.resolution = resolution
            self.isCoalesced = isCoalesced
            self.group = group
            self.shown = shown
            self.occurrences = occurrences
        }
    }

    /// A caller waiting for an entry's answer.
    private struct Waiter {
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
    private typealias WaiterContinuation = CheckedContinuation<Answer, Never>
    #else
    private typealias WaiterContinuation = UnsafeContinuation<Answer, Never>
    #endif

    private static func waitForAnswer(_ register: (WaiterContinuation) -> Void) async -> Answer {
        #if DEBUG
        await withCheckedContinuation(register)
        #else
        await withUnsafeContinuation(register)
        #endif
    }

    /// An entry's callers, by waiter ID. Nearly every presentation has a single caller: the first is kept
    /// inline, so it costs no dictionary.
    private struct Waiters {
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
    private final class Entry {
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
        // Only touched with the scheduler's lock held: without dynamic exclusivity checks in release
        // builds, as the scheduler's own state.
        #if DEBUG
        /// The presentation, shared with the presenter, the observable state and the answers; its count
        /// of occurrences is the one of the last ``snapshot()``.
        private(set) var shown: SharedPresentation
        /// How many callers the presentation stands for: grows as identical presentations join.
        var occurrences: Int
        var phase = Phase.waiting
        /// When a visible banner goes away; `nil` for blocking entries.
        var dismissal: Duration?
        var waiters = Waiters()
        #else
        @exclusivity(unchecked) private(set) var shown: SharedPresentation
        @exclusivity(unchecked) var occurrences: Int
        @exclusivity(unchecked) var phase = Phase.waiting
        @exclusivity(unchecked) var dismissal: Duration?
        @exclusivity(unchecked) var waiters = Waiters()
        #endif

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

    /// The task that sleeps until the earliest deadline. `target` is the deadline it sleeps until; a
    /// deadline that comes later needs nothing, an earlier one replaces the task.
    private struct Watchdog {
        let task: Task<Void, Never>
        var target: Duration
        let token: UInt64
    }

    /// The observable view of what is shown.
    package let state: PresentationState

    private let presenter: any ErrorPresenter
    private let timeline: Timeline
    private let presenterTimeout: Duration
    private let bannerDuration: Duration
    private let coalescingWindow: Duration

    private let lock = LockedValue<Void>()
    // The state below is only read and written with `lock` held (see `@unchecked Sendable` above), so
    // accesses from different threads never overlap, and none overlaps another in the same thread (no
    // access is held across a call that could reach the same property). Release builds therefore leave
    // out the dynamic exclusivity checks of class properties, about a hundred instructions per access
    // and a dozen accesses per presentation; debug builds, which the tests run (also under the thread
    // sanitizer), keep them, so an overlapping access would trap there.
    #if DEBUG
    private var nextID: UInt64 = 0
    private var isClosed = false
    /// The entries a caller with the same identity joins: blocking ones waiting or showing, banners
    /// while visible.
    private var open: [PresentationIdentity: Entry] = [:]
    /// Blocking entries waiting for their turn.
    private var pending: [Entry] = []
    /// The blocking entry being shown.
    private var current: Entry?
    /// The visible banners.
    private var banners: [Entry] = []
    /// Answered blocking entries whose coalescing window may still be open.
    private var recent: [PresentationIdentity: Entry] = [:]
    private var watchdog: Watchdog?
    /// While a caller enters: the first entry to show is started by the caller, after the lock.
    private var isEntering = false
    private var startedByCaller: Entry?
    /// The count of ``pending`` last published to ``state`` (``publishWaitingCount()``).
    private var publishedWaitingCount = 0
    /// The order handlings were handed in: shown in it, whichever reaches the scheduler first.
    private var arrivals = ArrivalOrder()
    #else
    @exclusivity(unchecked) private var nextID: UInt64 = 0
    @exclusivity(unchecked) private var isClosed = false
    @exclusivity(unchecked) private var open: [PresentationIdentity: Entry] = [:]
    @exclusivity(unchecked) private var pending: [Entry] = []
    @exclusivity(unchecked) private var current: Entry?
    @exclusivity(unchecked) private var banners: [Entry] = []
    @exclusivity(unchecked) private var recent: [PresentationIdentity: Entry] = [:]
    @exclusivity(unchecked) private var watchdog: Watchdog?
    @exclusivity(unchecked) private var isEntering = false
    @exclusivity(unchecked) private var startedByCaller: Entry?
    @exclusivity(unchecked) private var publishedWaitingCount = 0
    @exclusivity(unchecked) private var arrivals = ArrivalOrder()
    #endif
    /// Handlings handed to the root that haven't reached the scheduler yet (``announceArrival()``): an
    /// answer given while some are on their way waits for them to join first.
    ///
    /// A counter of its own (an atomic, or a lock of its own that is never held while anything else
    /// runs), not the scheduler's lock: `handle` announces its error synchronously, and it may be called
    /// by code that runs while the scheduler's lock is held (an observer of the state, a presenter's
    /// cancellation handler), which must not wait on that lock. It is read and decremented only with the
    /// scheduler's lock held too, together with the joins.
    private let arriving = SharedCounter.make()
    /// The numbers of ``ArrivalOrder``, taken without the lock: the last one taken so far.
    private let arrivalNumbers = SharedCounter.make()

    /// The IDs of waiting callers, unique across every scheduler of the process, so a caller takes one
    /// without the scheduler's lock: its cancellation handler needs the ID before the caller enters.
    /// Waiter IDs are only ever compared with waiter IDs (entries and watchdogs count with `nextID`).
    private static let waiterIDs = SharedCounter.make()

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
        let waiterID = UInt64(bitPattern: Int64(Self.waiterIDs.add(1)))
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
                arriving.add(-1)
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
        arriving.add(1)
        return arrivalNumbers.add(1)
    }

    /// Ends the count of ``announceArrival()`` for a handling that ends without presenting.
    func withdrawArrival(_ arrival: Int) {
        arriving.add(-1)
        lock.withLock {
            arrivals.arrived(arrival)
            showNext()
        }
    }

    /// How many handlings are on their way (for tests).
    var arrivingCount: Int {
        arriving.load()
    }

    /// Closes the scheduler: withdraws every presentation, answers every caller with the fallback option
    /// (resolution ``Resolution/closed``), and answers later callers the same way at once.
    package func close() async {
        lock.withLock { closeLocked() }
    }

    // MARK: - Callers (the lock is held from here on)

    private func makeID() -> UInt64 {
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
            latest: arrival == nil ? arrivalNumbers.load() : 0
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

    /// Publishes how many blocking presentations wait, when that changed since it was last published:
    /// most presentations find none waiting before and after, and the state's check of an unchanged count
    /// would take its lock for nothing. Only this scheduler sets its state's count.
    private func publishWaitingCount() {
        guard pending.count != publishedWaitingCount else { return }
        publishedWaitingCount = pending.count
        state.setWaitingCount(pending.count)
    }

    // MARK: - Showing

    private func showNext() {
        guard !isClosed, current == nil, !pending.isEmpty else {
            publishWaitingCount()
            return
        }
        // Most severe first; among equals, the first handed in (``ArrivalOrder``), held back while one
        // handed in before it is on its way.
        var best = 0
        for index in pending.indices.dropFirst()
        where pending[index].severity > pending[best].severity
            || (pending[index].severity == pending[best].severity && pending[index].order < pending[best].order)
        {
            best = index
        }
        if pending[best].isArrival, arrivals.isOnTheWay(before: pending[best].order) {
            publishWaitingCount()
            return
        }
        let entry = pending.remove(at: best)
        current = entry
        state.setCurrent(entry.snapshot())
        publishWaitingCount()
        if let deadline = ask(entry) { arm(at: deadline) }
    }

    private func showBanner(_ entry: Entry) {
        banners.append(entry)
        state.setBanners(banners.map(\.presentation))
        let dismissal = timeline.deadline(after: bannerDuration)
        entry.dismissal = dismissal
        arm(at: ask(entry).map { min($0, dismissal) } ?? dismissal)
    }

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
    private func ask(_ entry: Entry) -> Duration? {
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
            let answer: RaceResult<Result<RecoveryOption?, any Error>> = Task.isCancelled ? .cancelled : .value(result)
            self.lock.withLock { self.presenterAnswered(entryID, answer) }
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
    private func startPresenter(_ entry: Entry, _ shown: SharedPresentation) {
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
            if arriving.load() > 0 { return false }
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
        let answer: RaceResult<Result<RecoveryOption?, any Error>> = Task.isCancelled ? .cancelled : .value(result)
        return lock.withLock {
            if waitingForArrivals, arriving.load() > 0 { return false }
            presenterAnswered(entryID, answer)
            return true
        }
    }

    private func presenterAnswered(_ entryID: UInt64, _ result: RaceResult<Result<RecoveryOption?, any Error>>) {
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

    private func dismissBanner(_ entryID: UInt64) {
        guard let index = banners.firstIndex(where: { $0.id == entryID }) else { return }
        let entry = banners.remove(at: index)
        entry.dismissal = nil
        state.setBanners(banners.map(\.presentation))
        forgetOpen(entry)
        if !entry.isAnswered {
            // The presenter is still busy with a banner that is gone: answer its callers now.
            entry.cancelPresenter()
            finish(entry, option: entry.fallbackOption, resolution: .dismissed)
        }
        entry.phase = .finished
    }

    /// Answers every caller of an entry, frees the screen for the next presentation, and keeps the
    /// answer where identical callers may still get it.
    private func finish(_ entry: Entry, option: RecoveryOption, resolution: Resolution) {
        guard !entry.isAnswered else { return }
        if !resolution.isChoice { entry.cancelPresenter() }
        let answer = Answer(
            option: option,
            resolution: resolution,
            isCoalesced: false,
            shown: entry.snapshot(),
            occurrences: entry.occurrences,
            group: entry.group
        )
        if entry.isBlocking {
            forgetOpen(entry)
            if current === entry {
                current = nil
                state.setCurrent(nil)
            }
            remember(entry, answer)
            showNext()
        } else {
            entry.phase = isClosed || !banners.contains(where: { $0 === entry }) ? .finished : .answered(answer)
            entry.group.openWindow()
        }
        let (first, others) = entry.waiters.removeAll()
        for (_, waiter) in others {
            var answer = answer
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
        if let (_, waiter) = first {
            var answer = consume answer
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
    }

    // MARK: - Watchdog

    /// Makes sure the watchdog wakes by a deadline.
    ///
    /// Presenter timeouts and banner durations are constant, so deadlines mostly come in order and the
    /// sleeping watchdog covers them: it wakes at its target and sleeps again until the next deadline.
    /// A sooner deadline (a banner after an alert) replaces it.
    private func arm(at deadline: Duration) {
        if let watchdog, watchdog.target <= deadline { return }
        watchdog?.task.cancel()
        let token = makeID()
        let timeline = self.timeline
        // Weak: a watchdog sleeping until a deadline far off must not keep a released scheduler alive.
        let task = Task.detached { [weak self] in
            var target = deadline
            while true {
                do {
                    try await timeline.sleep(until: target)
                } catch {
                    return  // Cancelled: replaced by a watchdog with a sooner target, or closed.
                }
                guard let scheduler = self,
                    let next = scheduler.lock.withLock({ scheduler.watchdogWoke(token) })
                else { return }
                target = next
            }
        }
        watchdog = Watchdog(task: task, target: deadline, token: token)
    }

    /// Times out the presentations and dismisses the banners whose deadline has passed, and returns the
    /// next deadline to sleep until, or `nil` when there is none (the watchdog then ends).
    private func watchdogWoke(_ token: UInt64) -> Duration? {
        guard let watchdog, watchdog.token == token, !isClosed else { return nil }
        let now = timeline.now
        enum Due {
            case timeout(UInt64)
            case dismissal(UInt64)
        }
        var due: [(deadline: Duration, what: Due)] = []
        if let current, let deadline = current.presenterDeadline, deadline <= now {
            due.append((deadline, .timeout(current.id)))
        }
        for banner in banners {
            if let deadline = banner.presenterDeadline, deadline <= now { due.append((deadline, .timeout(banner.id))) }
            if let deadline = banner.dismissal, deadline <= now { due.append((deadline, .dismissal(banner.id))) }
        }
        // Earliest first, as the sleeping tasks of separate deadlines would have woken.
        for (_, what) in due.sorted(by: { $0.deadline < $1.deadline }) {
            switch what {
            case .timeout(let id): presenterAnswered(id, .timedOut)
            case .dismissal(let id): dismissBanner(id)
            }
        }
        var next = current?.presenterDeadline
        for banner in banners {
            if let deadline = banner.presenterDeadline { next = min(next ?? deadline, deadline) }
            if let deadline = banner.dismissal { next = min(next ?? deadline, deadline) }
        }
        guard let next else {
            self.watchdog = nil
            return nil
        }
        self.watchdog?.target = next
        return next
    }

    // MARK: - Coalescing window

    /// Keeps a blocking entry's answer for identical presentations, or finishes the entry.
    private func remember(_ entry: Entry, _ answer: Answer) {
        if !recent.isEmpty {
            recent = recent.filter { !$0.value.group.isWindowOver }
        }
        guard coalescingWindow > .zero, !isClosed, entry.severity < .fatal,
            answer.resolution.isReusable
        else {
            entry.phase = .finished
            if !recent.isEmpty, let index = recent.index(forKey: entry.identity), recent.values[index] === entry {
                recent.remove(at: index)
            }
            return
        }
        entry.phase = .answered(answer)
        entry.group.openWindow()
        recent[entry.identity] = entry
    }

    private func recentlyAnswered(_ identity: PresentationIdentity, runningGroups: () -> Set<UInt64>) -> Entry? {
        guard !recent.isEmpty, let entry = recent[identity] else { return nil }
        if entry.group.isWindowOver {
            recent.removeValue(forKey: identity)
            entry.phase = .finished
            return nil
        }
        return runningGroups().contains(entry.group.id) ? nil : entry
    }

    /// Whether an answered entry's answer may answer an identical caller: its window is open and the
    /// caller doesn't run inside its action.
    private func isReusable(_ entry: Entry, runningGroups: () -> Set<UInt64>) -> Bool {
        !entry.group.isWindowOver && !runningGroups().contains(entry.group.id)
    }

    // MARK: - Bookkeeping

    private func forgetOpen(_ entry: Entry) {
        // One lookup: an index, then removal at it.
        if let index = open.index(forKey: entry.identity), open.values[index] === entry {
            open.remove(at: index)
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

/// Catches what an async throwing body throws, as a `Result`.
func captureResult<Success>(_ body: () async throws -> Success) async -> Result<Success, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

/// A presentation shared by reference between a scheduler's entry, the presenter, the observable state
/// and every caller's answer: each of them would otherwise copy it (a retain per text and list, a few
/// hundred instructions a copy).
final class SharedPresentation: Sendable {
    let value: Presentation

    init(_ value: Presentation) {
        self.value = value
    }

    /// Shares a presentation with its style replaced: the value is moved in, not copied.
    init(_ value: consuming Presentation, style: PresentationStyle) {
        value.style = style
        self.value = consume value
    }

    // The accessors below read the presentation in place: read through a class's property from
    // outside, the compiler copies the whole value first (a retain per text and list).

    var severity: Severity { value.severity }

    var isBlocking: Bool { value.style.isBlocking }

    var fallbackOption: RecoveryOption { value.fallbackOption }

    func immediateAnswer(from presenter: any ErrorPresenter) throws -> ImmediateAnswer {
        try presenter.immediateAnswer(to: value)
    }

    func option(matching answer: RecoveryOption) -> RecoveryOption? {
        value.option(matching: answer)
    }

    /// Whether a person could tell this presentation from another: its texts, severity, style and
    /// options' titles and roles, in order. Not its actions, its error or its count.
    func looksLike(_ other: SharedPresentation) -> Bool {
        value.title == other.value.title && value.message == other.value.message
            && value.detail == other.value.detail && value.severity == other.value.severity
            && value.style == other.value.style && Self.sameOptions(value.options, other.value.options)
    }

    private static func sameOptions(_ lhs: [RecoveryOption], _ rhs: [RecoveryOption]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where lhs[index].title != rhs[index].title || lhs[index].role != rhs[index].role {
            return false
        }
        return true
    }

    /// A copy of the presentation with a count of occurrences.
    func presentation(occurrences: Int) -> Presentation {
        var presentation = value
        presentation.occurrences = occurrences
        return presentation
    }
}
