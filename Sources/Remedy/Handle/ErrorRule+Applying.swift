/// How rules decide about an error: the one rules engine of an ``ErrorScope`` and of a server's Problem
/// Details middleware.
///
/// The rules are read in order (a scope's own first, then its parent's, up to the root); the first that
/// doesn't pass the error on decides:
///
/// - ``ErrorRule/Decision/passOn``, or a rule that throws (noted, so the caller logs it): the next rule.
/// - ``ErrorRule/Decision/silence``: the error is silenced.
/// - ``ErrorRule/Decision/replace(_:)``: the replacement goes on to the next rule in the original's place.
///   A silent replacement (a cancellation, or an error the catalog silences) is silenced; a fatal one ends
///   the rules, to be presented.
/// - ``ErrorRule/Decision/takeOver(_:)``: the rule's handler takes the error over, unless the caller
///   declines it (noted), and the next rule decides.
///
/// The caller runs a take-over's handler. A scope declines a take-over at its recovery limit and inside the
/// same rule's take-over (it would wait on itself); it shares the handler's outcome with the errors the same
/// rule takes over meanwhile. A server declines a rule that took the same request over already; it runs the
/// handler in the request's task, and when it recovers, runs the route again.
extension ErrorRule {
    /// What the rules decided about an error.
    package enum Verdict {
        /// Every rule passed it on.
        case passedOn
        /// A rule silenced it, or replaced it with a silent error.
        case silenced(ErrorRule)
        /// A rule replaced it with a fatal error.
        case fatal(ErrorRule)
        /// A rule takes it over with this handler.
        case takenOver(ErrorRule, @Sendable (HandledError) async throws -> RecoveryOutcome)
    }

    /// What the caller is told on the way, to log.
    package enum Note {
        /// A rule threw; the error was passed on.
        case threw(any Error, ErrorRule, scope: String)
        /// A rule's take-over was declined; the error was passed on.
        case declinedTakeOver(ErrorRule, scope: String)
    }

    /// Applies rules to an error.
    ///
    /// - Parameters:
    ///   - rules: The rules in order, each with the path of its scope (for the log).
    ///   - failure: The error; a replacement takes its place.
    ///   - replacement: The error a rule puts in the failure's place, as the caller handles it.
    ///   - mayTakeOver: Whether the caller lets a rule take the error over.
    ///   - note: Told what the caller logs.
    /// - Returns: The decision, and the last rule that replaced the error, if any.
    package static func apply(
        _ rules: some Sequence<(rule: ErrorRule, scope: String)>,
        to failure: inout HandledError,
        replacement: (any Error) -> HandledError,
        mayTakeOver: (ErrorRule) -> Bool,
        note: (Note) -> Void
    ) -> (verdict: Verdict, replacedBy: ErrorRule?) {
        var replacedBy: ErrorRule?
        for (rule, scope) in rules {
            let decision: Decision
            do {
                decision = try rule.decision(for: failure)
            } catch {
                note(.threw(error, rule, scope: scope))
                continue
            }
            switch decision {
            case .passOn:
                continue
            case .silence:
                return (.silenced(rule), replacedBy)
            case .replace(let error):
                failure = replacement(error)
                replacedBy = rule
                if failure.isSilent { return (.silenced(rule), replacedBy) }
                if failure.severity == .fatal { return (.fatal(rule), replacedBy) }
            case .takeOver(let handler):
                guard mayTakeOver(rule) else {
                    note(.declinedTakeOver(rule, scope: scope))
                    continue
                }
                return (.takenOver(rule, handler), replacedBy)
            }
        }
        return (.passedOn, replacedBy)
    }
}
