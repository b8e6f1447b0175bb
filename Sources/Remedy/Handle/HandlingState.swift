/// One scope of the chain, as the handling of one error sees it: a path and rules, nothing that keeps
/// the scope objects alive. In-flight handling holds these and the pipeline, never an ``ErrorScope``,
/// so a root released while presentations wait really goes away and closes its scheduler.
struct ScopeLink: Sendable {
    let path: String
    let rules: [ErrorRule]
}

/// The state of one operation's run of failures: its retries so far and the minimum-duration gate.
struct HandlingState: Sendable {
    /// The scopes from the one the error was handed to, up to the root.
    let chain: [ScopeLink]
    /// The action that failed, or `nil` for `handle`.
    let action: String?
    /// Whether there is an operation to run again.
    let canRetry: Bool
    let isIdempotent: Bool
    let retryPolicy: RetryPolicy
    /// Where `attempt` or `handle` was called: the file and line of every log line of the failure.
    let fileID: String
    let line: Int
    /// Retries after a person's choice or a take-over, limited by
    /// ``ErrorScope/Configuration/maximumRecoveries``.
    var recoveries = 0
    /// Automatic retries since the person was last asked, limited by ``RetryPolicy/maximumRetries``.
    var automaticRetries = 0
    /// `minimumDuration` after the person's last choice, on the pipeline's timeline: the next
    /// presentation waits for it. A deadline, not a task: most failures are never presented again, and a
    /// sleeping task per choice would cost a task and a timer for nothing.
    var gate: Duration?

    var scopePath: String { chain.first?.path ?? "" }
}
