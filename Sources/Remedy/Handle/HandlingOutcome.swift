/// What became of one error handed to an ``ErrorScope``; logged as the `outcome` metadata value.
///
/// Every error handed to a scope is logged exactly once, with one of these outcomes.
public enum HandlingOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// Shown to the person, who chose an option that neither fixed the cause nor gave up (OK on an
    /// alert, a banner, a fatal error).
    case presented
    /// Not shown: a cancellation, an error the catalog marks silent, or one a rule silenced. Only logged.
    case silenced
    /// Joined an identical presentation that was already waiting or showing, and shared its answer.
    case coalesced
    /// A rule's handler took the error over (for example, a sign-in flow).
    case takenOver
    /// Shown, and the chosen option fixed the cause: the operation was (or could be) retried.
    case recovered
    /// The operation ended unsuccessfully: the person cancelled, nobody answered, or the caller was
    /// cancelled.
    case gaveUp
    /// A transient failure that is retried automatically, after a backoff, before anyone is asked.
    case retrying
}
