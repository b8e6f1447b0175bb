// MARK: - The walk

extension ErrorTree {
    /// Visits the nodes in pre-order, iteratively: the work and memory of one step don't depend on the
    /// tree's depth.
    ///
    /// The one walk of a tree: presentations (``ErrorResolver``), reports, grouping keys of trees with class
    /// instances and this sequence all use it, so they all see the same nodes under the same caps.
    ///
    /// It allocates nothing for a chain of values: an only child waits apart from the stack (`upcoming`),
    /// class instances are tracked from the first one met, and a ``WrappingError`` lends its causes without an
    /// array of children.
    public struct Iterator: IteratorProtocol {
        private struct Pending {
            var error: any Error
            var depth: Int
            var parentIndex: Int?
            var label: String?
        }

        private let limits: ErrorLimits
        /// The type information of the root, when the caller has it already, until the root is visited.
        private var rootInfo: ErrorTypeInfo?
        /// The node to visit next, when it is known (the first child of the node just visited): kept out of
        /// ``stack``, so a chain of only children never allocates one.
        private var upcoming: Pending?
        /// The nodes waiting after `upcoming`; the last one is visited first.
        private var stack: [Pending] = []
        /// What the walk tracks of class instances, from the first one it meets (`nil` before): most trees
        /// hold none, and then the walk allocates nothing to track them.
        private var instances: InstanceTracking?
        private var nextIndex = 0

        /// Whether the walk stopped at the node cap of ``ErrorLimits`` while errors were still waiting.
        public private(set) var isTruncated = false

        init(root: any Error, rootInfo: ErrorTypeInfo? = nil, limits: ErrorLimits) {
            self.limits = limits
            self.rootInfo = rootInfo
            upcoming = Pending(error: root, depth: 0, parentIndex: nil, label: nil)
        }

        /// The next node in pre-order, or `nil` when the walk is done.
        ///
        /// - Returns: The next node, or `nil`.
        public mutating func next() -> Node? {
            nextVisit()?.node
        }

        /// The next node with what the walk learned about it on the way.
        mutating func nextVisit() -> Visit? {
            guard let pending = upcoming.take() ?? stack.popLast() else { return nil }
            guard nextIndex < limits.maximumNodes else {
                stack.append(pending)
                isTruncated = true
                return nil
            }
            let index = nextIndex
            nextIndex += 1
            let depth = pending.depth
            let info = rootInfo.take() ?? ErrorTypeInfo.of(pending.error)
            if info.isObject, instances == nil {
                instances = InstanceTracking(depth: depth)
            }
            var isCycle = false
            let firstOccurrence = instances?.visit(
                pending.error, info: info, index: index, depth: depth, isCycle: &isCycle)

            var expansion = Expansion()
            if firstOccurrence == nil {
                expansion = expand(pending.error, info: info, index: index, depth: depth)
            }
            let node = Node(
                error: pending.error,
                depth: depth,
                index: index,
                parentIndex: pending.parentIndex,
                label: pending.label,
                childCount: expansion.childCount,
                omittedChildCount: expansion.omitted,
                isDepthLimited: expansion.isDepthLimited,
                isCycle: isCycle,
                isRepeated: firstOccurrence != nil && !isCycle,
                firstOccurrenceIndex: firstOccurrence
            )
            return Visit(node: node, info: info, caseLabel: expansion.caseLabel)
        }

        /// What the walk found below a node first visited.
        private struct Expansion {
            var childCount = 0
            var omitted = 0
            var isDepthLimited = false
            var caseLabel: String?

            /// Counts `found` children, of which the walk keeps `kept`; at the depth cap (`expands` unset) it
            /// keeps none, and the node is cut there when it has any.
            mutating func count(found: Int, kept: Int, expands: Bool) {
                if expands {
                    childCount = kept
                    omitted = found - kept
                } else {
                    isDepthLimited = found > 0
                }
            }
        }

