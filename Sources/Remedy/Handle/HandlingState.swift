/// One scope of the chain as handling sees it. Handling in flight holds these, never an ``ErrorScope``, so
/// a root released while presentations wait goes away and closes its scheduler.
struct ScopeLink: Sendable {
    let path: String
    let rules: [ErrorRule]
}

/// The state of one operation's run of failures: its retries so far and the minimum-duration gate.
struct HandlingState: Sendable {
    let chain: [ScopeLink]
    /// The action that failed, or `nil` for `handle`.
    let action: String?
    let canRetry: Bool
    let isIdempotent: Bool
    let retryPolicy: RetryPolicy
    let fileID: String
    let line: Int
    /// Retries after a person's choice or a take-over.
    var recoveries = 0
    /// Automatic retries since the person was last asked.
    var automaticRetries = 0
    /// `minimumDuration` after the person's last choice: the next presentation waits for it. A deadline,
    /// not a task: most failures are never presented again.
    var gate: Duration?

    var scopePath: String { chain.first?.path ?? "" }
}
