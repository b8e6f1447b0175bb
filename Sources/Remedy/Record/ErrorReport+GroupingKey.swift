import Foundation

// MARK: - Grouping key

extension ErrorReport {
    /// A key shared by errors of the same shape, whatever their dynamic values (URLs, ids, counts):
    /// for de-duplication, coalescing and analytics. See ``groupingKey(of:limits:)``.
    public var groupingKey: String {
        Self.groupingKey(of: error, limits: limits)
    }

    /// The grouping key of an error: 16 hexadecimal digits that depend on the shape of its tree only.
    ///
    /// What counts as shape, per node:
    ///
    /// - the type, by its module-qualified name;
    /// - an enum's case, never its associated values;
    /// - an `NSError`'s or `CustomNSError`'s domain and code, an ``HTTPStatusError``'s status;
    /// - for a library's error whose case is hidden in private storage, what tells its failures apart: an
    ///   SQL database's SQLSTATE, or the case of the code it keeps (postgres-nio's `PSQLError`,
    ///   AsyncHTTPClient's `HTTPClientError`, CompressNIO's `CompressNIOError`);
    /// - a decoding or encoding error's case and coding path, without array indices;
    /// - a ``ContextError``'s source locations (`#fileID` and `#line` of each layer, a run of layers
    ///   added at one place counting once), never its messages: messages often carry dynamic values
    ///   ("Loading the forecast for Berlin"), while the place where context was added names the
    ///   operation exactly. Keys of context errors therefore change when the code that adds the context
    ///   moves to another line in a new release;
    /// - the shapes of its causes, as a set: their order and how many times one shape repeats don't
    ///   count, so three failed uploads and four failed uploads of the same kind share a key.
    ///
    /// Keys are stable across runs, processes and machines running the same build (the hash is FNV-1a,
    /// not Swift's seeded `Hasher`). The key is not cryptographic: it groups, it doesn't authenticate.
    ///
    /// - Parameters:
    ///   - error: Any error.
    ///   - limits: The caps of the tree walk.
    /// - Returns: 16 lower-case hexadecimal digits.
    public static func groupingKey(of error: any Error, limits: ErrorLimits = .default) -> String {
        let rootInfo = ErrorTypeInfo.of(error)
        var values = ValueTreeKey(limits: limits)
        let tree =
            values.hash(ofRoot: error, info: rootInfo) ?? walkedHash(of: error, rootInfo: rootInfo, limits: limits)
        var hash = StableHash()
        hash.combine(tree)
        return hash.hexDigest
    }

    /// The hash of a tree's shapes made from the tree's walk (``ErrorTree/Iterator``): any tree, class
    /// instances included.
    private static func walkedHash(of error: any Error, rootInfo: ErrorTypeInfo, limits: ErrorLimits) -> UInt64 {
        var shapes = ShapeStack()
        var walk = ErrorTree.Iterator(root: error, rootInfo: rootInfo, limits: limits, readsCaseNames: true)
        while let visit = walk.nextVisit() {
            shapes.push(depth: visit.node.depth, shape: shape(of: visit))
        }
        return shapes.finish()
    }

    /// The shape of one node: its type and its case or code, never its dynamic values.
    static func shape(of visit: ErrorTree.Visit) -> UInt64 {
        shape(
            of: visit.node.error, info: visit.info, caseLabel: visit.caseLabel, isCycle: visit.node.isCycle,
            isRepeated: visit.node.isRepeated)
    }

    /// The shape of one node (``shape(of:)``), from what a walk found of it.
    fileprivate static func shape(
        of error: any Error,
        info: ErrorTypeInfo,
        caseLabel: String?,
        isCycle: Bool,
        isRepeated: Bool
    ) -> UInt64 {
        var hash = StableHash()
        hash.combine(info.qualifiedNameHash)
        switch info.source {
        case .context:
            if let context = ErrorTree.value(error, as: ContextError.self) {
                var previous: ContextError.Layer?
                for layer in context.innermostFirst
                where previous?.fileID != layer.fileID || previous?.line != layer.line {
                    hash.combine(layer.fileID)
                    hash.combine(layer.line)
                    previous = layer
                }
            }
        case .decoding:
            if let decoding = ErrorTree.value(error, as: DecodingError.self) { combineShape(of: decoding, into: &hash) }
        case .encoding:
            if let encoding = ErrorTree.value(error, as: EncodingError.self) {
                combine(encoding.context?.codingPath ?? [], into: &hash)
            }
        case .nsError, .customNSError:
            if let (domain, code) = NodeFacts.domainAndCode(of: error, info: info) {
                hash.combine(domain)
                hash.combine(code)
            }
            if let caseLabel { hash.combine(caseLabel) }
        case .wrapping, .reflection, .leaf:
            // An enum's case first: an `HTTPStatusError` is a structure, so an enum needn't be compared with it.
            if info.style == .enumeration {
                combineCase(of: error, info: info, caseLabel: caseLabel, into: &hash)
            } else if let http = ErrorTree.value(error, as: HTTPStatusError.self) {
                hash.combine(http.status)
            } else if let family = info.ecosystemFamily, let kind = family.discriminator(of: error) {
                // An opaque library type: what tells its failures apart (an SQLSTATE, a private code's case).
                hash.combine(kind)
            }
        }
        if isCycle { hash.combine("cycle") }
        if isRepeated { hash.combine("repeat") }
        return hash.value
    }

