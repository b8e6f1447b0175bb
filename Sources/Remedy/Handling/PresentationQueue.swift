import Logging

/// The root's queue of presentations: one blocking presentation at a time, banners alongside, identical
/// presentations coalesced, the most severe first, and never stuck.
///
/// - **One at a time.** Alerts, routes and fatal errors are shown one after another; banners
///   (``PresentationStyle/banner``) are shown at once, alongside, and go away after the banner duration.
/// - **Most severe first.** Waiting presentations are shown by severity, then in arrival order. A fatal
///   presentation doesn't wait for a less severe one being shown: that one is dismissed (its callers get
///   its fallback option) and the fatal one is shown at once.
/// - **Coalesced.** A presentation with the same ``Presentation/groupingKey`` as one that is waiting or
///   showing joins it: it is shown once, its ``Presentation/occurrences`` counts every error, and every
///   caller gets the same answer. The chosen option's action runs once, for all of them.
/// - **Never stuck.** A presenter that throws, answers with an option that isn't part of the
///   presentation, returns `nil`, or doesn't answer within the presenter timeout; a caller that is
///   cancelled; the queue closing — each releases the queue and answers every caller, with the
///   presentation's ``Presentation/fallbackOption`` where nobody chose.
///
/// The root ``ErrorScope`` owns one; use it directly only to build your own handling on top.
public actor PresentationQueue {
    /// Why a presentation was answered as it was.
    public enum Resolution: Sendable, CustomStringConvertible {
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
        /// The queue was closed: the root scope was released, or the process is ending.
        case closed

        /// Whether a person actually chose the option.
        public var isChoice: Bool {
            if case .chosen = self { return true }
            return false
        }

        /// A short name for logs: `chosen`, `dismissed`, `timedOut`…
        public var description: String {
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
    public struct Answer: Sendable {
        /// The option chosen, or the fallback option when nobody chose.
        public var option: RecoveryOption
        /// What the option's action achieved, or what it threw. The action runs once per presentation.
        public var outcome: Result<RecoveryOutcome, any Error>
        /// Why the answer is what it is.
        public var resolution: Resolution
        /// Whether this caller joined an identical presentation that was already waiting or showing.
        public var isCoalesced: Bool
        /// The presentation as it was finally shown, with its count of occurrences.
        public var presentation: Presentation
    }

    private final class Entry {
        let id: UInt64
        let sequence: UInt64
        var presentation: Presentation
        var waiters: [UInt64: (continuation: CheckedContinuation<Answer, Never>, isCoalesced: Bool)] = [:]
        var showTask: Task<Void, Never>?
        var isShowing = false
        /// Set once a blocking presentation's answer is known; no one joins it then, so a recovery
        /// action that runs into the same error again (re-entrancy) gets a presentation of its own.
        var isAnswered = false
        /// Set once the answer is known and the option's action runs, so the action runs only once.
        var hasAnswer = false
        /// For banners: the final answer, handed to callers that join while the banner is visible.
        var bannerAnswer: Answer?

        init(id: UInt64, sequence: UInt64, presentation: Presentation) {
            self.id = id
            self.sequence = sequence
            self.presentation = presentation
        }
    }

    /// The observable view of what is shown.
    public nonisolated let state: PresentationState

    private let presenter: any ErrorPresenter
    private let clock: any Clock<Duration>
    private let presenterTimeout: Duration
    private let actionTimeout: Duration
    private let bannerDuration: Duration
    private let logger: Logger

    private var nextID: UInt64 = 0
    private var open: [String: Entry] = [:]
    private var pending: [Entry] = []
    private var current: Entry?
    private var banners: [Entry] = []
    private var entryOfWaiter: [UInt64: Entry] = [:]
    private var isClosed = false

    /// Creates a queue.
    ///
    /// - Parameters:
    ///   - presenter: Shows the presentations.
    ///   - clock: The clock of every timeout and of banner dismissal.
    ///   - presenterTimeout: How long the presenter may take to answer before the fallback option is used.
    ///   - actionTimeout: How long a chosen option's action may run before it counts as not recovered.
    ///   - bannerDuration: How long a banner stays in ``state`` before it goes away by itself.
    ///   - logger: Where the queue's own problems (a presenter that throws or times out) are logged.
    ///   - state: The observable state to update.
    public init(
        presenter: any ErrorPresenter,
        clock: any Clock<Duration>,
        presenterTimeout: Duration,
        actionTimeout: Duration,
        bannerDuration: Duration,
        logger: Logger,
        state: PresentationState = PresentationState()
    ) {
        self.presenter = presenter
        self.clock = clock
        self.presenterTimeout = presenterTimeout
        self.actionTimeout = actionTimeout
        self.bannerDuration = bannerDuration
        self.logger = logger
        self.state = state
    }

    /// Shows a presentation (or joins an identical one) and waits for the answer.
    ///
    /// Always returns: see the type's discussion for every way a presentation ends. Cancelling the
    /// calling task answers it at once with the fallback option; when no caller of a presentation is left
    /// waiting, the presentation is withdrawn.
    ///
    /// - Parameter presentation: The presentation to show.
    /// - Returns: The answer, and the outcome of the chosen option's action.
    public func present(_ presentation: Presentation) async -> Answer {
        guard !isClosed else {
            return Answer(
                option: presentation.fallbackOption,
                outcome: .success(.notRecovered),
                resolution: .closed,
                isCoalesced: false,
                presentation: presentation
            )
        }
        nextID += 1
        let waiterID = nextID
        if let entry = open[presentation.groupingKey], !entry.isAnswered {
            entry.presentation.occurrences += 1
            publish(entry)
            if var answer = entry.bannerAnswer {
                answer.isCoalesced = true
                answer.presentation = entry.presentation
                return answer
            }
            return await wait(waiterID, on: entry, isCoalesced: true)
        }
        nextID += 1
        let entry = Entry(id: nextID, sequence: nextID, presentation: presentation)
        open[presentation.groupingKey] = entry
        if presentation.style.isBlocking {
            pending.append(entry)
            if presentation.severity == .fatal, let current, current.presentation.severity < .fatal {
                finishShowing(current, option: current.presentation.fallbackOption, resolution: .preempted)
            }
            showNext()
        } else {
            showBanner(entry)
        }
        return await wait(waiterID, on: entry, isCoalesced: false)
    }

    /// Closes the queue: withdraws every presentation, answers every caller with the fallback option
    /// (resolution ``Resolution/closed``, no action run), and answers later callers the same way at once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        let entries = Set(entryOfWaiter.values.map(ObjectIdentifier.init)).count
        logger.debug("Presentation queue closed", metadata: ["waitingPresentations": "\(entries)"])
        for entry in banners + pending + [current].compactMap({ $0 }) {
            entry.showTask?.cancel()
        }
        for entry in Array(entryOfWaiter.values) {
            entry.showTask?.cancel()
            resolve(entry, option: entry.presentation.fallbackOption, outcome: .success(.notRecovered), .closed)
        }
        open.removeAll()
        pending.removeAll()
        current = nil
        banners.removeAll()
        state.setCurrent(nil)
        state.setBanners([])
        state.setWaitingCount(0)
    }

    // MARK: - Waiting

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
                outcome: .success(.notRecovered),
                resolution: .cancelled,
                isCoalesced: waiter.isCoalesced,
                presentation: entry.presentation
            )
        )
        guard entry.waiters.isEmpty, !entry.isAnswered, entry.presentation.style.isBlocking else { return }
        // Nobody waits for this presentation any more: withdraw it.
        entry.showTask?.cancel()
        entry.isAnswered = true
        removeOpen(entry)
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

    // MARK: - Blocking presentations

    private func showNext() {
        guard !isClosed, current == nil, !pending.isEmpty else {
            state.setWaitingCount(pending.count)
            return
        }
        // Most severe first; among equals, the oldest.
        var best = 0
        for index in pending.indices.dropFirst() {
            let candidate = pending[index]
            let chosen = pending[best]
            if candidate.presentation.severity > chosen.presentation.severity {
                best = index
            } else if candidate.presentation.severity == chosen.presentation.severity,
                candidate.sequence < chosen.sequence
            {
                best = index
            }
        }
        let entry = pending.remove(at: best)
        current = entry
        entry.isShowing = true
        state.setCurrent(entry.presentation)
        state.setWaitingCount(pending.count)
        let presentation = entry.presentation
        entry.showTask = Task { [presenter, clock, presenterTimeout] in
            let result = await Race.run(timeout: presenterTimeout, clock: clock) {
                await captureResult { try await presenter.present(presentation) }
            }
            self.presenterAnswered(entry.id, result)
        }
    }

    private func presenterAnswered(_ entryID: UInt64, _ result: RaceResult<Result<RecoveryOption?, any Error>>) {
        let entry: Entry
        if let current, current.id == entryID {
            entry = current
        } else if let banner = banners.first(where: { $0.id == entryID }), !banner.hasAnswer {
            entry = banner
        } else {
            return  // Withdrawn, preempted or closed meanwhile.
        }
        let (option, resolution) = interpret(result, for: entry.presentation)
        finishShowing(entry, option: option, resolution: resolution)
    }

    private func interpret(
        _ result: RaceResult<Result<RecoveryOption?, any Error>>,
        for presentation: Presentation
    ) -> (RecoveryOption, Resolution) {
        switch result {
        case .value(.success(let answer?)):
            if let option = presentation.option(matching: answer) { return (option, .chosen) }
            logger.warning(
                "The presenter answered with an option that is not part of the presentation",
                metadata: ["option": "\(answer.title)", "groupingKey": "\(presentation.groupingKey)"]
            )
            return (presentation.fallbackOption, .unknownOption)
        case .value(.success(nil)):
            return (presentation.fallbackOption, .dismissed)
        case .value(.failure(let error)):
            logger.warning(
                "The presenter failed to show a presentation",
                metadata: ["error": "\(ErrorReport(error).summary)", "groupingKey": "\(presentation.groupingKey)"]
            )
            return (presentation.fallbackOption, .presenterFailed(error))
        case .timedOut:
            logger.warning(
                "The presenter did not answer in time",
                metadata: ["timeout": "\(presenterTimeout)", "groupingKey": "\(presentation.groupingKey)"]
            )
            return (presentation.fallbackOption, .timedOut)
        case .cancelled:
            return (presentation.fallbackOption, .cancelled)
        }
    }

    /// Releases the queue for the next presentation, then runs the option's action once for every caller.
    private func finishShowing(_ entry: Entry, option: RecoveryOption, resolution: Resolution) {
        guard !entry.hasAnswer else { return }
        entry.hasAnswer = true
        // A banner keeps taking joiners while it is visible; they share its answer.
        if entry.presentation.style.isBlocking { entry.isAnswered = true }
        if resolution.isPreemption { entry.showTask?.cancel() }
        if current === entry {
            current = nil
            removeOpen(entry)
            state.setCurrent(nil)
            showNext()
        }
        Task { [clock, actionTimeout, logger] in
            let outcome: Result<RecoveryOutcome, any Error>
            switch await Race.run(
                timeout: actionTimeout, clock: clock, { await captureResult { try await option.perform() } })
            {
            case .value(let result):
                outcome = result
            case .timedOut:
                logger.warning(
                    "A recovery action did not finish in time; it counts as not recovered",
                    metadata: ["option": "\(option.title)", "timeout": "\(actionTimeout)"]
                )
                outcome = .success(.notRecovered)
            case .cancelled:
                outcome = .success(.notRecovered)
            }
            self.resolve(entry, option: option, outcome: outcome, resolution)
        }
    }

    private func resolve(
        _ entry: Entry,
        option: RecoveryOption,
        outcome: Result<RecoveryOutcome, any Error>,
        _ resolution: Resolution
    ) {
        entry.hasAnswer = true
        if entry.presentation.style.isBlocking || isClosed { entry.isAnswered = true }
        let waiters = entry.waiters
        entry.waiters.removeAll()
        var answer = Answer(
            option: option,
            outcome: outcome,
            resolution: resolution,
            isCoalesced: false,
            presentation: entry.presentation
        )
        if !entry.presentation.style.isBlocking, !isClosed {
            entry.bannerAnswer = answer
        }
        for (waiterID, waiter) in waiters {
            entryOfWaiter.removeValue(forKey: waiterID)
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
    }

    // MARK: - Banners

    private func showBanner(_ entry: Entry) {
        banners.append(entry)
        entry.isShowing = true
        state.setBanners(banners.map(\.presentation))
        let presentation = entry.presentation
        entry.showTask = Task { [presenter, clock, presenterTimeout] in
            let result = await Race.run(timeout: presenterTimeout, clock: clock) {
                await captureResult { try await presenter.present(presentation) }
            }
            self.presenterAnswered(entry.id, result)
        }
        Task { [clock, bannerDuration] in
            try? await clock.sleep(for: bannerDuration)
            self.dismissBanner(entry.id)
        }
    }

    private func dismissBanner(_ entryID: UInt64) {
        guard let index = banners.firstIndex(where: { $0.id == entryID }) else { return }
        let entry = banners.remove(at: index)
        removeOpen(entry)
        state.setBanners(banners.map(\.presentation))
        entry.isAnswered = true
        if !entry.hasAnswer {
            // The presenter is still busy with a banner that is gone: answer its callers now.
            entry.showTask?.cancel()
            finishShowing(entry, option: entry.presentation.fallbackOption, resolution: .dismissed)
        }
    }

    // MARK: - Bookkeeping

    private func removeOpen(_ entry: Entry) {
        if open[entry.presentation.groupingKey] === entry {
            open.removeValue(forKey: entry.presentation.groupingKey)
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

extension PresentationQueue.Resolution {
    fileprivate var isPreemption: Bool {
        if case .preempted = self { return true }
        return false
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
