import Foundation

/// A view over any error as a tree of causes, for walking, querying and reporting.
///
/// Children are found without boilerplate, in this order:
///
/// 1. ``ContextError``'s cause and ``WrappingError/underlyingErrors``;
/// 2. `DecodingError` and `EncodingError` context errors (the coding path becomes the node's
///    ``Node/detail``);
/// 3. `NSUnderlyingErrorKey` and `NSMultipleUnderlyingErrorsKey` of an `NSError` or `CustomNSError`;
/// 4. otherwise, by reflection: enum associated values and stored properties that are errors, or
///    collections of errors. So `ViewModelError.download(ServiceError.parsing(DecodingError))` is a
///    three-level tree with no conformance at all.
///
/// Traversal is iterative and pre-order; a tree can be huge or cyclic without harm. Class instances
/// (`NSError`s among them) are tracked by identity and expanded once: a node met again is marked with
/// ``Node/isCycle`` and not expanded. Depth and width are capped (see ``Limits``); a node records how
/// many children the caps left out.
///
/// ```swift
/// let tree = ErrorTree(error)
/// if tree.contains(httpStatus: 401) { try await signIn() }
/// let decoding = tree.first(DecodingError.self)
/// ```
public struct ErrorTree: Sequence, Sendable {
    /// Caps that bound the work of a traversal.
    public struct Limits: Sendable, Hashable {
        /// The deepest level expanded (the root is at depth 0).
        public var maximumDepth: Int
        /// The most children expanded per node.
        public var maximumWidth: Int
        /// The most nodes visited in all.
        public var maximumNodes: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maximumDepth: The deepest level expanded. Default: 10,000.
        ///   - maximumWidth: The most children expanded per node. Default: 1,000.
        ///   - maximumNodes: The most nodes visited in all. Default: 100,000.
        public init(maximumDepth: Int = 10_000, maximumWidth: Int = 1_000, maximumNodes: Int = 100_000) {
            self.maximumDepth = Swift.max(0, maximumDepth)
            self.maximumWidth = Swift.max(0, maximumWidth)
            self.maximumNodes = Swift.max(1, maximumNodes)
        }

        /// The default limits.
        public static let `default` = Limits()
    }

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
        /// Where the parent keeps it: an enum case or property name, `"cause"`, `"underlying"`…
        public let label: String?
        /// Extra facts for developers, such as a decoding error's coding path.
        public let detail: String?
        /// How many children it has that the traversal visits.
        public let childCount: Int
        /// How many children the width cap left out.
        public let omittedChildCount: Int
        /// Whether the depth cap stopped the traversal here although the error has children.
        public let isDepthLimited: Bool
        /// Whether this error was met before on the way (a cycle or a shared cause) and isn't expanded.
        public let isCycle: Bool

        /// Whether nothing hangs below this node.
        public var isLeaf: Bool { childCount == 0 && !isDepthLimited && !isCycle }

        /// The error's type name, the index and the depth.
        public var description: String {
            "#\(index) depth \(depth): \(ErrorTree.typeName(of: error))"
        }
    }

    /// The error the tree is a view over.
    public let root: any Error
    /// The caps of every traversal.
    public let limits: Limits

    /// Creates a tree over an error.
    ///
    /// - Parameters:
    ///   - error: The root error.
    ///   - limits: The caps of every traversal.
    public init(_ error: any Error, limits: Limits = .default) {
        self.root = error
        self.limits = limits
    }

    /// An iterator that visits the nodes in pre-order.
    public func makeIterator() -> Iterator {
        Iterator(root: root, limits: limits)
    }

    /// Visits the nodes in pre-order, iteratively.
    public struct Iterator: IteratorProtocol {
        private struct Pending {
            var error: any Error
            var depth: Int
            var parentIndex: Int?
            var label: String?
            var detail: String?
        }

        private var stack: [Pending]
        private var seen = Set<ObjectIdentifier>()
        // Keeps visited objects alive so their identifiers can't be reused during the walk.
        private var retained: [AnyObject] = []
        private var nextIndex = 0
        private let limits: Limits

        init(root: any Error, limits: Limits) {
            self.stack = [Pending(error: root, depth: 0, parentIndex: nil, label: nil, detail: nil)]
            self.limits = limits
        }

        /// The next node in pre-order, or `nil` when the walk is done.
        public mutating func next() -> Node? {
            guard nextIndex < limits.maximumNodes, let pending = stack.popLast() else { return nil }
            let index = nextIndex
            nextIndex += 1

            var isCycle = false
            if let object = ErrorTree.identity(of: pending.error) {
                let id = ObjectIdentifier(object)
                if seen.insert(id).inserted {
                    retained.append(object)
                } else {
                    isCycle = true
                }
            }

            var childCount = 0
            var omitted = 0
            var depthLimited = false
            if !isCycle {
                let children = ErrorTree.children(of: pending.error, limit: limits.maximumWidth)
                if pending.depth >= limits.maximumDepth {
                    depthLimited = !children.errors.isEmpty
                } else {
                    childCount = children.errors.count
                    omitted = children.omitted
                    for child in children.errors.reversed() {
                        stack.append(
                            Pending(
                                error: child.error,
                                depth: pending.depth + 1,
                                parentIndex: index,
                                label: child.label,
                                detail: child.detail
                            )
                        )
                    }
                }
            }
            return Node(
                error: pending.error,
                depth: pending.depth,
                index: index,
                parentIndex: pending.parentIndex,
                label: pending.label,
                detail: pending.detail ?? ErrorTree.detail(of: pending.error),
                childCount: childCount,
                omittedChildCount: omitted,
                isDepthLimited: depthLimited,
                isCycle: isCycle
            )
        }
    }
}

