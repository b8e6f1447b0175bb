import Foundation

// MARK: - Queries

extension ErrorTree {
    /// The first error of a type, in pre-order (outermost first), or `nil`.
    ///
    /// ```swift
    /// if let decoding = ErrorTree(error).first(DecodingError.self) { … }
    /// ```
    public func first<E: Error>(_ type: E.Type) -> E? {
        for node in self {
            if let match = node.error as? E { return match }
        }
        return nil
    }

    /// The deepest cause on the first path down: from the root, follow the first (most important) child
    /// until there is none, stopping before a cycle and at the depth cap of ``ErrorLimits``. The root is its
    /// own root cause when it has no children.
    public var rootCause: any Error {
        var cause = root
        var seen: Set<ObjectIdentifier> = []
        var retained: [AnyObject] = []
        if let object = ErrorTree.identity(of: root) {
            seen.insert(ObjectIdentifier(object))
            retained.append(object)
        }
        for _ in 0..<limits.maximumDepth {
            guard limits.maximumWidth > 0,
                let child = ErrorTree.firstChild(of: cause, info: ErrorTypeInfo.of(cause))
            else { break }
            if let object = ErrorTree.identity(of: child.error) {
                guard seen.insert(ObjectIdentifier(object)).inserted else { break }
                retained.append(object)
            }
            cause = child.error
        }
        return cause
    }

    /// The depth of the deepest node visited (0 for a single error).
    public var depth: Int {
        reduce(0) { Swift.max($0, $1.depth) }
    }

    /// How many nodes a traversal visits (at most the node cap of ``ErrorLimits``).
    public var count: Int {
        reduce(0) { count, _ in count + 1 }
    }

    /// Whether a cancellation is anywhere in the tree: `CancellationError`, `URLError.cancelled`,
    /// `CocoaError.userCancelled` (or their `NSError` forms), or a ``PresentableError`` of category
    /// ``ErrorCategory/cancellation``.
    ///
    /// ```swift
    /// guard !ErrorTree(error).containsCancellation else { return }
    /// ```
    public var containsCancellation: Bool {
        contains { ErrorTree.isCancellation($0.error) }
    }

    /// Whether an HTTP status is anywhere in the tree: an ``HTTPStatusError`` with that status, or a
    /// ``ProblemDetailsError`` that answered with it (one that offers sign-in counts as 401 too).
    ///
    /// ```swift
    /// if ErrorTree(error).contains(httpStatus: 401) { try await signIn() }
    /// ```
    ///
    public func contains(httpStatus status: Int) -> Bool {
        contains { node in
            if let statusError = ErrorTree.value(node.error, as: HTTPStatusError.self) {
                return statusError.status == status
            }
            return ErrorTypeInfo.of(node.error).asFactsCarrier?(node.error)?.httpStatuses.contains(status) == true
        }
    }

    /// Whether one error, not its tree, is a cancellation (see ``containsCancellation``).
    package static func isCancellation(_ error: any Error) -> Bool {
        isCancellation(error, info: nil)
    }

    static func isCancellation(_ error: any Error, info: ErrorTypeInfo?) -> Bool {
        if let verdict = cancellationByType(error) { return verdict }
        if let error = (info ?? ErrorTypeInfo.of(error)).asPresentable?(error) {
            return error.category == .cancellation
        }
        return false
    }

    /// `nil` when only a presentable error's category can tell.
    static func cancellationByType(_ error: any Error) -> Bool? {
        if let nsError = nsError(error) {
            return (nsError.domain == NSURLErrorDomain && nsError.code == URLError.cancelled.rawValue)
                || (nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.userCancelled.rawValue)
        }
        // Exact types: on Linux an `NSError` of any domain casts to `CocoaError`.
        let type = type(of: error)
        if type == CancellationError.self { return true }
        if type == URLError.self, let error = error as? URLError { return error.code == .cancelled }
        if type == CocoaError.self, let error = error as? CocoaError { return error.code == .userCancelled }
        return nil
    }
}
