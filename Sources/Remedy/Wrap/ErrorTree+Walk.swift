// MARK: - The lean walk

extension ErrorTree {
    /// What ``makeLeanWalk(readsCaseNames:)`` tells about a node: exactly what ``Iterator`` finds for it, without
    /// what only a ``Node`` carries (its index, parent, label and counts).
    struct Step {
        /// The error.
        var error: any Error
        /// Its distance from the root.
        var depth: Int
        var info: ErrorTypeInfo
        /// ``Visit/caseLabel`` of the node when the walk reads case names; otherwise unspecified (a node at
        /// the depth cap isn't looked at).
        var caseLabel: String?
        /// ``Node/isCycle``.
        var isCycle: Bool
        /// ``Node/isRepeated``.
        var isRepeated: Bool
        /// ``Node/childCount``, ``Node/omittedChildCount`` and ``Node/isDepthLimited``, when the walk is a
        /// report's (``ReportWalk``); otherwise `0`,
        /// `0` and `false`.
        var childCount = 0
        var omittedChildCount = 0
        var isDepthLimited = false

        /// ``Node/isLeaf``, in a report's walk.
        var isLeaf: Bool {
            childCount == 0 && omittedChildCount == 0 && !isDepthLimited && !isCycle && !isRepeated
        }
    }

    /// A walk of the nodes ``Iterator`` visits, in the same order, telling each one's error, depth, type
    /// information, cycle and repeat flags, and (when `readsCaseNames` is set) its case label: the walk of
    /// presentations and grouping keys, which read nothing else.
    ///
    /// It is ``Iterator`` without what those callers don't read: no ``Node`` or ``Visit`` per node, no
    /// array of children per node (a ``WrappingError`` lends its causes straight onto the walk's stack,
    /// and an only child is kept apart, so a chain needs no stack at all), and the path of ancestors,
    /// which only tells a cycle from a repeat, is kept only once the walk meets a class instance. The caps
    /// and the tracking of instances are ``Iterator``'s, so both walks visit the same nodes; the tests
    /// compare them on trees of every source, with cycles, shared causes and every cap.
    ///
    /// - Parameter readsCaseNames: Whether to read case labels, as
    ///   ``makeVisitor(collectsFields:readsCaseNames:)`` does (a node at the depth cap is still looked at for
    ///   its label).
    ///
    /// ```swift
    /// var walk = tree.makeLeanWalk(readsCaseNames: false)
    /// while walk.advance() { use(walk.step) }
    /// ```
    ///
    /// - Parameter rootInfo: ``ErrorTypeInfo/of(_:)`` of the root, when the caller has it already.
    ///
    /// (Hot callers make the ``LeanWalk`` themselves: returned from a call, it is copied into the caller's
    /// variable and destroyed.)
    func makeLeanWalk(readsCaseNames: Bool, rootInfo: ErrorTypeInfo? = nil) -> LeanWalk {
        LeanWalk(root: root, rootInfo: rootInfo, limits: limits, readsCaseNames: readsCaseNames)
    }
}

/// The walk of ``ErrorTree/makeLeanWalk(readsCaseNames:)``: presentations' and grouping keys'.
typealias LeanWalk = LeanWalkOf<LeanWalkForKeys>

/// The lean walk of a report: it also tells each node's counts (``ErrorTree/Step/childCount``) and collects
/// its fields (``LeanWalkOf/fields``).
typealias ReportWalk = LeanWalkOf<LeanWalkForReports>

/// What a lean walk is for, fixed by its type so that a walk of presentations pays nothing for a report's
/// counts and fields.
protocol LeanWalkMode {
    /// Where the walk keeps the fields of the node it is at: nothing, or the fields.
    associatedtype Fields
    /// Whether the walk is a report's (see ``ReportWalk``).
    static var reports: Bool { get }
    static var noFields: Fields { get }
    /// The fields to keep from an inspection.
    static func fields(_ fields: [ErrorTree.Field]) -> Fields
}

/// The mode of ``LeanWalk``: no counts, no fields.
enum LeanWalkForKeys: LeanWalkMode {
    struct Fields {}
    static var reports: Bool { false }
    static var noFields: Fields { Fields() }
    static func fields(_: [ErrorTree.Field]) -> Fields { Fields() }
}

/// The mode of ``ReportWalk``.
enum LeanWalkForReports: LeanWalkMode {
    static var reports: Bool { true }
    static var noFields: [ErrorTree.Field] { [] }
    static func fields(_ fields: [ErrorTree.Field]) -> [ErrorTree.Field] { fields }
}

