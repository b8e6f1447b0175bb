import Foundation

/// A view over any error as a tree of causes, for walking, querying and reporting.
///
/// Children are found without boilerplate, from the first source that applies to an error:
///
/// 1. ``ContextError``: its cause;
/// 2. ``WrappingError``: its ``WrappingError/underlyingErrors``;
/// 3. `DecodingError` and `EncodingError`: the context's underlying error (the coding path becomes the
///    node's ``Node/detail``);
/// 4. an `NSError`, or a `CustomNSError`: `NSUnderlyingErrorKey` and `NSMultipleUnderlyingErrorsKey`
///    of its user info (a `CustomNSError` with neither is then searched by reflection);
/// 5. otherwise, reflection: an enum case's associated values and a struct's or class's stored
///    properties that are errors, optional errors, tuples holding errors, or collections of errors
///    (`[any Error]`, `[ServiceError]`, `Set`, dictionary values). So
///    `ViewModelError.download(ServiceError.parsing(DecodingError))` is a three-level tree with no
///    conformance at all. Errors inside values that aren't errors are found too: a plain struct's or
///    enum's stored properties and payload, and collections of such values, as SwiftNIO's
///    `NIOConnectionError.connectionErrors[0].error`. That search goes eight values deep and looks at
///    4,096 values per error at most; an element of a collection it leaves out counts as an omitted
///    child. Values that can't hold an error (plain data, strings, `Data`, URLs, classes that aren't
///    errors, types with a custom mirror, `[Any]`) are never searched, so reflection costs the same for
///    a huge array of numbers as for a small one.
///
/// Traversal is iterative and pre-order, so a tree can be arbitrarily deep without exhausting the
/// stack. Class instances (`NSError`s among them) are tracked by identity and expanded once, however
/// they are reached (directly, or through collections, optionals, tuples and other values): a node
/// that is its own ancestor is marked ``Node/isCycle``, one met before elsewhere (a shared cause) is
/// marked ``Node/isRepeated``; neither is expanded again. Swift value errors can't form a cycle except
/// through a class instance, which is where the walk cuts it. Depth, width and the number of nodes are
/// capped (see ``ErrorLimits``), and every node records what the caps left out.
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
        public let index: Int
        /// The position of its parent in pre-order, `nil` for the root.
        public let parentIndex: Int?
        /// Where the parent keeps it: `"cause"` for a ``ContextError``'s, `"underlying"` for user-info
        /// and coding-context errors, the enum case or property name for reflected ones (with an index
        /// for collections: `"failures[2]"`, and a path through values that aren't errors:
        /// `"connectionErrors[0].error"`), `nil` for ``WrappingError`` children and the root.
        public let label: String?
        /// Extra facts for developers: a decoding or encoding error's coding path, as
        /// `coding path: days[0].temp`.
        ///
        /// Computed when read: only reports show it, and building the text costs as much as resolving
        /// the node's presentation.
        public var detail: String? {
            ErrorTree.detail(of: error, info: ErrorTypeInfo.of(error))
        }
        /// How many children the traversal visits below this node.
        public let childCount: Int
        /// How many children the width cap left out. Elements of a collection of values that aren't
        /// errors which reflection's search didn't reach count one each, as they may hold an error.
        public let omittedChildCount: Int
        /// Whether the depth cap stopped the traversal here although the error has children.
        public let isDepthLimited: Bool
        /// Whether this error is one of its own ancestors (the same class instance): the traversal cut a
        /// cycle here and didn't expand it again.
        public let isCycle: Bool
        /// Whether this error (the same class instance) was visited before elsewhere in the tree, as a
        /// cause shared by two branches; it isn't expanded again.
        public let isRepeated: Bool
        /// The ``index`` of the node where this same instance was first visited and expanded, when the
        /// node is a cycle or a repeat; otherwise `nil`.
        public let firstOccurrenceIndex: Int?

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
    /// The caps of every traversal.
    public let limits: ErrorLimits

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
