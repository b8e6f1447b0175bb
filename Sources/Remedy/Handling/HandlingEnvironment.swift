import Foundation
import Logging

/// One scope of the chain, as the handling of one error sees it: a path and rules, nothing that keeps
/// the scope objects alive. In-flight handling holds these and the environment, never an ``ErrorScope``,
/// so a root released while presentations wait really goes away and closes its queue.
struct ScopeLink: Sendable {
    let path: String
    let rules: [ErrorRule]
}

/// The state of one operation's run of failures: its retries so far and the minimum-duration gate.
struct FailureContext: Sendable {
    /// The scopes from the one the error was handed to, up to the root.
    let chain: [ScopeLink]
    /// The action that failed, or `nil` for `handle`.
    let action: String?
    /// Whether there is an operation to run again.
    let canRetry: Bool
    let isIdempotent: Bool
    let retryPolicy: RetryPolicy
    /// Where `attempt` was called: the source location of the action's context layer.
    var fileID: String = #fileID
    var line: Int = #line
    /// Retries that followed a person's choice or a take-over.
    var personRetries = 0
    /// Automatic retries since the last time the person was asked.
    var automaticRetries = 0
    /// Ends `minimumDuration` after the person's last choice; the next presentation waits for it.
    var gate: Task<Void, Never>?

    var scopePath: String { chain.first?.path ?? "" }
}

/// What the operation's loop does after a failure was handled.
enum FailureDecision: Sendable {
    /// Run the operation again.
    case retry
    /// Stop; the operation gave up, was silenced, taken over or presented without recovery.
    case end(HandlingOutcome)
}

/// Everything the root owns, shared by every scope of its tree and by handling in flight.
final class HandlingEnvironment: Sendable {
    let resolver: ErrorResolver
    let logger: Logger
    let clock: any Clock<Duration>
    let configuration: ErrorScope.Configuration
    let queue: PresentationQueue
    let terminate: @Sendable (Presentation) -> Void
    private let cleanups = LockedValue<[@Sendable () async -> Void]>([])
    private let termination = LockedValue<Task<Void, Never>?>(nil)
    private let takeOvers = TakeOverCoalescer()

    init(
        presenter: any ErrorPresenter,
        resolver: ErrorResolver,
        logger: Logger,
        clock: any Clock<Duration>,
        configuration: ErrorScope.Configuration,
        terminate: @escaping @Sendable (Presentation) -> Void
    ) {
        self.resolver = resolver
        self.logger = logger
        self.clock = clock
        self.configuration = configuration
        self.terminate = terminate
        self.queue = PresentationQueue(
            presenter: presenter,
            clock: clock,
            presenterTimeout: configuration.presenterTimeout,
            actionTimeout: configuration.recoveryTimeout,
            bannerDuration: configuration.bannerDuration,
            coalescingWindow: configuration.coalescingWindow,
            logger: logger
        )
    }

    func addCleanup(_ cleanup: @escaping @Sendable () async -> Void) {
        cleanups.withLock { $0.append(cleanup) }
    }

    // MARK: - One failure

