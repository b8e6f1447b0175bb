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

/// The path of a failure through the root, and everything the root owns for it: the resolver, the
/// scheduler, the recovery runner, the logger, the clock. Shared by every scope of the tree and by
/// handling in flight.
///
/// A failure goes: received (resolved once, logged) → silenced when it is a cancellation or marked
/// silent → fatal errors presented, then the program ends → retried automatically while transient →
/// the rules, innermost scope first → presented → the chosen option recovered → its outcome logged.
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

    /// Handles one failure of an operation. An error thrown by a recovery action or a take-over handler
    /// is handled here too, as a new error in the same scope, with a log record of its own.
    func process(_ error: any Error, _ context: inout HandlingState) async -> FailureDecision {
        var error = error
        var isFirst = true
        while true {
            let wrapped =
                isFirst
                ? context.action.map { ContextError($0, wrapping: error, fileID: context.fileID, line: context.line) }
                    ?? error : error
            let failure = received(wrapped, context)
            var record = FailureRecord(failure, logger: logger, fileID: context.fileID, line: context.line)
            switch await handle(consume failure, &record, &context) {
            case .decided(let decision):
                return decision
            case .newError(let next):
                error = next
                isFirst = false
            }
        }
    }

    private enum Step {
        case decided(FailureDecision)
        case newError(any Error)
    }

    // The synchronous steps are kept out of line (`@inline(never)`): inlined into the async functions
    // that call them, every temporary presentation and handled error (hundreds of bytes each) becomes
    // part of the async frame, which the task allocates on each call (24 KB for `handle`, 20 KB for
    // `present`, malloc'd in slabs by every handling task).
    @inline(never)
    private func received(
        _ error: any Error,
        _ context: HandlingState,
        continuing reference: SupportReference? = nil
    ) -> HandledError {
        HandledError(
            resolved: resolver.resolve(error),
            scopePath: context.scopePath,
            action: context.action,
            supportReference: reference
        )
    }

    // `handle` and `present` are inlined into `process`: one async frame, so a handling task allocates
    // one slab for the three instead of one each.
    @inline(__always)
    private func handle(
        _ failure: consuming HandledError,
        _ record: inout FailureRecord,
        _ context: inout HandlingState
    )
        async -> Step
    {
        if failure.isSilent {
            record.outcome(.silenced)
            return .decided(.end(.silenced))
        }
        if Task.isCancelled {
            record.outcome(.gaveUp, ["reason": "cancelled"])
            return .decided(.end(.gaveUp))
        }
        if failure.severity == .fatal {
            return .decided(await fatal(failure, &record, &context))
        }
        if let delay = automaticRetryDelay(failure, context) {
            context.endArrival(at: scheduler)
            context.automaticRetries += 1
            record.outcome(
                .retrying,
                ["retry": "automatic", "automaticRetry": "\(context.automaticRetries)", "delay": "\(delay)"]
            )
            do {
                try await clock.sleep(for: delay)
            } catch {
                return .decided(.end(.gaveUp))
            }
            return .decided(.retry(.retrying))
        }
        // Consumed, so the rules' replacement goes in its place without a copy of the resolved failure.
        switch applyRules(to: &failure, &record, context) {
        case .passedOn:
            return await present(failure, &record, &context)
        case .silenced(let rule):
            record.outcome(.silenced, ["rule": "\(rule.name)"])
            return .decided(.end(.silenced))
        case .fatal:
            return .decided(await fatal(failure, &record, &context))
        case .takenOver(let rule, let handler):
            return await takeOver(failure, by: rule, handler: handler, &record, &context)
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
        context.endArrival(at: scheduler)
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

    // MARK: - Presenting and recovering

    @inline(__always)
    private func present(_ failure: HandledError, _ record: inout FailureRecord, _ context: inout HandlingState)
        async -> Step
    {
        let isAtRecoveryLimit = context.recoveries >= configuration.maximumRecoveries
        let presentation = makePresentation(
            failure,
            offeringRetry: context.canRetry && !isAtRecoveryLimit && offersRetry(failure),
            acknowledgementOnly: isAtRecoveryLimit && context.canRetry
        )
        if let gate = context.gate {
            // Cancellation ends the wait; the check below then gives up.
            try? await timeline.sleep(until: gate)
            context.gate = nil
        }
        if Task.isCancelled {
            record.outcome(.gaveUp, ["reason": "cancelled"])
            return .decided(.end(.gaveUp))
        }
        context.automaticRetries = 0
        let answer = await scheduler.present(
            presentation,
            reusesRecentAnswer: context.recoveries == 0,
            runningGroups: { RecoveryRunner.runningGroups },
            arrival: context.arrival
        )
        context.arrival = nil
        if answer.resolution.isChoice, configuration.minimumDuration > .zero {
            context.gate = timeline.deadline(after: configuration.minimumDuration)
        }
        let recovery = await recover(answer)
        let level: Logger.Level = answer.resolution.isPresenterProblem || recovery.isTimeout ? .info : .debug
        switch recovery {
        case .finished(.recovered):
            let outcome: HandlingOutcome = answer.isCoalesced ? .coalesced : .recovered
            guard context.canRetry, context.recoveries < configuration.maximumRecoveries else {
                record.outcome(
                    outcome, level: level, Self.metadata(answer, recovery), presentation: answer.presentation)
                return .decided(.end(outcome))
            }
            record.outcome(
                outcome,
                level: level,
                Self.metadata(answer, recovery, retry: "afterRecovery"),
                presentation: answer.presentation
            )
            context.recoveries += 1
            return .decided(.retry(outcome))
        case .finished(.notRecovered), .timedOut, .cancelled, .alreadyRunning:
            let gaveUp = answer.option.role == .cancel || !answer.resolution.isChoice
            let outcome: HandlingOutcome = answer.isCoalesced ? .coalesced : gaveUp ? .gaveUp : .presented
            record.outcome(outcome, level: level, Self.metadata(answer, recovery), presentation: answer.presentation)
            return .decided(.end(outcome))
        case .failed(let actionError):
            let outcome: HandlingOutcome = answer.isCoalesced ? .coalesced : .presented
            record.outcome(outcome, level: level, Self.metadata(answer, recovery), presentation: answer.presentation)
            context.recoveries += 1
            return .newError(actionError)
        }
    }

    /// Runs the answer's option, when the answer says to act on it. An option whose action only returns
    /// its outcome (OK, Cancel, Try Again) needs no async call of the runner.
    @inline(__always)
    private func recover(_ answer: PresentationScheduler.Answer) async -> RecoveryRunOutcome {
        guard answer.resolution.runsAction else { return .finished(.notRecovered) }
        if let result = runner.recoverAtOnce(answer.option, for: answer.group) { return result }
        return await runner.recover(
            answer.option, for: answer.group, waitsForRunningAction: !answer.joinsAnsweredPresentation)
    }

    /// The metadata of a presented failure's outcome line. Built only when the line is logged: at the
    /// usual `info` level, a `debug` outcome costs no dictionary and no string.
    @inline(never)
    private static func metadata(
        _ answer: PresentationScheduler.Answer,
        _ recovery: RecoveryRunOutcome,
        retry: String? = nil
    ) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "option": "\(answer.option.title)",
            "resolution": "\(answer.resolution)",
            "recovery": "\(recovery.name)",
        ]
        if case .presenterFailed(let presenterError) = answer.resolution {
            metadata["presenterError"] = "\(ErrorReport(presenterError).summary)"
        }
        if case .failed(let actionError) = recovery {
            metadata["actionError"] = "\(ErrorReport(actionError).summary)"
        }
        if let retry { metadata["retry"] = "\(retry)" }
        return metadata
    }

    /// Whether a failure offers "Try Again": it isn't permanent, it has no options of its own besides
    /// Try Again (a cancel option doesn't count: every presentation with an action has one), and it is
    /// transient or of a retryable category.
    private func offersRetry(_ failure: HandledError) -> Bool {
        failure.resolved.offersRetry(retryableCategories: configuration.retryableCategories)
    }

    /// The presentation of a failure, made only now, just before it is shown, in a shared box.
    @inline(never)
    func makePresentation(
        _ failure: HandledError,
        offeringRetry: Bool,
        acknowledgementOnly: Bool
    ) -> SharedPresentation {
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
        let presentation = failure.resolved.presentation(
            options: options,
            detail: detail,
            supportReference: failure.supportReference,
            localization: localization
        )
        // Shared by reference from here on: the scheduler, the presenter, the state and every answer
        // read this one copy, and the async frames of the handling hold a pointer, not the whole value.
        // The style first: `presentation` is then passed at its last use, moved instead of copied.
        let style = capabilities.style(for: presentation)
        return SharedPresentation(presentation, style: style)
    }

    // MARK: - Fatal errors

    /// Logs a fatal error, presents it, runs the cleanup hooks and terminates.
    private func fatal(
        _ failure: HandledError,
        _ record: inout FailureRecord,
        _ context: inout HandlingState
    ) async -> FailureDecision {
        record.fatal(failure)
        let presentation = makePresentation(failure, offeringRetry: false, acknowledgementOnly: false)
        let answer = await scheduler.present(presentation, reusesRecentAnswer: false, arrival: context.arrival)
        context.arrival = nil
        let recovery = await recover(answer)
        record.outcome(
            answer.isCoalesced ? .coalesced : .presented,
            ["resolution": "\(answer.resolution)", "recovery": "\(recovery.name)"],
            presentation: answer.presentation
        )
        await terminateOnce(answer.presentation)
        return .end(answer.isCoalesced ? .coalesced : .presented)
    }

    /// Closes the scheduler, runs every cleanup hook once (newest first, each within the cleanup
    /// timeout), then terminates. Racing fatal errors share the one termination.
    private func terminateOnce(_ presentation: Presentation) async {
        let logger = self.logger
        let task = termination.withLock { termination -> Task<Void, Never> in
            if let termination { return termination }
            let task = Task {
                [scheduler, cleanups, clock, terminate, cleanupTimeout = configuration.cleanupTimeout] in
                await scheduler.close()
                let hooks = cleanups.withLock { hooks in
                    defer { hooks.removeAll() }
                    return hooks
                }
                for hook in hooks.reversed() {
                    if case .timedOut = await Race.run(timeout: cleanupTimeout, clock: clock, hook) {
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
        await task.value
    }
}

extension RecoveryRunOutcome {
    fileprivate var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
