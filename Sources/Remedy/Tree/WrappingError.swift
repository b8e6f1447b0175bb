/// An error that wraps the errors that caused it.
///
/// ``ErrorTree`` finds causes by itself in many places (``ContextError``, `NSUnderlyingErrorKey`, enum
/// cases whose associated values are errors…). Conform to `WrappingError` when a type keeps its causes
/// somewhere reflection can't see, or to choose exactly which causes count.
///
/// ```swift
/// struct SyncError: WrappingError {
///     var failures: [any Error]
///     var underlyingErrors: [any Error] { failures }
/// }
/// ```
public protocol WrappingError: Error {
    /// The errors that caused this one, most important first. Empty for a leaf.
    var underlyingErrors: [any Error] { get }
}
