/// An error on its way up the chain of ``ErrorScope``s, as rules and retry policies see it.
///
/// It carries the error (wrapped in the failed action's ``ContextError`` layer, when it came from
/// ``ErrorScope/attempt(_:idempotent:retryPolicy:isolation:fileID:line:operation:)``), what the resolver knows about
/// its whole tree, and where it was handed in.
///
/// ```swift
/// let signIn = ErrorRule("sign in") { failure in
///     failure.contains(httpStatus: 401) ? .takeOver { _ in try await session.signIn() } : .passOn
/// }
/// ```
public struct HandledError: Sendable, CustomStringConvertible {
    /// The error, as it travels: wrapped in the action's context layer, or a rule's replacement.
    public var error: any Error { resolved.error }
    package let scopePath: String
    /// The action that failed (`"Loading the feed"`), or `nil` for an error handed in directly.
    public let action: String?
    /// The failure resolved in one walk of its tree; every query below reads it.
    package let resolved: ResolvedFailure
    /// The short reference of this occurrence, which its log lines and its presentation carry.
    ///
    /// The reference the error came with when it has one (``PresentableError/supportReference``, such as
    /// a server's from its Problem Details), else a new one. An error a rule puts in its place keeps it:
    /// it is the same occurrence.
    public let supportReference: SupportReference

    /// Creates a handled error, as the scope does; useful for testing rules on their own.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - interpretation: What is known about the error's tree. Default: what the standard resolver says.
    ///   - scopePath: The path of the scope the error was handed to.
    ///   - action: The action that failed, or `nil`.
    ///   - supportReference: The occurrence's reference; `nil` takes the one the error came with, or
    ///     makes a new one.
    public init(
        _ error: any Error,
        interpretation: ErrorInterpretation? = nil,
        scopePath: String = "",
        action: String? = nil,
        supportReference: SupportReference? = nil
    ) {
        let resolved = ErrorResolver().resolve(error)
        self.init(
            resolved: interpretation.map { ResolvedFailure(error: error, interpretation: $0, facts: resolved.facts) }
                ?? resolved,
            scopePath: scopePath,
            action: action,
            supportReference: supportReference
        )
    }

    /// - Parameter supportReference: The reference of the occurrence this failure continues (a rule's
    ///   replacement), used when the error carries none of its own; `nil` makes a new one.
    package init(
        resolved: ResolvedFailure,
        scopePath: String,
        action: String?,
        supportReference: SupportReference? = nil
    ) {
        self.resolved = resolved
        self.scopePath = scopePath
        self.action = action
        self.supportReference = resolved.interpretation.supportReference ?? supportReference ?? .next()
    }

    package var interpretation: ErrorInterpretation {
        resolved.interpretation
    }

    /// What kind of failure this is (``ErrorCategory/unknown`` when nothing is known).
    public var category: ErrorCategory {
        resolved.category
    }

    /// How badly the failure disrupts the person: the highest severity in the tree.
    public var severity: Severity {
        resolved.severity
    }

    /// Whether the failure may go away by itself, so retrying automatically makes sense.
    public var isTransient: Bool {
        resolved.interpretation.isTransient
    }

    /// Whether retrying fails the same way (a constraint violation, a parse error, a missing file, a
    /// denied permission): such a failure is never retried and never offers "Try Again".
    public var isPermanent: Bool {
        resolved.interpretation.isPermanent
    }

    /// Whether the failure is a cancellation or marked silent: it is never shown.
    package var isSilent: Bool {
        resolved.isSilent
    }

    /// The error's tree, for queries of your own.
    public var tree: ErrorTree {
        ErrorTree(error)
    }

    /// The first error of a type anywhere in the tree, from the walk that resolved it.
    package func first<E: Error>(_ type: E.Type) -> E? {
        resolved.first(type)
    }

    /// Whether an HTTP status is anywhere in the tree, from the walk that resolved it.
    package func contains(httpStatus status: Int) -> Bool {
        resolved.facts.httpStatuses.contains(status)
    }

    /// The one-line summary of the error, as logged: ``ErrorReport/summary``, from the walk that resolved it.
    public var description: String {
        resolved.facts.summary
    }
}