/// A lean walk (``LeanWalk``, ``ReportWalk``).
struct LeanWalkOf<Mode: LeanWalkMode> {
    private struct Pending {
        var error: any Error
        var depth: Int
    }

    private let limits: ErrorLimits
    private let readsCaseNames: Bool
    /// Whether the walk is a report's: it also tells each node's counts (``ErrorTree/Step/childCount``)
    /// and collects its ``fields``, as ``ErrorTree/makeVisitor(collectsFields:readsCaseNames:)`` does with
    /// `collectsFields` set.
    private var reports: Bool { Mode.reports }
    /// The values that aren't errors reflection found in the node the walk is at (``ErrorTree/Visit/fields``),
    /// in a report's walk.
    private(set) var fields: Mode.Fields = Mode.noFields
    /// Whether ``fields`` holds any (in a report's walk).
    private var hasFields = false
    /// The node to visit next, when it is known (the first child of the node just visited): kept out of
    /// ``stack``, so a chain of only children never allocates one.
    private var upcoming: Pending?
    /// The nodes waiting after ``upcoming``; the last one is visited first.
    private var stack: [Pending] = []
    /// What the walk tracks of class instances, from the first one it meets (`nil` before): most trees
    /// hold none, and then the walk has no collections of its own to destroy.
    private var instances: InstanceTracking?
    private var nextIndex = 0

    /// The class instances of a walk, and the path that tells a cycle from a repeat.
    private struct InstanceTracking {
        /// Class instances seen so far, with the index and depth of their first visit.
        var visited: [ObjectIdentifier: (index: Int, depth: Int)] = [:]
        /// Keeps visited instances alive (see ``ErrorTree/Iterator``).
        var retained: [AnyObject] = []
        /// The pre-order index of the current node's ancestors, by depth; `-1` for the ancestors visited
        /// before the tracking started, which can't be the first visit of an instance (only a later node
        /// can be a cycle, through an instance).
        var path: [Int]

        init(depth: Int) {
            path = Array(repeating: -1, count: depth)
        }

        /// Puts a node on the path and, when it is a class instance, records its visit.
        ///
        /// - Returns: Whether this is the node's first visit (always for values).
        mutating func visit(_ error: any Error, info: ErrorTypeInfo, index: Int, depth: Int, isCycle: inout Bool)
            -> Bool
        {
            if path.count > depth { path.removeSubrange(depth...) }
            path.append(index)
            guard info.isObject, let object = ErrorTree.identity(of: error) else { return true }
            let id = ObjectIdentifier(object)
            guard let first = visited[id] else {
                visited[id] = (index, depth)
                retained.append(object)
                return true
            }
            isCycle = first.depth < depth && path[first.depth] == first.index
            return false
        }
    }

    /// Whether the walk stopped at ``ErrorLimits/maximumNodes`` while errors were still waiting
    /// (``ErrorTree/Iterator/isTruncated``).
    private(set) var isTruncated = false

    /// The node the walk is at, after ``advance()`` answered `true` (the root before that, not yet visited).
    ///
    /// A property rather than the result of a `next()`: an optional step would be destroyed through the
    /// runtime's generic `Optional` witnesses on every node, which cost more than the rest of its visit.
    private(set) var step: ErrorTree.Step

    init(root: any Error, rootInfo: ErrorTypeInfo?, limits: ErrorLimits, readsCaseNames: Bool) {
        self.limits = limits
        self.readsCaseNames = readsCaseNames
        upcoming = Pending(error: root, depth: 0)
        step = ErrorTree.Step(
            error: root, depth: 0, info: rootInfo ?? ErrorTypeInfo.of(root), caseLabel: nil, isCycle: false,
            isRepeated: false)
    }

    private mutating func pop() -> Pending? {
        if let pending = upcoming.take() { return pending }
        return stack.popLast()
    }

