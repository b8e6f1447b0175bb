/// What a person would see of a presentation. Two presentations with the same identity can't be told
/// apart, so the scheduler shows them once; presentations that differ in any of these are never merged.
///
/// The grouping key (an error's shape) is a different thing, for logs and analytics: two errors of one
/// type with different messages share a grouping key but not an identity.
///
/// The hash is computed once, when the identity is made: the scheduler looks an identity up several
/// times per presentation (open, recently answered, forgotten), and hashing the texts each time would
/// cost more than all the lookups.
struct PresentationIdentity: Hashable, Sendable {
    let title: String
    let message: String
    let detail: String?
    let severity: Severity
    let style: PresentationStyle
    let optionTitles: [String]
    let optionRoles: [RecoveryOption.Role]
    private let hash: Int

    init(_ presentation: Presentation) {
        title = presentation.title
        message = presentation.message
        detail = presentation.detail
        severity = presentation.severity
        style = presentation.style
        optionTitles = presentation.options.map(\.title)
        optionRoles = presentation.options.map(\.role)
        var hasher = Hasher()
        hasher.combine(title)
        hasher.combine(message)
        hasher.combine(detail)
        hasher.combine(severity)
        hasher.combine(style)
        hasher.combine(optionTitles)
        hasher.combine(optionRoles)
        hash = hasher.finalize()
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.title == rhs.title && lhs.message == rhs.message && lhs.detail == rhs.detail
            && lhs.severity == rhs.severity && lhs.style == rhs.style && lhs.optionTitles == rhs.optionTitles
            && lhs.optionRoles == rhs.optionRoles
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

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
/// - **Answered once per burst.** After a blocking presentation is answered, an identical one that
///   arrives within the coalescing window gets the same answer at once, unless the caller runs inside
///   that answer's own recovery (it would wait on itself) or says it must be shown again. The window ends
///   `coalescingWindow` after the answer and after its recovery finished, whichever is later. Fatal
///   presentations never reuse an answer.
/// - **Never stuck.** A presenter that throws, answers with an option that isn't part of the
///   presentation, returns `nil`, or doesn't answer within the presenter timeout; a caller that is
///   cancelled; the scheduler closing — each answers every caller, with the fallback option where nobody
///   chose.
package actor PresentationScheduler {
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
        package var presentation: Presentation
        /// Every caller of the presentation shares it: the option's action runs once for all of them.
        package var group: RecoveryGroup
    }

    /// One presentation and its callers.
    private final class Entry {
        /// Where an entry is on its way. Each phase says everything there is to know.
        enum Phase {
            /// Blocking, waiting for its turn.
            case waiting
            /// The presenter has it: the first task delivers the presenter's answer, the second the
            /// presenter timeout.
            case showing(Task<Void, Never>, timeout: Task<Void, Never>)
            /// Answered. A banner stays here while it is visible, a blocking presentation while its
            /// coalescing window is open: identical callers get the answer at once.
            case answered(Answer)
            /// Done: nobody can join it any more.
            case finished
        }

        let id: UInt64
        let identity: PresentationIdentity
        let group: RecoveryGroup
        var presentation: Presentation
        var phase = Phase.waiting
        var waiters: [UInt64: (continuation: CheckedContinuation<Answer, Never>, isCoalesced: Bool)] = [:]

        init(id: UInt64, identity: PresentationIdentity, presentation: Presentation, group: RecoveryGroup) {
            self.id = id
            self.identity = identity
            self.presentation = presentation
            self.group = group
        }

        var isBlocking: Bool { presentation.style.isBlocking }

        var isAnswered: Bool {
            switch phase {
            case .waiting, .showing: false
            case .answered, .finished: true
            }
        }
    }

    /// The observable view of what is shown.
    package nonisolated let state: PresentationState

    private let presenter: any ErrorPresenter
    private let clock: any Clock<Duration>
    private let presenterTimeout: Duration
    private let bannerDuration: Duration
    private let coalescingWindow: Duration

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
    private var entryOfWaiter: [UInt64: Entry] = [:]

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
        self.clock = clock
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
    nonisolated package func present(
        _ presentation: Presentation,
        reusesRecentAnswer: Bool = true,
        runningGroups: Set<UInt64> = []
    ) async -> Answer {
        // Made before entering the actor: callers build their identities in parallel, and the actor,
        // which every presentation of the root goes through, only looks them up.
        let identity = PresentationIdentity(presentation)
        return await present(
            presentation,
            identity: identity,
            reusesRecentAnswer: reusesRecentAnswer,
            runningGroups: runningGroups
        )
    }

    private func present(
        _ presentation: Presentation,
        identity: PresentationIdentity,
        reusesRecentAnswer: Bool,
        runningGroups: Set<UInt64>
    ) async -> Answer {
        guard !isClosed else {
            return Answer(
                option: presentation.fallbackOption,
                resolution: .closed,
                isCoalesced: false,
                presentation: presentation,
                group: RecoveryGroup(id: 0, clock: clock, window: .zero)
            )
        }
        nextID += 1
        let waiterID = nextID
        if let entry = open[identity] {
            return await join(entry, waiterID)
        }
        if reusesRecentAnswer, let entry = recentlyAnswered(identity, runningGroups: runningGroups) {
            return await join(entry, waiterID)
        }
        nextID += 1
        let entry = Entry(
            id: nextID,
            identity: identity,
            presentation: presentation,
            group: RecoveryGroup(id: nextID, clock: clock, window: coalescingWindow)
        )
        open[identity] = entry
        if entry.isBlocking {
            pending.append(entry)
            if presentation.severity == .fatal, let current, current.presentation.severity < .fatal {
                finish(current, option: current.presentation.fallbackOption, resolution: .preempted)
            }
            showNext()
        } else {
            showBanner(entry)
        }
        return await wait(waiterID, on: entry, isCoalesced: false)
    }

    /// Closes the scheduler: withdraws every presentation, answers every caller with the fallback option
    /// (resolution ``Resolution/closed``), and answers later callers the same way at once.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        for entry in banners + pending + [current].compactMap({ $0 }) {
            if case .showing(let task, let timeout) = entry.phase {
                task.cancel()
                timeout.cancel()
            }
        }
        // Entries with callers: a second visit of one entry finds it answered and does nothing.
        for entry in Array(entryOfWaiter.values) {
            finish(entry, option: entry.presentation.fallbackOption, resolution: .closed)
        }
        open.removeAll()
        recent.removeAll()
        pending.removeAll()
        current = nil
        banners.removeAll()
        state.setCurrent(nil)
        state.setBanners([])
        state.setWaitingCount(0)
    }

    // MARK: - Callers

    private func join(_ entry: Entry, _ waiterID: UInt64) async -> Answer {
        entry.presentation.occurrences += 1
        publish(entry)
        if case .answered(var answer) = entry.phase {
            answer.isCoalesced = true
            answer.presentation = entry.presentation
            return answer
        }
        return await wait(waiterID, on: entry, isCoalesced: true)
    }

    private func wait(_ waiterID: UInt64, on entry: Entry, isCoalesced: Bool) async -> Answer {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                entry.waiters[waiterID] = (continuation, isCoalesced)
                entryOfWaiter[waiterID] = entry
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiterID) }
        }
    }

    private func cancelWaiter(_ waiterID: UInt64) {
        guard let entry = entryOfWaiter.removeValue(forKey: waiterID),
            let waiter = entry.waiters.removeValue(forKey: waiterID)
        else { return }
        waiter.continuation.resume(
            returning: Answer(
                option: entry.presentation.fallbackOption,
                resolution: .cancelled,
                isCoalesced: waiter.isCoalesced,
                presentation: entry.presentation,
                group: entry.group
            )
        )
        guard entry.waiters.isEmpty, entry.isBlocking, !entry.isAnswered else { return }
        // Nobody waits for this presentation any more: withdraw it.
        if case .showing(let task, let timeout) = entry.phase {
            task.cancel()
            timeout.cancel()
        }
        entry.phase = .finished
        forgetOpen(entry)
        if let index = pending.firstIndex(where: { $0 === entry }) {
            pending.remove(at: index)
            state.setWaitingCount(pending.count)
        }
        if current === entry {
            current = nil
            state.setCurrent(nil)
            showNext()
        }
    }

    // MARK: - Showing

    private func showNext() {
        guard !isClosed, current == nil, !pending.isEmpty else {
            state.setWaitingCount(pending.count)
            return
        }
        // Most severe first; among equals, the oldest (pending is in arrival order).
        var best = 0
        for index in pending.indices.dropFirst()
        where pending[index].presentation.severity > pending[best].presentation.severity {
            best = index
        }
        let entry = pending.remove(at: best)
        current = entry
        state.setCurrent(entry.presentation)
        state.setWaitingCount(pending.count)
        entry.phase = ask(entry)
    }

    private func showBanner(_ entry: Entry) {
        banners.append(entry)
        state.setBanners(banners.map(\.presentation))
        entry.phase = ask(entry)
        Task { [clock, bannerDuration] in
            try? await clock.sleep(for: bannerDuration)
            self.dismissBanner(entry.id)
        }
    }

    /// Hands a presentation to the presenter, within the presenter timeout.
    ///
    /// Two unstructured tasks race: the presenter's and the timeout's. Whichever reports first answers
    /// the entry; the other finds it answered and does nothing, and `finish` cancels both. A presenter
    /// that ignores cancellation and never returns leaves only its own task behind.
    private func ask(_ entry: Entry) -> Entry.Phase {
        let presentation = entry.presentation
        let entryID = entry.id
        // The timeout first: its sleep starts before a presenter that answers at once can cancel it, as a
        // test clock that counts sleeps expects.
        let timeout = Task.detached { [clock, presenterTimeout] in
            do {
                try await clock.sleep(for: max(presenterTimeout, .zero))
            } catch {
                return  // Cancelled: answered first.
            }
            await self.presenterAnswered(entryID, .timedOut)
        }
        let task = Task.detached { [presenter] in
            let result = await captureResult { try await presenter.present(presentation) }
            await self.presenterAnswered(entryID, Task.isCancelled ? .cancelled : .value(result))
        }
        return .showing(task, timeout: timeout)
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
        let presentation = entry.presentation
        switch result {
        case .value(.success(let answer?)):
            if let option = presentation.option(matching: answer) {
                finish(entry, option: option, resolution: .chosen)
            } else {
                finish(entry, option: presentation.fallbackOption, resolution: .unknownOption)
            }
        case .value(.success(nil)):
            finish(entry, option: presentation.fallbackOption, resolution: .dismissed)
        case .value(.failure(let error)):
            finish(entry, option: presentation.fallbackOption, resolution: .presenterFailed(error))
        case .timedOut:
            finish(entry, option: presentation.fallbackOption, resolution: .timedOut)
        case .cancelled:
            finish(entry, option: presentation.fallbackOption, resolution: .cancelled)
        }
    }

    private func dismissBanner(_ entryID: UInt64) {
        guard let index = banners.firstIndex(where: { $0.id == entryID }) else { return }
        let entry = banners.remove(at: index)
        state.setBanners(banners.map(\.presentation))
        forgetOpen(entry)
        if !entry.isAnswered {
            // The presenter is still busy with a banner that is gone: answer its callers now.
            if case .showing(let task, let timeout) = entry.phase {
                task.cancel()
                timeout.cancel()
            }
            finish(entry, option: entry.presentation.fallbackOption, resolution: .dismissed)
        }
        entry.phase = .finished
    }

    /// Answers every caller of an entry, frees the screen for the next presentation, and keeps the
    /// answer where identical callers may still get it.
    private func finish(_ entry: Entry, option: RecoveryOption, resolution: Resolution) {
        guard !entry.isAnswered else { return }
        if case .showing(let task, let timeout) = entry.phase {
            timeout.cancel()
            if !resolution.isChoice { task.cancel() }
        }
        let answer = Answer(
            option: option,
            resolution: resolution,
            isCoalesced: false,
            presentation: entry.presentation,
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
        }
        let waiters = entry.waiters
        entry.waiters.removeAll()
        for (waiterID, waiter) in waiters {
            entryOfWaiter.removeValue(forKey: waiterID)
            var answer = answer
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
    }

    // MARK: - Coalescing window

    /// Keeps a blocking entry's answer for identical presentations, or finishes the entry.
    private func remember(_ entry: Entry, _ answer: Answer) {
        recent = recent.filter { !$0.value.group.isWindowOver }
        guard coalescingWindow > .zero, !isClosed, entry.presentation.severity < .fatal,
            answer.resolution.isReusable
        else {
            entry.phase = .finished
            if recent[entry.identity] === entry { recent.removeValue(forKey: entry.identity) }
            return
        }
        entry.phase = .answered(answer)
        entry.group.openWindow()
        recent[entry.identity] = entry
    }

    private func recentlyAnswered(_ identity: PresentationIdentity, runningGroups: Set<UInt64>) -> Entry? {
        guard let entry = recent[identity] else { return nil }
        if entry.group.isWindowOver {
            recent.removeValue(forKey: identity)
            entry.phase = .finished
            return nil
        }
        return runningGroups.contains(entry.group.id) ? nil : entry
    }

    // MARK: - Bookkeeping

    private func forgetOpen(_ entry: Entry) {
        if open[entry.identity] === entry {
            open.removeValue(forKey: entry.identity)
        }
    }

    private func publish(_ entry: Entry) {
        if current === entry {
            state.setCurrent(entry.presentation)
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
