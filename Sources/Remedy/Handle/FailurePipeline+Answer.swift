import Logging

// How the pipeline puts a failure in line at the root's scheduler, waits for the answer and runs the
// chosen option.

extension FailurePipeline {
    // MARK: - Presenting and recovering

    /// Enters a failure's presentation into the scheduler.
    func enter(_ failure: HandledError, _ context: inout HandlingState) -> PresentationScheduler.Ticket {
        let isAtRecoveryLimit = context.recoveries >= configuration.maximumRecoveries
        let presentation = makePresentation(
            failure,
            offeringRetry: context.canRetry && !isAtRecoveryLimit && offersRetry(failure),
            acknowledgementOnly: isAtRecoveryLimit && context.canRetry
        )
        context.automaticRetries = 0
        return scheduler.enter(
            presentation,
            reusesRecentAnswer: context.recoveries == 0,
            runningGroups: RecoveryRunner.runningGroups
        )
    }

    /// Waits for the answer to a presented failure, runs the chosen option and logs the outcome.
    func answered(
        _ ticket: PresentationScheduler.Ticket,
        _ record: inout FailureRecord,
        _ context: inout HandlingState
    ) async -> Step {
        let answer = await scheduler.answer(ticket)
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
    func recover(_ answer: PresentationScheduler.Answer) async -> RecoveryRunOutcome {
        guard answer.resolution.runsAction else { return .finished(.notRecovered) }
        if let result = runner.recoverAtOnce(answer.option, for: answer.group) { return result }
        return await runner.recover(
            answer.option, for: answer.group, waitsForRunningAction: !answer.joinsAnsweredPresentation)
    }

    /// The metadata of a presented failure's outcome line. Built only when the line is logged: at the
    /// usual `info` level, a `debug` outcome costs no dictionary and no string.
    @inline(never)
    static func metadata(
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

    // MARK: - Fatal errors

    /// Logs a fatal error and enters its presentation, which never reuses an answer.
    func enterFatal(_ failure: HandledError, _ record: inout FailureRecord) -> Received.Next {
        record.fatal(failure)
        let presentation = makePresentation(failure, offeringRetry: false, acknowledgementOnly: false)
        return .answer(scheduler.enter(presentation, reusesRecentAnswer: false), isFatal: true)
    }

    /// Waits for the answer to a fatal error, runs the cleanup hooks and terminates.
    func fatalAnswered(
        _ ticket: PresentationScheduler.Ticket,
        _ record: inout FailureRecord
    ) async -> FailureDecision {
        let answer = await scheduler.answer(ticket)
        let recovery = await recover(answer)
        record.outcome(
            answer.isCoalesced ? .coalesced : .presented,
            ["resolution": "\(answer.resolution)", "recovery": "\(recovery.name)"],
            presentation: answer.presentation
        )
        await terminateOnce(answer.presentation)
        return .end(answer.isCoalesced ? .coalesced : .presented)
    }
}

extension RecoveryRunOutcome {
    fileprivate var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
