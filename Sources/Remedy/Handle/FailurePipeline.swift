import Foundation
import Logging

/// What the operation's loop does after a failure was handled.
enum FailureDecision: Sendable {
    /// Run the operation again; the outcome says why (recovered, coalesced into a recovered
    /// presentation, taken over, or retrying automatically).
    case retry(HandlingOutcome)
    /// Stop with this outcome.
    case end(HandlingOutcome)
}

/// The path of a failure through the root (received, silenced, fatal, retried, ruled, presented, recovered,
/// logged) and what the root owns for it; shared by every scope of the tree and by handling in flight.
final class FailurePipeline: Sendable {
    let resolver: ErrorResolver
    /// The root's logger, or `nil` to log to swift-log's task-local `Logger.current`.
    let rootLogger: Logger?
    let clock: any Clock<Duration>
    /// The clock as durations since the root was made: deadlines without a closure each.
    let timeline: Timeline
    let configuration: ErrorScope.Configuration
    let scheduler: PresentationScheduler
    /// What the presenter can show: the style of each presentation is chosen from it.
    let capabilities: PresenterCapabilities
    let runner: RecoveryRunner
    let terminate: @Sendable (Presentation) -> Void
    private let cleanups = LockedValue<[@Sendable () async -> Void]>([])
    private let termination = LockedValue<Task<Void, Never>?>(nil)

    init(
        presenter: any ErrorPresenter,
        resolver: ErrorResolver,
        logger: Logger?,
        clock: any Clock<Duration>,
        configuration: ErrorScope.Configuration,
        terminate: @escaping @Sendable (Presentation) -> Void
    ) {
        self.resolver = resolver
        self.rootLogger = logger
        self.clock = clock
        self.timeline = Timeline(clock)
        self.configuration = configuration
        self.terminate = terminate
        self.capabilities = presenter.capabilities
        self.scheduler = PresentationScheduler(
            presenter: presenter,
            clock: clock,
            presenterTimeout: configuration.presenterTimeout,
            bannerDuration: configuration.bannerDuration,
            coalescingWindow: configuration.coalescingWindow
        )
        self.runner = RecoveryRunner(clock: clock, timeout: configuration.recoveryTimeout)
    }

    /// The logger of the failures handled now.
    var logger: Logger {
        rootLogger ?? Logger.current
    }

    func addCleanup(_ cleanup: @escaping @Sendable () async -> Void) {
        cleanups.withLock { $0.append(cleanup) }
    }

    // MARK: - One failure

    /// A failure taken as far as it goes without waiting: logged as received, its course decided, and
    /// when it is to be shown, entered into the scheduler.
    struct Received: Sendable {
        enum Next: Sendable {
            case decided(FailureDecision)
            case retryAutomatically(after: Duration)
            case takeOver(HandledError, ErrorRule, @Sendable (HandledError) async throws -> RecoveryOutcome)
            /// Shown once the minimum duration after the person's last choice has passed.
            case presentAfterGate(HandledError)
            /// Entered into the scheduler: the answer is awaited with the ticket.
            case answer(PresentationScheduler.Ticket, isFatal: Bool)
        }

        var record: FailureRecord
        var next: Next
    }

    /// Handles one failure of an operation. An error thrown by a recovery action or a take-over handler
    /// is handled here too, as a new error in the same scope, with a log record of its own.
    func process(_ error: any Error, _ context: inout HandlingState) async -> FailureDecision {
        await process(receive(error, &context), &context)
    }

    /// Goes on with a failure ``receive(_:_:isOperationFailure:checksCancellation:)`` took in.
    func process(_ received: Received, _ context: inout HandlingState) async -> FailureDecision {
        var received = received
        while true {
            switch await complete(&received, &context) {
            case .decided(let decision):
                return decision
            case .newError(let next):
                received = receive(next, &context, isOperationFailure: false)
            }
        }
    }

    /// Receives a failure without suspending (`handle` calls it in its caller's thread, so errors handed in one
    /// after the other are shown in that order). `isOperationFailure`: the operation's own error, not a recovery
    /// action's or a handler's; `checksCancellation`: whether the current task's cancellation gives it up.
    func receive(
        _ error: any Error,
        _ context: inout HandlingState,
        isOperationFailure: Bool = true,
        checksCancellation: Bool = true
    ) -> Received {
        let wrapped =
            isOperationFailure
            ? context.action.map { ContextError($0, wrapping: error, fileID: context.fileID, line: context.line) }
                ?? error : error
        let failure = received(wrapped, context)
        var record = FailureRecord(failure, logger: logger, fileID: context.fileID, line: context.line)
        let next = decide(failure, &record, &context, checksCancellation: checksCancellation)
        return Received(record: record, next: next)
    }