        /// Puts the children of a node on the walk (none at the depth cap, at most the width cap), and tells
        /// what it found.
        private mutating func expand(_ error: any Error, info: ErrorTypeInfo, index: Int, depth: Int) -> Expansion {
            let expands = depth < limits.maximumDepth
            var expansion = Expansion()
            switch info.source {
            case .decoding:
                // At most the context's underlying error, read in place.
                guard let underlying = ErrorTree.value(error, as: DecodingError.self)?.context?.underlyingError
                else { break }
                let kept = Swift.min(1, limits.maximumWidth)
                expansion.count(found: 1, kept: kept, expands: expands)
                if expands, kept > 0 {
                    upcoming = Pending(
                        error: ErrorTree.unboxed(underlying), depth: depth + 1, parentIndex: index, label: "underlying")
                }
            case .wrapping:
                // A `WrappingError` lends its causes straight onto the walk, without an array of children, and
                // states its case name in the same call: every walk's visits name cases as reports and keys do.
                var lent = Lent(limit: expands ? limits.maximumWidth : 0)
                if let reader = info.wrapped {
                    expansion.caseLabel = reader.forEachUnderlyingErrorAndCaseName(of: error) { lent.add($0) }
                } else {
                    info.wrapping?.forEachUnderlyingError(of: error) { lent.add($0) }
                }
                expansion.count(found: lent.count, kept: lent.kept, expands: expands)
                if let first = lent.first {
                    for other in lent.others.reversed() {
                        stack.append(Pending(error: other, depth: depth + 1, parentIndex: index, label: nil))
                    }
                    upcoming = Pending(error: first, depth: depth + 1, parentIndex: index, label: nil)
                }
            default:
                let inspection = ErrorTree.inspect(error, info: info, limit: expands ? limits.maximumWidth : 1)
                expansion.caseLabel = inspection.caseLabel
                let children = inspection.children
                expansion.count(
                    found: children.count + inspection.omitted, kept: children.count, expands: expands)
                guard expands, let first = children.first else { break }
                for child in children.dropFirst().reversed() {
                    stack.append(Pending(error: child.error, depth: depth + 1, parentIndex: index, label: child.label))
                }
                upcoming = Pending(error: first.error, depth: depth + 1, parentIndex: index, label: first.label)
            }
            return expansion
        }
    }

    /// The class instances of a walk, and the path that tells a cycle from a repeat.
    private struct InstanceTracking {
        /// Class instances seen so far, with the index and depth of their first visit.
        var visited: [ObjectIdentifier: (index: Int, depth: Int)] = [:]
        /// Keeps visited instances alive, so that their identifiers can't be reused during the walk by
        /// objects a computed property (`underlyingErrors`, `errorUserInfo`) creates and drops.
        var retained: [AnyObject] = []
        /// The pre-order index of the current node's ancestors, by depth; `-1` for the ancestors visited
        /// before the tracking started, which can't be the first visit of an instance (only a later node
        /// can be a cycle, through an instance).
        var path: [Int]

        init(depth: Int) {
            path = Array(repeating: -1, count: depth)
        }

        /// Puts a node on the path and records a class instance's visit; answers the index of its earlier visit.
        mutating func visit(_ error: any Error, info: ErrorTypeInfo, index: Int, depth: Int, isCycle: inout Bool)
            -> Int?
        {
            if path.count > depth { path.removeSubrange(depth...) }
            path.append(index)
            guard info.isObject, let object = ErrorTree.identity(of: error) else { return nil }
            let id = ObjectIdentifier(object)
            guard let first = visited[id] else {
                visited[id] = (index, depth)
                retained.append(object)
                return nil
            }
            isCycle = first.depth < depth && path[first.depth] == first.index
            return first.index
        }
    }

    /// A node and what the walk learned about it on the way.
    struct Visit: Sendable {
        var node: Node
        var info: ErrorTypeInfo
        /// The enum case whose payload reflection looked at, or a ``WrappingError`` enum's valid stated
        /// case name (see ``Inspection/caseLabel``), or `nil`.
        var caseLabel: String?
    }

    /// A non-error value found by reflection, described only when a report needs it.
    struct Field {
        var label: String?
        var value: Any
    }
}

/// The causes a ``WrappingError`` lends, up to the width cap: the first one apart, so an only child
/// allocates nothing.
struct Lent {
    let limit: Int
    var first: (any Error)?
    var others: [any Error] = []
    /// How many causes were lent, kept or not.
    var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// How many causes are kept.
    var kept: Int { first == nil ? 0 : others.count + 1 }

    mutating func add(_ error: any Error) {
        count += 1
        if first == nil {
            guard limit > 0 else { return }
            first = ErrorTree.unboxed(error)
        } else if others.count + 1 < limit {
            others.append(ErrorTree.unboxed(error))
        }
    }
}
