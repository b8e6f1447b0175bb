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
///
/// Return causes that exist already rather than new instances on each call: a tree of fresh
/// instances has no end, and only the depth cap stops it.
public protocol WrappingError: Error {
    /// The errors that caused this one, most important first. Empty for a leaf.
    var underlyingErrors: [any Error] { get }

    /// Calls `body` with each error of ``underlyingErrors``, in the same order, without gathering them
    /// in a new array.
    ///
    /// Remedy's walks read causes through this method; the default calls `body` with each element of
    /// ``underlyingErrors``. An implementation must lend the same causes, so that code reading either
    /// sees one tree. Causes beyond the width cap of ``ErrorLimits`` count as left out.
    ///
    /// - Parameter body: Called once per cause, in order, only while the method runs.
    func forEachUnderlyingError(_ body: (any Error) -> Void)

    /// The name of this value's enum case exactly as it is declared (`"parsing"` for
    /// `.parsing(error)`), or `nil` to let Remedy read it by reflection. The default is `nil`.
    ///
    /// Reports, kinds and grouping keys use it exactly where they would use the reflected case name,
    /// so stating it changes no text and no key, only saves the reflection. It is ignored for structs
    /// and classes, for types with their own description or mirror, and when it isn't a plain Swift
    /// identifier (a letter or `_`, then letters, digits and `_`). A `switch` over `self` without a
    /// `default` keeps it right when cases are added or renamed.
    var declaredCaseName: String? { get }
}

extension WrappingError {
    /// `nil`: the case name is read by reflection.
    public var declaredCaseName: String? { nil }

    /// Calls `body` with each element of ``underlyingErrors``, in order.
    ///
    /// - Parameter body: Called once per cause, in order.
    public func forEachUnderlyingError(_ body: (any Error) -> Void) {
        for error in underlyingErrors {
            body(error)
        }
    }
}

extension ErrorTypeInfo {
    /// Whether a stated case name is one reflection could have read: a plain Swift identifier.
    static func isIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || first.properties.isXIDStart else { return false }
        while let scalar = scalars.next() {
            guard scalar.properties.isXIDContinue else { return false }
        }
        return true
    }
}
