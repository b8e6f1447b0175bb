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

    /// Visits the nodes in pre-order, iteratively: the work and memory of one step don't depend on the
    /// tree's depth.
    public struct Iterator: IteratorProtocol {
        private struct Pending {
            var error: any Error
            var depth: Int
            var parentIndex: Int?
            var label: String?
        }

        private var stack: [Pending]
        /// Class instances seen so far, with the index and depth of their first visit.
        private var visited: [ObjectIdentifier: (index: Int, depth: Int)] = [:]
        /// Keeps visited instances alive, so that their identifiers can't be reused during the walk
        /// by objects a computed property (`underlyingErrors`, `errorUserInfo`) creates and drops.
        private var retained: [AnyObject] = []
        /// The pre-order index of the current node's ancestors, by depth.
        private var path: [Int] = []
        private var nextIndex = 0
        private let limits: ErrorLimits
        private let collectsFields: Bool
        private let readsCaseNames: Bool

        /// Whether the walk stopped at ``ErrorLimits/maximumNodes`` while errors were still waiting.
        public private(set) var isTruncated = false

        init(root: any Error, limits: ErrorLimits, collectsFields: Bool = false, readsCaseNames: Bool = false) {
            self.stack = [Pending(error: root, depth: 0, parentIndex: nil, label: nil)]
            self.limits = limits
            self.collectsFields = collectsFields
            self.readsCaseNames = readsCaseNames
            // Room for a tree a few levels deep in the first allocation: grown from empty, the path would
            // be allocated again at the third level.
            path.reserveCapacity(16)
        }

        /// The next node in pre-order, or `nil` when the walk is done.
        ///
        /// - Returns: The next node, or `nil`.
        public mutating func next() -> Node? {
            nextVisit()?.node
        }

        /// The next node with what the walk learned about it on the way.
        mutating func nextVisit() -> Visit? {
            guard let pending = stack.popLast() else { return nil }
            guard nextIndex < limits.maximumNodes else {
                stack.append(pending)
                isTruncated = true
                return nil
            }
            let index = nextIndex
            nextIndex += 1
            let depth = pending.depth
            if path.count > depth { path.removeSubrange(depth...) }
            path.append(index)

            let info = ErrorTypeInfo.of(pending.error)
            var firstOccurrence: Int?
            var isCycle = false
            if info.isObject, let object = ErrorTree.identity(of: pending.error) {
                let id = ObjectIdentifier(object)
                if let first = visited[id] {
                    firstOccurrence = first.index
                    isCycle = first.depth < depth && path[first.depth] == first.index
                } else {
                    visited[id] = (index, depth)
                    retained.append(object)
                }
            }

            var inspection = Inspection()
            var childCount = 0
            var omitted = 0
            var isDepthLimited = false
            if firstOccurrence == nil {
                let expands = depth < limits.maximumDepth
                inspection = ErrorTree.inspect(
                    pending.error,
                    info: info,
                    limit: expands ? limits.maximumWidth : 1,
                    collectsFields: collectsFields,
                    readsCaseName: readsCaseNames
                )
                if expands {
                    childCount = inspection.children.count
                    omitted = inspection.omitted
                    stack.reserveCapacity(stack.count + childCount)
                    for child in inspection.children.reversed() {
                        stack.append(
                            Pending(error: child.error, depth: depth + 1, parentIndex: index, label: child.label))
                    }
                } else {
                    isDepthLimited = !inspection.children.isEmpty || inspection.omitted > 0
                }
            }
            let node = Node(
                error: pending.error,
                depth: depth,
                index: index,
                parentIndex: pending.parentIndex,
                label: pending.label,
                childCount: childCount,
                omittedChildCount: omitted,
                isDepthLimited: isDepthLimited,
                isCycle: isCycle,
                isRepeated: firstOccurrence != nil && !isCycle,
                firstOccurrenceIndex: firstOccurrence
            )
            return Visit(node: node, info: info, caseLabel: inspection.caseLabel, fields: inspection.fields)
        }
    }

    /// A node and what the walk learned about it on the way, for reports.
    struct Visit {
        var node: Node
        var info: ErrorTypeInfo
        /// The enum case whose payload reflection looked at, or a ``WrappingError`` enum's valid stated
        /// case name when the walk reads them (see ``Inspection/caseLabel``), or `nil`.
        var caseLabel: String?
        /// Values that aren't errors, found by reflection (only when the walk collects them).
        var fields: [Field]
    }

    /// A non-error value found by reflection, described only when a report needs it.
    struct Field {
        var label: String?
        var value: Any
    }

    /// Walks the tree, also collecting the non-error values reflection meets (for full reports) and
    /// reading the case names ``WrappingError``s state (for reports and keys).
    func makeVisitor(collectsFields: Bool, readsCaseNames: Bool = true) -> Iterator {
        Iterator(root: root, limits: limits, collectsFields: collectsFields, readsCaseNames: readsCaseNames)
    }
}
