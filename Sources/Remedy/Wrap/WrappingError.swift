/// An error that wraps the errors that caused it.
///
/// ``ErrorTree`` finds causes by itself in many places (``ContextError``, `NSUnderlyingErrorKey`, enum
/// cases whose associated values are errors…). Conform to `WrappingError` when a type keeps its causes
/// somewhere reflection can't see, to choose exactly which causes count, or to make walking a hot
/// error type cheaper: a conformance is read directly, while reflection costs a few microseconds per
/// error.
///
/// ```swift
/// struct SyncError: WrappingError {
///     var failures: [any Error]
///     var underlyingErrors: [any Error] { failures }
/// }
/// ```
///
/// The tree walk asks for `underlyingErrors` once per visit; return causes that exist already rather
/// than new instances each time (a tree of fresh instances has no end; only the depth cap stops it).
public protocol WrappingError: Error {
    /// The errors that caused this one, most important first. Empty for a leaf.
    var underlyingErrors: [any Error] { get }
}