    /// Moves to the next node in pre-order (``step``).
    ///
    /// - Returns: `false` when the walk is done.
    mutating func advance() -> Bool {
        guard let pending = pop() else { return false }
        guard nextIndex < limits.maximumNodes else {
            stack.append(pending)
            isTruncated = true
            return false
        }
        let index = nextIndex
        nextIndex += 1
        let depth = pending.depth
        // The root's information is the step's already.
        let info = index == 0 ? step.info : ErrorTypeInfo.of(pending.error)
        if info.isObject, instances == nil {
            instances = InstanceTracking(depth: depth)
        }
        var isCycle = false
        let isFirstVisit =
            instances?.visit(pending.error, info: info, index: index, depth: depth, isCycle: &isCycle) ?? true

        var caseLabel: String?
        var counts = Counts()
        if reports, hasFields {
            fields = Mode.noFields
            hasFields = false
        }
        if isFirstVisit {
            caseLabel = expand(pending.error, info: info, depth: depth, counts: &counts)
        }
        step = ErrorTree.Step(
            error: pending.error,
            depth: depth,
            info: info,
            caseLabel: caseLabel,
            isCycle: isCycle,
            isRepeated: !isFirstVisit && !isCycle,
            childCount: counts.children,
            omittedChildCount: counts.omitted,
            isDepthLimited: counts.isDepthLimited
        )
        return true
    }

    /// What a report's walk tells of a node's children (``ErrorTree/Step/childCount``).
    private struct Counts {
        var children = 0
        var omitted = 0
        var isDepthLimited = false

        /// The counts of a node with `found` children, of which the walk keeps at most `limit`; at the depth
        /// cap (`expands` unset) it keeps none, and is cut there when it has any.
        init(found: Int, limit: Int, expands: Bool) {
            if expands {
                children = Swift.min(found, limit)
                omitted = found - children
            } else {
                isDepthLimited = found > 0
            }
        }

        init() {}
    }

    /// Puts the children of a node first visited on the walk (none at the depth cap, at most the width
    /// cap), and answers its case label when the walk reads them.
    ///
    /// A report's walk also counts them into `counts`: what ``ErrorTree/Iterator`` finds from the same look.
    private mutating func expand(_ error: any Error, info: ErrorTypeInfo, depth: Int, counts: inout Counts) -> String? {
        let expands = depth < limits.maximumDepth
        if info.source == .decoding {
            // A decoding error has no label and at most its context's underlying error, read in place
            // (what `inspect` finds, without its collector).
            if (expands && limits.maximumWidth > 0) || reports,
                let underlying = ErrorTree.withDecodingError(error, { $0.context?.underlyingError }) ?? nil
            {
                if reports { counts = Counts(found: 1, limit: limits.maximumWidth, expands: expands) }
                if expands, limits.maximumWidth > 0 {
                    upcoming = Pending(error: ErrorTree.unboxed(underlying), depth: depth + 1)
                }
            }
            return nil
        }
        guard info.source == .wrapping else {
            // Only a label would be read from a node that isn't expanded (and, in a report, its counts).
            guard expands || readsCaseNames || reports else { return nil }
            let inspection = ErrorTree.inspect(
                error,
                info: info,
                limit: expands ? limits.maximumWidth : 1,
                collectsFields: reports,
                readsCaseName: readsCaseNames
            )
            if reports {
                counts = Counts(
                    found: inspection.children.count + inspection.omitted,
                    limit: inspection.children.count,
                    expands: expands
                )
                if !inspection.fields.isEmpty {
                    fields = Mode.fields(inspection.fields)
                    hasFields = true
                }
            }
            if expands, !inspection.children.isEmpty {
                for child in inspection.children.dropFirst().reversed() {
                    stack.append(Pending(error: child.error, depth: depth + 1))
                }
                upcoming = Pending(error: inspection.children[0].error, depth: depth + 1)
            }
            return inspection.caseLabel
        }
        // A `WrappingError` lends its causes: the first becomes `upcoming`, the others go on the stack in
        // reverse order (the last one pushed is visited first).
        var lent = Lent(limit: expands ? limits.maximumWidth : 0)
        var caseLabel: String?
        if readsCaseNames, let reader = info.wrapped {
            caseLabel = reader.forEachUnderlyingErrorAndCaseName(of: error) { lent.add($0) }
        } else if expands || reports {
            info.wrapping?.forEachUnderlyingError(of: error) { lent.add($0) }
        }
        if reports { counts = Counts(found: lent.count, limit: lent.limit, expands: expands) }
        if let first = lent.first {
            for other in lent.others.reversed() {
                stack.append(Pending(error: other, depth: depth + 1))
            }
            upcoming = Pending(error: first, depth: depth + 1)
        }
        return caseLabel
    }
}

/// The causes a ``WrappingError`` lends, up to the width cap: the first one apart, so an only child
/// allocates nothing. (The grouping key's walk of values collects causes with it too.)
struct Lent {
    let limit: Int
    var first: (any Error)?
    var others: [any Error] = []
    /// How many causes were lent, kept or not.
    var count = 0

    init(limit: Int) {
        self.limit = limit
    }

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
