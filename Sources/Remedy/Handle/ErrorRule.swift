/// A rule of an ``ErrorScope`` or a server's `ProblemDetailsConfiguration`: decides what happens to an error
/// on its way up to the root, or to the client. Both apply rules the same way.
///
/// Rules work like a responder chain with a `willPresentError` hook. An error handed to a scope meets
/// that scope's rules first, in order, then its parent's, up to the root. Each rule may pass the error
/// on, replace it with another error, silence it (it is only logged), or take it over with an async
/// handler (a sign-in flow, say) whose ``RecoveryOutcome`` decides whether the failed operation runs
/// again. An error that every rule passes on is presented by the root.
///
/// Rules are values, easy to write inline:
///
/// ```swift
/// let root = ErrorScope.root(presenter: presenter, rules: [
///     .httpStatus(401, .takeOver { _ in
///         try await session.signIn()
///         return .recovered
///     }),
///     .category(.cancellation, .silence),
/// ])
/// let feed = root.child("Feed", rules: [
///     ErrorRule("offline is fine here") { $0.isTransient ? .silence : .passOn },
/// ])
/// ```
///
/// The first rule that doesn't pass the error on decides. A replacement goes on to the next rule in the
/// original's place; a replacement that is silent (a cancellation, or an error the catalog silences) is
/// silenced, and a fatal one is presented at once. A rule that throws is logged and treated as passing the
/// error on. Errors of severity ``Severity/fatal`` are not offered to rules: they are always presented.
/// Cancellations and errors the catalog marks silent (``ErrorInterpretation/isSilent``) never reach the
/// rules either: the scope silences them first.
public struct ErrorRule: Sendable {
    /// What a rule decides about an error.
    public enum Decision: Sendable {
        /// Not this rule's business: the error goes on to the next rule.
        case passOn
        /// The error is not shown; it is only logged with the outcome ``HandlingOutcome/silenced``.
        case silence
        /// Another error goes on in its place, to the next rule and, unless a rule stops it, the root.
        case replace(any Error)
        /// The rule's handler deals with the error. `.recovered` runs the failed operation again;
        /// `.notRecovered` ends it. A handler that throws has its error handled as a new error in the
        /// scope the first error was handed to. While a rule's handler runs, other errors the same rule
        /// takes over wait for it and share its outcome (one sign-in for ten failed requests). An error
        /// that the handler's own work runs into is not taken over by the same rule again (it would wait
        /// on itself): the rule passes it on.
        case takeOver(@Sendable (HandledError) async throws -> RecoveryOutcome)
    }

    /// A name for logs (`"sign in"`).
    public let name: String
    /// Tells take-overs of different rules apart, so only one rule's concurrent take-overs coalesce.
    let identity: UInt64
    private let decide: @Sendable (HandledError) throws -> Decision

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - name: A name for logs.
    ///   - decide: Looks at an error and decides. Throwing counts as ``Decision/passOn`` and is logged.
    public init(_ name: String, decide: @escaping @Sendable (HandledError) throws -> Decision) {
        self.name = name
        self.identity = RuleIdentity.next()
        self.decide = decide
    }

    package func decision(for error: HandledError) throws -> Decision {
        try decide(error)
    }

    // MARK: - Ready-made rules

    package static func silence(
        _ name: String = "silence",
        where predicate: @escaping @Sendable (HandledError) -> Bool
    ) -> ErrorRule {
        ErrorRule(name) { predicate($0) ? .silence : .passOn }
    }

    /// Applies a decision to errors of a category.
    ///
    /// ```swift
    /// .category(.authenticationRequired, .takeOver { _ in await signIn() })
    /// ```
    ///
    /// - Parameters:
    ///   - category: The category to match.
    ///   - decision: What happens to matching errors.
    /// - Returns: The rule.
    public static func category(_ category: ErrorCategory, _ decision: Decision) -> ErrorRule {
        ErrorRule("category \(category)") { $0.category == category ? decision : .passOn }
    }

    /// Applies a decision to errors whose severity is in a range.
    ///
    /// ```swift
    /// .severity(...Severity.minor, .silence)   // a background scope shows no banners
    /// ```
    ///
    /// - Parameters:
    ///   - severities: The severities to match, such as `...Severity.minor` or `Severity.critical...`.
    ///   - decision: What happens to matching errors.
    /// - Returns: The rule.
    public static func severity(_ severities: some RangeExpression<Severity> & Sendable, _ decision: Decision)
        -> ErrorRule
    {
        ErrorRule("severity") { severities.contains($0.severity) ? decision : .passOn }
    }

    /// Applies a decision to errors whose tree holds an ``HTTPStatusError`` with a status.
    ///
    /// - Parameters:
    ///   - status: The status code, such as 401.
    ///   - decision: What happens to matching errors.
    /// - Returns: The rule.
    public static func httpStatus(_ status: Int, _ decision: Decision) -> ErrorRule {
        ErrorRule("HTTP \(status)") { $0.contains(httpStatus: status) ? decision : .passOn }
    }

    /// Decides about errors whose tree holds an error of a type, anywhere (``ErrorTree/first(_:)``).
    ///
    /// ```swift
    /// .matching(PaymentSDKError.self) { sdkError, _ in
    ///     sdkError.code == .userCancelled ? .silence : .replace(PaymentError(sdkError))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The error type to look for.
    ///   - decide: Decides, given the first error of that type and the whole handled error.
    /// - Returns: The rule.
    public static func matching<E: Error>(
        _ type: E.Type,
        decide: @escaping @Sendable (E, HandledError) throws -> Decision
    ) -> ErrorRule {
        ErrorRule("matching \(E.self)") { failure in
            guard let match = failure.first(type) else { return .passOn }
            return try decide(match, failure)
        }
    }
}

/// Hands out rule identities.
private enum RuleIdentity {
    private static let counter = LockedValue<UInt64>(0)

    static func next() -> UInt64 {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