    /// An enum case, without its associated values.
    private static func combineCase(
        of error: any Error,
        info: ErrorTypeInfo,
        caseLabel: String?,
        into hash: inout StableHash
    ) {
        if let caseLabel {
            hash.combine(caseLabel)
            return
        }
        let holdsNoReferences = NodeFacts.holdsNoReferences(info: info, caseLabel: caseLabel)
        if !info.isTextual {
            hash.combine(NodeFacts.caseName(of: error, info: info, caseLabel: caseLabel))
        } else if let label = Mirror(reflecting: error).children.first?.label {
            hash.combine(label)
        } else if holdsNoReferences {
            // A case without associated values of a type with its own description: its description tells it.
            hash.combine(String(describing: error))
        }
    }

    /// A decoding error's case name (``NodeFacts/caseName(of:)``) and coding path, read in one `switch`:
    /// `DecodingError`'s layout is resilient, so every `switch` over it copies the value.
    /// `DecodingKeyTests` pin the keys this gives.
    ///
    /// - Returns: The context's underlying error when `readsUnderlying` is set (the node's child, which the
    ///   same `switch` reads); otherwise `nil`.
    @discardableResult
    fileprivate static func combineShape(
        of decoding: DecodingError,
        into hash: inout StableHash,
        readsUnderlying: Bool = false
    ) -> (any Error)? {
        let context: DecodingError.Context
        switch decoding {
        case .keyNotFound(_, let found):
            hash.combine("keyNotFound")
            context = found
        case .valueNotFound(_, let found):
            hash.combine("valueNotFound")
            context = found
        case .typeMismatch(_, let found):
            hash.combine("typeMismatch")
            context = found
        case .dataCorrupted(let found):
            hash.combine("dataCorrupted")
            context = found
        @unknown default:
            hash.combine("unknown")
            return nil
        }
        combine(context.codingPath, into: &hash)
        return readsUnderlying ? context.underlyingError : nil
    }

    /// A coding path's keys, without array indices (which are dynamic).
    private static func combine(_ path: [any CodingKey], into hash: inout StableHash) {
        // Read in place through the array's subscript: `for key in path` copies each key out of its
        // existential container first.
        for index in path.indices where path[index].intValue == nil {
            hash.combine(path[index].stringValue)
        }
    }
}

/// The grouping key's walk of a tree of values, recursive: it visits the nodes ``ErrorTree/Iterator`` visits,
/// in the same order and under the same caps, and hashes each node's shape with its children's hashes as
/// soon as they are done, without a visit per node or a stack of frames: `report.tree3declared.groupingKey`
/// 13,777 without it, 10,795 with it (−22%; `report.tree3.groupingKey` 41,877 → 39,179, −6%).
///
/// Only class instances can be met twice (a cycle or a repeat), so a tree of values needs no tracking;
/// the walk gives up (`nil`) when it meets a class instance, or when the tree is deeper than
/// ``maximumRecursion`` (the recursion's stack), and the key is then made from the tree's walk.
/// `TreeWalkTests`, `DeepKeyTests` and `ValueTreeKeyTests` compare both on trees of every source, with
/// every cap, around the recursion limit and with instances after values.
private struct ValueTreeKey {
    /// The depth at which the walk gives up: it recurses once per level.
    static let maximumRecursion = 32

    let limits: ErrorLimits
    /// The pre-order index of the next node.
    private var nextIndex = 0

    init(limits: ErrorLimits) {
        self.limits = limits
    }

    /// The hash of the tree's shapes (`0` for no node), or `nil` when the tree holds a class instance or
    /// is deeper than ``maximumRecursion``.
    mutating func hash(ofRoot error: any Error, info: ErrorTypeInfo) -> UInt64? {
        guard limits.maximumNodes > 0 else { return 0 }
        return hash(of: error, info: info, depth: 0)
    }