// MARK: - Queries

extension ErrorTree {
    /// The first error of a type, in pre-order.
    ///
    /// - Parameter type: The error type to look for.
    /// - Returns: The first error of that type, or `nil`.
    public func first<E: Error>(_ type: E.Type) -> E? {
        for node in self {
            if let match = node.error as? E { return match }
        }
        return nil
    }

    /// Every error of a type, in pre-order.
    ///
    /// - Parameter type: The error type to look for.
    /// - Returns: The errors of that type.
    public func all<E: Error>(_ type: E.Type) -> [E] {
        compactMap { $0.error as? E }
    }

    /// Whether any error of the tree is of a type.
    ///
    /// - Parameter type: The error type to look for.
    /// - Returns: `true` when an error of that type is in the tree.
    public func contains<E: Error>(_ type: E.Type) -> Bool {
        first(type) != nil
    }

    /// The nodes with nothing below them, in pre-order.
    public var leaves: [Node] {
        filter(\.isLeaf)
    }

    /// The deepest cause on the first path down: follow the first child until there is none.
    public var rootCause: any Error {
        var cause = root
        var lastDepth = 0
        for node in self {
            // Pre-order: the first path down is the run of nodes whose depth grows one at a time.
            guard node.depth == lastDepth + (node.index == 0 ? 0 : 1) else { break }
            cause = node.error
            lastDepth = node.depth
        }
        return cause
    }

    /// The depth of the deepest node visited (0 for a single error).
    public var depth: Int {
        reduce(0) { Swift.max($0, $1.depth) }
    }

    /// How many nodes a traversal visits.
    public var count: Int {
        reduce(0) { count, _ in count + 1 }
    }

    /// Whether a cancellation is anywhere in the tree: `CancellationError`, `URLError.cancelled`,
    /// `CocoaError.userCancelled`, or a ``PresentableError`` of category ``ErrorCategory/cancellation``.
    public var containsCancellation: Bool {
        contains { ErrorTree.isCancellation($0.error) }
    }

    /// Whether an HTTP status is anywhere in the tree (an ``HTTPStatusError`` with that status).
    ///
    /// - Parameter status: The status code, such as 401.
    /// - Returns: `true` when the tree holds an ``HTTPStatusError`` with that status.
    public func contains(httpStatus status: Int) -> Bool {
        contains { ($0.error as? HTTPStatusError)?.status == status }
    }

    /// Whether one error, not its tree, is a cancellation.
    ///
    /// - Parameter error: The error to check.
    /// - Returns: `true` for `CancellationError`, `URLError.cancelled`, `CocoaError.userCancelled` and
    ///   presentable errors of category ``ErrorCategory/cancellation``.
    public static func isCancellation(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError:
            return true
        case let error as URLError:
            return error.code == .cancelled
        case let error as CocoaError:
            return error.code == .userCancelled
        case let error as any PresentableError:
            return error.category == .cancellation
        default:
            guard isObjectError(error) else { return false }
            let nsError = error as NSError
            return (nsError.domain == NSURLErrorDomain && nsError.code == URLError.cancelled.rawValue)
                || (nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.userCancelled.rawValue)
        }
    }
}

// MARK: - Children

extension ErrorTree {
    struct Child {
        var error: any Error
        var label: String?
        var detail: String?
    }