    enum Step {
        case decided(FailureDecision)
        case newError(any Error)
    }

    private func received(
        _ error: any Error,
        _ context: HandlingState,
        continuing reference: SupportReference? = nil
    ) -> HandledError {
        HandledError(
            resolved: resolver.addingAppModule(ofFileID: context.fileID).resolve(error),
            scopePath: context.scopePath,
            action: context.action,
            supportReference: reference
        )
    }

    private func decide(
        _ failure: consuming HandledError,
        _ record: inout FailureRecord,
        _ context: inout HandlingState,
        checksCancellation: Bool
    ) -> Received.Next {
        if failure.isSilent {
            record.outcome(.silenced)
            return .decided(.end(.silenced))
        }
        if checksCancellation, Task.isCancelled {
            record.outcome(.gaveUp, ["reason": "cancelled"])
            return .decided(.end(.gaveUp))
        }
        if failure.severity == .fatal {
            return enterFatal(failure, &record)
        }
        if let delay = automaticRetryDelay(failure, context) {
            context.automaticRetries += 1
            record.outcome(
                .retrying,
                ["retry": "automatic", "automaticRetry": "\(context.automaticRetries)", "delay": "\(delay)"]
            )
            return .retryAutomatically(after: delay)
        }
        // Consumed, so the rules' replacement goes in its place without a copy of the resolved failure.
        switch applyRules(to: &failure, &record, context) {
        case .passedOn:
            guard context.gate == nil else { return .presentAfterGate(failure) }
            return .answer(enter(failure, &context), isFatal: false)
        case .silenced(let rule):
            record.outcome(.silenced, ["rule": "\(rule.name)"])
            return .decided(.end(.silenced))
        case .fatal:
            return enterFatal(failure, &record)
        case .takenOver(let rule, let handler):
            return .takeOver(failure, rule, handler)
        }
    }

    /// Waits for what a received failure waits for, and goes on with it.
    private func complete(_ received: inout Received, _ context: inout HandlingState) async -> Step {
        switch received.next {
        case .decided(let decision):
            return .decided(decision)
        case .retryAutomatically(let delay):
            do {
                try await clock.sleep(for: delay)
            } catch {
                return .decided(.end(.gaveUp))
            }
            return .decided(.retry(.retrying))
        case .takeOver(let failure, let rule, let handler):
            return await takeOver(failure, by: rule, handler: handler, &received.record, &context)
        case .presentAfterGate(let failure):
            if let gate = context.gate {
                // Cancellation ends the wait; the check below then gives up.
                try? await timeline.sleep(until: gate)
                context.gate = nil
            }
            if Task.isCancelled {
                received.record.outcome(.gaveUp, ["reason": "cancelled"])
                return .decided(.end(.gaveUp))
            }
            return await answered(enter(failure, &context), &received.record, &context)
        case .answer(let ticket, let isFatal):
            guard isFatal else { return await answered(ticket, &received.record, &context) }
            return .decided(await fatalAnswered(ticket, &received.record))
        }
    }

    /// The delay before an automatic retry, or `nil` when the failure isn't retried automatically.
    @inline(never)
    private func automaticRetryDelay(_ failure: HandledError, _ context: HandlingState) -> Duration? {
        guard context.canRetry,
            context.retryPolicy.retries(
                failure,
                retriesSoFar: context.automaticRetries,
                isIdempotent: context.isIdempotent
            )
        else { return nil }
        return context.retryPolicy.delay(
            beforeRetry: context.automaticRetries,
            retryAfter: failure.interpretation.retryAfter
        )
    }

    // MARK: - Rules

    /// The rules, innermost scope first (``ErrorRule/apply(_:to:replacement:mayTakeOver:note:)``).
    @inline(never)
    private func applyRules(to failure: inout HandledError, _ record: inout FailureRecord, _ context: HandlingState)
        -> ErrorRule.Verdict
    {
        // At the recovery limit nothing is taken over again: the failure is shown with OK only.
        let isAtRecoveryLimit = context.recoveries >= configuration.maximumRecoveries
        let reference = failure.supportReference
        let rules = context.chain.lazy.flatMap { link in link.rules.lazy.map { (rule: $0, scope: link.path) } }
        let (verdict, replacedBy) = ErrorRule.apply(
            rules,
            to: &failure,
            replacement: { received($0, context, continuing: reference) },
            // Inside a rule's own take-over, taking over again would wait on itself.
            mayTakeOver: { !isAtRecoveryLimit && !RecoveryRunner.isRunningTakeOver(of: $0) },
            note: { note in
                switch note {
                case .threw(let error, let rule, let scope):
                    record.problem(
                        "An error rule threw; the error is passed on",
                        error: error,
                        ["rule": "\(rule.name)", "scope": "\(scope)"]
                    )
                case .declinedTakeOver(let rule, let scope):
                    guard !isAtRecoveryLimit else { return }
                    record.problem(
                        "A take-over's own work failed into the same rule; the error is passed on",
                        ["rule": "\(rule.name)", "scope": "\(scope)"]
                    )
                }
            }
        )
        if replacedBy != nil { record.replaced(by: failure) }
        return verdict
    }