    /// The hash of a subtree whose root is the next node.
    private mutating func hash(of error: any Error, info: ErrorTypeInfo, depth: Int) -> UInt64? {
        guard !info.isObject, depth < Self.maximumRecursion else { return nil }
        nextIndex += 1
        // What `ErrorTree.Iterator` finds of a node (a walk that reads case names), and its shape.
        let expands = depth < limits.maximumDepth
        var lent = Lent(limit: expands ? limits.maximumWidth : 0)
        let shape: UInt64
        switch info.source {
        case .decoding:
            // The shape and the child in one look (`DecodingError`'s layout is resilient: each look copies it).
            var hash = StableHash()
            hash.combine(info.qualifiedNameHash)
            let readsUnderlying = expands && limits.maximumWidth > 0
            let underlying = ErrorTree.value(error, as: DecodingError.self).flatMap {
                ErrorReport.combineShape(of: $0, into: &hash, readsUnderlying: readsUnderlying)
            }
            if let underlying { lent.add(underlying) }
            shape = hash.value
        case .wrapping:
            var caseLabel: String?
            if let reader = info.wrapped {
                caseLabel = reader.forEachUnderlyingErrorAndCaseName(of: error) { lent.add($0) }
            } else if expands {
                info.wrapping?.forEachUnderlyingError(of: error) { lent.add($0) }
            }
            shape = ErrorReport.shape(of: error, info: info, caseLabel: caseLabel, isCycle: false, isRepeated: false)
        default:
            let inspection = ErrorTree.inspect(
                error, info: info, limit: expands ? limits.maximumWidth : 1, readsCaseName: true)
            shape = ErrorReport.shape(
                of: error, info: info, caseLabel: inspection.caseLabel, isCycle: false, isRepeated: false)
            var frame = ShapeFrame(depth: depth, shape: shape)
            if expands {
                for child in inspection.children {
                    guard visit(child.error, depth: depth + 1, into: &frame) else { return nil }
                }
            }
            return frame.hash
        }
        var frame = ShapeFrame(depth: depth, shape: shape)
        if let first = lent.first {
            guard visit(first, depth: depth + 1, into: &frame) else { return nil }
            for other in lent.others {
                guard visit(other, depth: depth + 1, into: &frame) else { return nil }
            }
        }
        return frame.hash
    }

    /// Adds a child's hash to its parent's frame, unless the node cap is reached.
    ///
    /// - Returns: `false` when the walk gives up.
    private mutating func visit(_ child: any Error, depth: Int, into frame: inout ShapeFrame) -> Bool {
        // At the cap, the tree's walk stops: no later node is visited, here or in any ancestor.
        guard nextIndex < limits.maximumNodes else { return true }
        guard let hash = hash(of: child, info: ErrorTypeInfo.of(child), depth: depth) else { return false }
        frame.add(child: hash)
        return true
    }
}

/// The nodes on the current path of the grouping-key walk: a node's hash is known once its subtree is done.
private struct ShapeStack {
    private var frames: [ShapeFrame]

    init() {
        // One allocation for the paths of most trees, instead of one per doubling.
        frames = []
        frames.reserveCapacity(8)
    }

    /// The next node in pre-order: the nodes at its depth or deeper are done.
    mutating func push(depth: Int, shape: UInt64) {
        while let top = frames.last, top.depth >= depth {
            finishTop()
        }
        frames.append(ShapeFrame(depth: depth, shape: shape))
    }

    /// The hash of the whole tree (0 for no node), once the walk is done.
    mutating func finish() -> UInt64 {
        var result: UInt64 = 0
        while !frames.isEmpty {
            if let hash = finishTop() { result = hash }
        }
        return result
    }

    /// Adds the top frame's hash to its parent; the hash of the root when it is the root.
    @discardableResult
    private mutating func finishTop() -> UInt64? {
        let hash = frames.removeLast().hash
        guard !frames.isEmpty else { return hash }
        frames[frames.count - 1].add(child: hash)
        return nil
    }
}

/// A node on the current path of the grouping-key walk, with the hashes of its finished children.
private struct ShapeFrame {
    let depth: Int
    let shape: UInt64
    /// The first child's hash, apart: most nodes have one child at most, and then no array is made.
    private var firstChild: UInt64?
    private var otherChildren: [UInt64] = []

    init(depth: Int, shape: UInt64) {
        self.depth = depth
        self.shape = shape
    }

    mutating func add(child: UInt64) {
        if firstChild == nil {
            firstChild = child
        } else {
            otherChildren.append(child)
        }
    }

    /// The shape, then the children's hashes as a set.
    var hash: UInt64 {
        var hash = StableHash()
        hash.combine(shape)
        guard let firstChild else { return hash.value }
        guard !otherChildren.isEmpty else {
            hash.combine(firstChild)
            return hash.value
        }
        var children = otherChildren
        children.append(firstChild)
        children.sort()
        var previous: UInt64?
        for child in children where child != previous {
            hash.combine(child)
            previous = child
        }
        return hash.value
    }
}