    /// The children of one error, at most `limit` of them, and how many more there were.
    static func children(of error: any Error, limit: Int) -> (errors: [Child], omitted: Int) {
        if let context = error as? ContextError {
            return capped([Child(error: context.underlying, label: "cause")], limit: limit)
        }
        if let wrapping = error as? any WrappingError {
            return capped(wrapping.underlyingErrors.map { Child(error: $0, label: nil) }, limit: limit)
        }
        if let decoding = error as? DecodingError {
            return capped(
                decoding.context?.underlyingError.map { [Child(error: $0, label: "underlying")] } ?? [], limit: limit)
        }
        if let encoding = error as? EncodingError {
            return capped(
                encoding.context?.underlyingError.map { [Child(error: $0, label: "underlying")] } ?? [], limit: limit)
        }
        if let userInfo = userInfo(of: error) {
            var children: [Child] = []
            if let underlying = userInfo[NSUnderlyingErrorKey] as? any Error {
                children.append(Child(error: underlying, label: "underlying"))
            }
            if let many = userInfo[multipleUnderlyingErrorsKey] as? [any Error] {
                children += many.prefix(limit + 1).map { Child(error: $0, label: "underlying") }
                let result = capped(children, limit: limit)
                return (result.errors, result.omitted + Swift.max(0, many.count - (limit + 1)))
            }
            return capped(children, limit: limit)
        }
        return reflectedChildren(of: error, limit: limit)
    }

    private static func capped(_ children: [Child], limit: Int) -> (errors: [Child], omitted: Int) {
        guard children.count > limit else { return (children, 0) }
        return (Array(children.prefix(limit)), children.count - limit)
    }

    /// The user info of an `NSError` instance or a `CustomNSError`; `nil` for plain Swift errors, so
    /// they are never boxed into an `NSError` just to be looked at.
    static func userInfo(of error: any Error) -> [String: Any]? {
        if let custom = error as? any CustomNSError {
            return custom.errorUserInfo
        }
        if isObjectError(error) {
            return (error as NSError).userInfo
        }
        return nil
    }

    /// Whether the error is a class instance (an `NSError` or a subclass), as opposed to a Swift value.
    static func isObjectError(_ error: any Error) -> Bool {
        type(of: error) is AnyClass
    }

    /// The object behind a class-instance error, for identity; `nil` for values.
    static func identity(of error: any Error) -> AnyObject? {
        isObjectError(error) ? error as AnyObject : nil
    }

    /// Children found by reflection: associated values and stored properties that are errors, or
    /// collections of errors. Bounded: at most `limit` children are looked at per level.
    private static func reflectedChildren(of error: any Error, limit: Int) -> (errors: [Child], omitted: Int) {
        if isObjectError(error) { return ([], 0) }
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum || mirror.displayStyle == .struct || mirror.displayStyle == .class
        else { return ([], 0) }
        var found: [Child] = []
        var omitted = 0
        func add(_ value: Any, label: String?) {
            if let child = value as? any Error {
                if found.count < limit { found.append(Child(error: child, label: label)) } else { omitted += 1 }
                return
            }
            let inner = Mirror(reflecting: value)
            switch inner.displayStyle {
            case .optional:
                if let wrapped = inner.children.first?.value { add(wrapped, label: label) }
            case .tuple:
                for element in inner.children.prefix(limit) {
                    if let child = element.value as? any Error {
                        let name = element.label.map { $0.hasPrefix(".") ? nil : $0 } ?? nil
                        if found.count < limit {
                            found.append(Child(error: child, label: name ?? label))
                        } else {
                            omitted += 1
                        }
                    }
                }
            case .collection, .set:
                for element in inner.children.prefix(limit) {
                    guard let child = element.value as? any Error else { break }
                    if found.count < limit { found.append(Child(error: child, label: label)) } else { omitted += 1 }
                }
            default:
                break
            }
        }
        for child in mirror.children.prefix(limit) {
            add(child.value, label: child.label)
        }
        return (found, omitted)
    }

    /// Developer detail of a node: the coding path of decoding and encoding errors.
    static func detail(of error: any Error) -> String? {
        switch error {
        case let error as DecodingError:
            return error.context.map { "coding path: \(codingPath($0.codingPath))" }
        case let error as EncodingError:
            return error.context.map { "coding path: \(codingPath($0.codingPath))" }
        default:
            return nil
        }
    }

    /// A coding path as `days[0].temp`.
    static func codingPath(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "(root)" }
        var result = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }

    /// The type name of an error, without its module (`ServiceError`), or the domain for an `NSError`.
    static func typeName(of error: any Error) -> String {
        String(describing: type(of: error))
    }
}

extension DecodingError {
    /// The context of any case, or `nil` for an unknown case.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }
}

extension EncodingError {
    /// The context of any case, or `nil` for an unknown case.
    var context: Context? {
        switch self {
        case .invalidValue(_, let context):
            return context
        @unknown default:
            return nil
        }
    }
}

/// `NSMultipleUnderlyingErrorsKey`, which swift-corelibs-foundation doesn't declare; same value everywhere.
let multipleUnderlyingErrorsKey = "NSMultipleUnderlyingErrorsKey"
