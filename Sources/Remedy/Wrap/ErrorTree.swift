import Foundation

/// A view over any error as a tree of causes, for walking, querying and reporting.
///
/// Children are found without boilerplate, from the first source that applies to an error:
///
/// 1. ``ContextError``: its cause;
/// 2. ``WrappingError``: its ``WrappingError/underlyingErrors``;
/// 3. `DecodingError` and `EncodingError`: the context's underlying error;
/// 4. an `NSError`, or a `CustomNSError`: `NSUnderlyingErrorKey` and `NSMultipleUnderlyingErrorsKey`
///    of its user info (a `CustomNSError` with neither is then searched by reflection);
/// 5. otherwise, reflection: an enum case's associated values and a struct's or class's stored
///    properties that are errors, optional errors, tuples holding errors, or collections of errors. So
///    `ViewModelError.download(ServiceError.parsing(DecodingError))` is a three-level tree with no
///    conformance at all. Errors inside plain values are found too (SwiftNIO's
///    `NIOConnectionError.connectionErrors[0].error`), eight values deep and 4,096 values per error at
///    most. Values that can't hold an error (plain data, strings, `Data`, URLs, classes that aren't
///    errors, types with a custom mirror, `[Any]`) are never searched.
///
/// Traversal is iterative and pre-order, so a tree can be arbitrarily deep without exhausting the
/// stack. Class instances (`NSError`s among them) are tracked by identity and expanded once, however
/// they are reached, so a cycle or a shared cause is never expanded twice. Depth, width and the number
/// of nodes are capped (see ``ErrorLimits``).
///
/// ```swift
/// let tree = ErrorTree(error)
/// if tree.contains(httpStatus: 401) { try await signIn() }
/// let decoding = tree.first(DecodingError.self)
/// for node in tree where node.isLeaf { print(node) }
/// ```
public struct ErrorTree: Sequence, Sendable {
    /// One error of the tree, with its place in it.
    public struct Node: Sendable, CustomStringConvertible {
        /// The error.
        public let error: any Error
        /// Its distance from the root (the root is at 0).
        public let depth: Int
        /// Its position in pre-order (the root is at 0).
        package let index: Int
        package let parentIndex: Int?
        /// Where the parent keeps it: `"cause"`, `"underlying"`, an enum case or property name
        /// (`"failures[2]"`, `"connectionErrors[0].error"`), `nil` for ``WrappingError`` children and the root.
        package let label: String?
        /// A decoding or encoding error's coding path, as `coding path: days[0].temp`.
        // Computed when read: only reports show it, and it costs as much as resolving the node.
        package var detail: String? {
            ErrorTree.detail(of: error, info: ErrorTypeInfo.of(error))
        }
        package let childCount: Int
        /// Children the width cap left out, and elements of plain-value collections reflection didn't reach
        /// (each may hold an error).
        package let omittedChildCount: Int
        package let isDepthLimited: Bool
        /// The same class instance is one of its own ancestors: the walk cut a cycle here.
        package let isCycle: Bool
        /// The same class instance was expanded before elsewhere (a cause shared by two branches).
        package let isRepeated: Bool
        /// The ``index`` where a cycle's or a repeat's instance was expanded.
        package let firstOccurrenceIndex: Int?

        /// Whether nothing hangs below this node: no children, none left out, not cut by a cap, a
        /// cycle or a repeat.
        public var isLeaf: Bool {
            childCount == 0 && omittedChildCount == 0 && !isDepthLimited && !isCycle && !isRepeated
        }

        /// The index, depth and type name: `#2 depth 2: DecodingError`.
        public var description: String {
            "#\(index) depth \(depth): \(ErrorTypeInfo.of(error).name)"
        }
    }

    /// The error the tree is a view over.
    public let root: any Error
    package let limits: ErrorLimits

    /// Creates a tree over an error. Nothing is walked until the tree is iterated or queried.
    ///
    /// - Parameters:
    ///   - error: The root error.
    ///   - limits: The caps of every traversal.
    public init(_ error: any Error, limits: ErrorLimits = .default) {
        self.root = error
        self.limits = limits
    }

    /// An iterator that visits the nodes in pre-order.
    ///
    /// - Returns: A new iterator; each iterator walks the tree afresh.
    public func makeIterator() -> Iterator {
        Iterator(root: root, limits: limits)
    }
}
