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
///
/// An enum's reports, kinds (`ServiceError.parsing`) and grouping keys name its case, which Remedy
/// otherwise reads with a `Mirror` per node. A hot enum can state its case names instead with
/// ``declaredCaseName``, and then walks, reports and keys its nodes without any reflection:
///
/// ```swift
/// enum ServiceError: WrappingError {
///     case transport(URLError)
///     case parsing(DecodingError)
///
///     var underlyingErrors: [any Error] {
///         switch self {
///         case .transport(let error): [error]
///         case .parsing(let error): [error]
///         }
///     }
///
///     var declaredCaseName: String? {
///         switch self {
///         case .transport: "transport"
///         case .parsing: "parsing"
///         }
///     }
/// }
/// ```
public protocol WrappingError: Error {
    /// The errors that caused this one, most important first. Empty for a leaf.
    var underlyingErrors: [any Error] { get }

    /// Calls `body` with each error that caused this one, most important first: the errors of
    /// ``underlyingErrors``, in the same order, lent one at a time instead of gathered in a new array.
    ///
    /// The default calls `body` with each element of ``underlyingErrors``. Remedy's walks (trees,
    /// presentations, reports, grouping keys) read causes through this method, so a hot error type can
    /// implement it to save the array `underlyingErrors` builds on every visit:
    ///
    /// ```swift
    /// func forEachUnderlyingError(_ body: (any Error) -> Void) {
    ///     switch self {
    ///     case .transport(let error): body(error)
    ///     case .parsing(let error): body(error)
    ///     }
    /// }
    /// ```
    ///
    /// Lend the same causes as ``underlyingErrors``, so that code reading either sees one tree; the walks
    /// use this method's answer. Calling `body` more often than the walk's width cap
    /// (``ErrorLimits/maximumWidth``) is safe: the causes beyond it count as left out, as the elements of a
    /// long ``underlyingErrors`` do. Call `body` only while the method runs; it can't be kept.
    ///
    /// - Parameter body: Called once per cause, in order.
    func forEachUnderlyingError(_ body: (any Error) -> Void)

    /// The name of this value's enum case exactly as it is declared (`"parsing"` for
    /// `.parsing(error)`), or `nil` to let Remedy read it by reflection. The default is `nil`.
    ///
    /// Stating it changes nothing in what Remedy produces, only what it costs: reports, summaries,
    /// kinds and grouping keys are byte for byte those of the same type without it, because they use it
    /// exactly where they would use the case name reflection reads. Adopting it never regroups errors
    /// in a tracker, as long as it names the case the value really is; a `switch` over `self` without a
    /// `default` keeps it right when cases are added or renamed.
    ///
    /// It is used only where reflection would read the very case name:
    ///
    /// - for enums, never for structs or classes;
    /// - for types with Swift's default description and mirror: a type that is
    ///   `CustomStringConvertible`, `CustomDebugStringConvertible`, `TextOutputStreamable` or
    ///   `CustomReflectable` is described by its own text or mirror, which reports keep using, so its
    ///   stated name is ignored;
    /// - when the name is a plain Swift identifier: a letter (any script) or `_`, then letters, digits
    ///   and `_`. An empty name, or one with spaces, punctuation, parentheses or line breaks, is ignored
    ///   and the case name is read by reflection as if none were stated (a case declared with a raw
    ///   identifier, such as `not found` between backticks, keeps being reflected), so a wrong statement
    ///   can't break a report's lines or a key.
    ///
    /// The name is longer than `caseName` on purpose: a type that already has a `caseName` of its own
    /// (a `String` for display, or an optional with another meaning) must not change its reports and
    /// keys just by conforming to `WrappingError`.
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
    /// Whether a stated case name is one reflection could have read: a plain Swift identifier (see
    /// ``WrappingError/declaredCaseName``).
    static func isIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || first.properties.isXIDStart else { return false }
        while let scalar = scalars.next() {
            guard scalar.properties.isXIDContinue else { return false }
        }
        return true
    }
}
