/// The one rules engine, of an ``ErrorScope`` and of a server's Problem Details middleware; the semantics
/// are ``ErrorRule``'s. The caller runs a take-over's handler and decides which take-overs to decline: a
/// scope at its recovery limit or inside the same rule's take-over (it would wait on itself), a server
/// when the same rule took the request over already.
extension ErrorRule {
    package enum Verdict {
        case passedOn
        /// A rule silenced it, or replaced it with a silent error.
        case silenced(ErrorRule)
        /// A rule replaced it with a fatal error.
        case fatal(ErrorRule)
        case takenOver(ErrorRule, @Sendable (HandledError) async throws -> RecoveryOutcome)
    }

    /// What the caller logs; the error was passed on.
    package enum Note {
        case threw(any Error, ErrorRule, scope: String)
        case declinedTakeOver(ErrorRule, scope: String)
    }

    /// Applies rules in order; a replacement takes `failure`'s place. Returns the verdict and the last rule
    /// that replaced the error.
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