    /// Handles one failure of an operation: log, silence, retry automatically, apply the rules, present,
    /// recover. An error thrown by a recovery action or take-over handler is handled here too, as a new
    /// error in the same scope.
    func process(_ failure: any Error, _ context: inout FailureContext) async -> FailureDecision {
        var error = failure
        var isFirst = true
        while true {
            let step = await processOnce(error, wrapInAction: isFirst, &context)
            switch step {
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

    private func processOnce(_ error: any Error, wrapInAction: Bool, _ context: inout FailureContext) async -> Step {
        let wrapped =
            wrapInAction
            ? context.action.map {
                ContextError($0, wrapping: error, fileID: context.fileID, line: context.line)
            } ?? error : error
        let original = handled(wrapped, context)
        var failure = original
        var entry = LogEntry(original: original)

        if failure.isSilent {
            log(&entry, failure, .silenced)
            return .decided(.end(.silenced))
        }
        if Task.isCancelled {
            log(&entry, failure, .gaveUp, ["reason": "cancelled"])
            return .decided(.end(.gaveUp))
        }
        if failure.severity == .fatal {
            return .decided(await fatal(failure, &entry))
        }

        // Automatic retries, before anyone is asked.
        if context.canRetry,
            context.retryPolicy.retries(
                failure, retriesSoFar: context.automaticRetries, isIdempotent: context.isIdempotent),
            let delay = context.retryPolicy.delay(
                beforeRetry: context.automaticRetries,
                retryAfter: failure.interpretation.retryAfter
            )
        {
            context.automaticRetries += 1
            log(
                &entry,
                failure,
                .retrying,
                ["retry": "automatic", "automaticRetry": "\(context.automaticRetries)", "delay": "\(delay)"]
            )
            do {
                try await clock.sleep(for: delay)
            } catch {
                return .decided(.end(.gaveUp))
            }
            return .decided(.retry)
        }

        // The rules, innermost scope first.
        let isAtRetryLimit = context.personRetries >= configuration.maximumRecoveries
        for link in context.chain {
            for rule in link.rules {
                let decision: ErrorRule.Decision
                do {
                    decision = try rule.decision(for: failure)
                } catch let ruleError {
                    logger.warning(
                        "An error rule threw; the error is passed on",
                        metadata: [
                            "rule": "\(rule.name)", "scope": "\(link.path)",
                            "error": "\(ErrorReport(ruleError).summary)",
                        ]
                    )
                    continue
                }
                switch decision {
                case .passOn:
                    continue
                case .silence:
                    log(&entry, failure, .silenced, ["rule": "\(rule.name)"])
                    return .decided(.end(.silenced))
                case .replace(let replacement):
                    failure = handled(replacement, context)
                    entry.replacement = failure
                    if failure.isSilent {
                        log(&entry, failure, .silenced, ["rule": "\(rule.name)"])
                        return .decided(.end(.silenced))
                    }
                    if failure.severity == .fatal {
                        return .decided(await fatal(failure, &entry))
                    }
                case .takeOver(let handler):
                    // At the retry limit nothing is taken over again: the failure is shown with OK only.
                    guard !isAtRetryLimit else { continue }
                    return await takeOver(failure, by: rule, handler: handler, &entry, &context)
                }
            }
        }

        // Present.
        let presentation = makePresentation(
            failure,
            offeringRetry: context.canRetry && !isAtRetryLimit && offersRetry(failure),
            acknowledgementOnly: isAtRetryLimit && context.canRetry
        )
        if let gate = context.gate {
            await withTaskCancellationHandler {
                await gate.value
            } onCancel: {
                gate.cancel()
            }
        }
        if Task.isCancelled {
            log(&entry, failure, .gaveUp, ["reason": "cancelled"])
            return .decided(.end(.gaveUp))
        }
        context.automaticRetries = 0
        // A failure of an attempt whose earlier failure was already answered (by the person, or by the
        // coalescing window) is shown to the person: reusing "Try Again" for it could loop.
        let answer = await queue.present(presentation, reusesRecentAnswer: context.personRetries == 0)
        if answer.resolution.isChoice {
            context.gate = Task { [clock, minimumDuration = configuration.minimumDuration] in
                try? await clock.sleep(for: minimumDuration)
            }
        }
        var metadata: Logger.Metadata = [
            "option": "\(answer.option.title)",
            "resolution": "\(answer.resolution)",
            "occurrences": "\(answer.presentation.occurrences)",
        ]
        switch answer.outcome {
        case .success(.recovered):
            let retries = context.canRetry && context.personRetries < configuration.maximumRecoveries
            if retries { metadata["retry"] = "afterRecovery" }
            log(&entry, failure, answer.isCoalesced ? .coalesced : .recovered, metadata, answer.presentation)
            guard retries else { return .decided(.end(.recovered)) }
            context.personRetries += 1
            return .decided(.retry)
        case .success(.notRecovered):
            let gaveUp = answer.option.role == .cancel || !answer.resolution.isChoice
            let outcome: HandlingOutcome = answer.isCoalesced ? .coalesced : gaveUp ? .gaveUp : .presented
            log(&entry, failure, outcome, metadata, answer.presentation)
            return .decided(.end(gaveUp ? .gaveUp : .presented))
        case .failure(let actionError):
            metadata["actionError"] = "\(ErrorReport(actionError).summary)"
            log(&entry, failure, answer.isCoalesced ? .coalesced : .presented, metadata, answer.presentation)
            context.personRetries += 1
            return .newError(actionError)
        }
    }

    private func takeOver(
        _ failure: HandledError,
        by rule: ErrorRule,
        handler: @escaping @Sendable (HandledError) async throws -> RecoveryOutcome,
        _ entry: inout LogEntry,
        _ context: inout FailureContext
    ) async -> Step {
        let result = await takeOvers.run(
            rule: rule,
            timeout: configuration.recoveryTimeout,
            clock: clock,
            logger: logger
        ) {
            await captureResult { try await handler(failure) }
        }
        var metadata: Logger.Metadata = ["rule": "\(rule.name)"]
        switch result {
        case .value(.success(let recovery)):
            metadata["recovery"] = "\(recovery)"
            let retries = recovery == .recovered && context.canRetry
            if retries { metadata["retry"] = "afterTakeOver" }
            log(&entry, failure, .takenOver, metadata)
            guard retries else { return .decided(.end(.takenOver)) }
            context.personRetries += 1
            return .decided(.retry)
        case .value(.failure(let handlerError)):
            metadata["recovery"] = "failed"
            metadata["handlerError"] = "\(ErrorReport(handlerError).summary)"
            log(&entry, failure, .takenOver, metadata)
            context.personRetries += 1
            return .newError(handlerError)
        case .timedOut:
            metadata["recovery"] = "timedOut"
            log(&entry, failure, .takenOver, metadata)
            return .decided(.end(.gaveUp))
        case .cancelled:
            metadata["recovery"] = "cancelled"
            log(&entry, failure, .takenOver, metadata)
            return .decided(.end(.gaveUp))
        }
    }

    // MARK: - Fatal errors

    private func fatal(_ failure: HandledError, _ entry: inout LogEntry) async -> FailureDecision {
        let presentation = makePresentation(failure, offeringRetry: false, acknowledgementOnly: false)
        let answer = await queue.present(presentation)
        log(
            &entry,
            failure,
            answer.isCoalesced ? .coalesced : .presented,
            ["resolution": "\(answer.resolution)", "occurrences": "\(answer.presentation.occurrences)"],
            answer.presentation
        )
        await terminateOnce(answer.presentation)
        return .end(.presented)
    }

    /// Closes the queue, runs every cleanup hook once (newest first, each within the cleanup timeout),
    /// then terminates. Racing fatal errors share the one termination.
    private func terminateOnce(_ presentation: Presentation) async {
        let task = termination.withLock { termination -> Task<Void, Never> in
            if let termination { return termination }
            let task = Task {
                [queue, cleanups, clock, terminate, logger, cleanupTimeout = configuration.cleanupTimeout] in
                await queue.close()
                let hooks = cleanups.withLock { hooks in
                    defer { hooks.removeAll() }
                    return hooks
                }
                for hook in hooks.reversed() {
                    if case .timedOut = await Race.run(timeout: cleanupTimeout, clock: clock, hook) {
                        logger.warning("A fatal-error cleanup hook did not finish in time; moving on")
                    }
                }
                terminate(presentation)
            }
            termination = task
            return task
        }
        await task.value
    }

    // MARK: - Presentations

    private func handled(_ error: any Error, _ context: FailureContext) -> HandledError {
        HandledError(
            error,
            interpretation: resolver.interpretation(of: error),
            scopePath: context.scopePath,
            action: context.action
        )
    }

    /// Whether a failure offers "Try Again": it has no options of its own besides Try Again, and it is
    /// transient or of a retryable category.
    private func offersRetry(_ failure: HandledError) -> Bool {
        failure.interpretation.options.allSatisfy(\.isRetry)
            && (failure.isTransient || configuration.retryableCategories.contains(failure.category))
    }

    /// The presentation of a failure, made only now, just before it is shown.
    func makePresentation(
        _ failure: HandledError,
        offeringRetry: Bool,
        acknowledgementOnly: Bool
    ) -> Presentation {
        let interpretation = failure.interpretation
        let category = failure.category
        let localization = resolver.localization
        // "Try Again" (the catalog's or the error's) only where there is something to run again.
        var options = offeringRetry ? interpretation.options : interpretation.options.filter { !$0.isRetry }
        var detail = interpretation.detail
        if acknowledgementOnly {
            options = []
            let limit = localization.string(forKey: "handling.retryLimit.detail")
            detail = detail.map { "\($0)\n\(limit)" } ?? limit
        } else if offeringRetry, !options.contains(where: \.isRetry) {
            options.insert(.retry, at: 0)
        }
        return Presentation(
            title: interpretation.title,
            message: interpretation.message ?? category.message(in: localization),
            detail: detail,
            helpAnchor: interpretation.helpAnchor,
            options: options,
            category: category,
            severity: interpretation.severity,
            style: interpretation.preferredStyle,
            icon: interpretation.icon,
            error: failure.error,
            localization: localization
        )
    }

    // MARK: - Logging

    /// The one log entry of an error handed to a scope.
    struct LogEntry {
        let original: HandledError
        var replacement: HandledError?
        var isLogged = false
    }

    /// Logs an error exactly once: a second call for the same entry does nothing.
    private func log(
        _ entry: inout LogEntry,
        _ failure: HandledError,
        _ outcome: HandlingOutcome,
        _ extra: Logger.Metadata = [:],
        _ presentation: Presentation? = nil
    ) {
        guard !entry.isLogged else { return }
        entry.isLogged = true
        let level = Self.level(of: failure)
        guard logger.logLevel <= level else { return }
        var metadata = extra
        metadata["category"] = "\(failure.category)"
        metadata["severity"] = "\(failure.severity)"
        metadata["groupingKey"] = "\(presentation?.groupingKey ?? ErrorReport(failure.error).groupingKey)"
        metadata["scope"] = "\(failure.scopePath)"
        metadata["outcome"] = "\(outcome)"
        if let action = failure.action { metadata["action"] = "\(action)" }
        if let replacement = entry.replacement { metadata["replacedBy"] = "\(replacement.description)" }
        if logger.logLevel <= .debug { metadata["report"] = "\(Self.fullReport(of: entry.original.error))" }
        logger.log(level: level, "\(entry.original.description)", metadata: metadata)
    }

    /// The log level of an error: by severity; cancellations and errors marked silent at debug.
    static func level(of failure: HandledError) -> Logger.Level {
        if failure.category == .cancellation || failure.isSilent { return .debug }
        switch failure.severity {
        case .minor: return .notice
        case .major: return .error
        case .critical: return .error
        case .fatal: return .critical
        }
    }

    /// The developer's full report of an error, for debug-level logs: every layer and cause.
    static func fullReport(of error: any Error) -> String {
        ErrorReport(error).text
    }
}

/// Runs one take-over handler per rule at a time; errors the same rule takes over meanwhile share it.
actor TakeOverCoalescer {
    typealias Outcome = RaceResult<Result<RecoveryOutcome, any Error>>

    private var running: [UInt64: (token: UInt64, task: Task<Outcome, Never>)] = [:]
    private var nextToken: UInt64 = 0

    func run(
        rule: ErrorRule,
        timeout: Duration,
        clock: any Clock<Duration>,
        logger: Logger,
        _ handler: @escaping @Sendable () async -> Result<RecoveryOutcome, any Error>
    ) async -> Outcome {
        let task: Task<Outcome, Never>
        let ruleID = rule.identity
        if let shared = running[ruleID] {
            logger.debug("Waiting for a running take-over", metadata: ["rule": "\(rule.name)"])
            task = shared.task
        } else {
            nextToken += 1
            let token = nextToken
            task = Task {
                let outcome = await Race.run(timeout: timeout, clock: clock, handler)
                self.finished(rule: ruleID, token: token)
                return outcome
            }
            running[ruleID] = (token, task)
        }
        // Waiting is cancellable even though the shared handler goes on for the others.
        switch await Race.run(timeout: nil, clock: clock, { await task.value }) {
        case .value(let outcome): return outcome
        case .timedOut, .cancelled: return .cancelled
        }
    }

    private func finished(rule: UInt64, token: UInt64) {
        if running[rule]?.token == token { running[rule] = nil }
    }
}

extension RecoveryOption {
    /// Whether this is Remedy's ready-made "Try Again" (``RecoveryOption/retry`` or
    /// ``RecoveryOption/retry(preparing:)``), which only makes sense when an operation can run again.
    var isRetry: Bool {
        titleKey == Self.retryKey
    }
}
