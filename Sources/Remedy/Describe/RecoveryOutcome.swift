/// What a ``RecoveryOption``'s action achieved.
public enum RecoveryOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The cause of the error is fixed: the failed operation is tried again.
    case recovered
    /// Nothing was fixed (the person cancelled, or the action could not help): the operation ends.
    case notRecovered

    /// `"recovered"` or `"not recovered"`.
    public var description: String {
        switch self {
        case .recovered: "recovered"
        case .notRecovered: "not recovered"
        }
    }
}