    @inline(never)
    private func takeOver(
        _ failure: HandledError,
        by rule: ErrorRule,
        handler: @escaping @Sendable (HandledError) async throws -> RecoveryOutcome,
        _ record: inout FailureRecord,
        _ context: inout HandlingState
    ) async -> Step {
        // The rules checked that this task doesn't run inside the rule's own take-over.
        let result = await runner.takeOver(by: rule, logger: logger) { try await handler(failure) }
        func metadata(retry: String? = nil) -> Logger.Metadata {
            var metadata: Logger.Metadata = ["rule": "\(rule.name)", "recovery": "\(result.name)"]
            if let retry { metadata["retry"] = "\(retry)" }
            return metadata
        }
        switch result {
        case .finished(.recovered) where context.canRetry:
            record.outcome(.takenOver, metadata(retry: "afterTakeOver"))
            context.recoveries += 1
            return .decided(.retry(.takenOver))
        case .finished:
            record.outcome(.takenOver, metadata())
            return .decided(.end(.takenOver))
        case .failed(let handlerError):
            record.outcome(.takenOver, metadata())
            context.recoveries += 1
            return .newError(handlerError)
        case .timedOut:
            record.outcome(.takenOver, level: .info, metadata())
            return .decided(.end(.gaveUp))
        case .cancelled, .alreadyRunning:
            record.outcome(.gaveUp, metadata())
            return .decided(.end(.gaveUp))
        }
    }

    /// Whether a failure offers "Try Again": it isn't permanent, it has no options of its own besides
    /// Try Again (a cancel option doesn't count: every presentation with an action has one), and it is
    /// transient or of a retryable category.
    func offersRetry(_ failure: HandledError) -> Bool {
        failure.resolved.offersRetry(retryableCategories: configuration.retryableCategories)
    }

    /// The presentation of a failure, made only now, just before it is shown, in the style the presenter
    /// can show.
    func makePresentation(
        _ failure: HandledError,
        offeringRetry: Bool,
        acknowledgementOnly: Bool
    ) -> Presentation {
        let interpretation = failure.interpretation
        let localization = resolver.localization
        // "Try Again" (the catalog's or the error's) only where there is something to run again. Filtered
        // only when there is one: a filter walks the options and builds a new array even when it keeps all.
        var options = interpretation.options
        if !offeringRetry, options.contains(where: \.isRetry) {
            options.removeAll(where: \.isRetry)
        }
        var detail = interpretation.detail
        if acknowledgementOnly {
            options = []
            let limit = localization.string(forKey: "handling.retryLimit.detail")
            detail = detail.map { "\($0)\n\(limit)" } ?? limit
        } else if offeringRetry, !options.contains(where: \.isRetry) {
            options.insert(.retry, at: 0)
        }
        var presentation = failure.resolved.presentation(
            options: options,
            detail: detail,
            supportReference: failure.supportReference,
            localization: localization
        )
        presentation.style = capabilities.style(for: presentation)
        return presentation
    }

    /// Closes the scheduler, runs every cleanup hook once (newest first, each within the cleanup
    /// timeout), then terminates. Racing fatal errors share the one termination.
    func terminateOnce(_ presentation: Presentation) async {
        let logger = self.logger
        let task = termination.withLock { termination -> Task<Void, Never> in
            if let termination { return termination }
            let task = Task {
                [scheduler, cleanups, clock, terminate, cleanupTimeout = configuration.cleanupTimeout] in
                scheduler.close()
                let hooks = cleanups.withLock { hooks in
                    defer { hooks.removeAll() }
                    return hooks
                }
                for hook in hooks.reversed() {
                    let ran = await Race.run(timeout: cleanupTimeout, clock: clock) {
                        await hook()
                        return .finished(.notRecovered)
                    }
                    if case .timedOut = ran {
                        logger.info(
                            "A fatal-error cleanup hook did not finish in time; moving on",
                            metadata: ["timeout": "\(cleanupTimeout)"]
                        )
                    }
                }
                terminate(presentation)
            }
            termination = task
            return task
        }
        // A cancelled caller stops waiting; the termination goes on for the others.
        _ = await Race.run(timeout: nil, clock: clock) {
            await task.value
            return .finished(.notRecovered)
        }
    }
}
