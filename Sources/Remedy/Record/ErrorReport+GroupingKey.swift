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
        var shapes = ShapeStack()
        var walk = LeanWalk(root: error, rootInfo: nil, limits: limits, readsCaseNames: true)
        while walk.advance() {
            // A copy of the step (a few references): borrowed from the walk, the whole walk was copied.
            let step = walk.step
            shapes.push(depth: step.depth, shape: shape(of: step))
        }
        var hash = StableHash()
        hash.combine(shapes.finish())
        return hash.hexDigest
    }

    /// The shape of one node: its type and its case or code, never its dynamic values.
    static func shape(of visit: borrowing ErrorTree.Step) -> UInt64 {
        let error = visit.error
        let info = visit.info
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
            _ = ErrorTree.withDecodingError(error) { decoding in
                hash.combine(ErrorFacts.caseName(of: decoding))
                combine(decoding.context?.codingPath ?? [], into: &hash)
            }
        case .encoding:
            if let encoding = ErrorTree.value(error, as: EncodingError.self) {
                combine(encoding.context?.codingPath ?? [], into: &hash)
            }
        case .nsError, .customNSError:
            if let (domain, code) = ErrorFacts.domainAndCode(of: error, info: info) {
                hash.combine(domain)
                hash.combine(code)
            }
            if let caseLabel = visit.caseLabel { hash.combine(caseLabel) }
        case .wrapping, .reflection, .leaf:
            if let http = ErrorTree.value(error, as: HTTPStatusError.self) {
                hash.combine(http.status)
            } else if info.style == .enumeration {
                combineCase(of: error, info: info, caseLabel: visit.caseLabel, into: &hash)
            }
        }
        if visit.isCycle { hash.combine("cycle") }
        if visit.isRepeated { hash.combine("repeat") }
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
        let holdsNoReferences = ErrorFacts.holdsNoReferences(info: info, caseLabel: caseLabel)
        if !info.isTextual {
            hash.combine(ErrorFacts.caseName(of: error, info: info, caseLabel: caseLabel))
        } else if let label = Mirror(reflecting: error).children.first?.label {
            hash.combine(label)
        } else if holdsNoReferences {
            // A case without associated values of a type with its own description: its bytes are its case.
            hash.combine(ErrorTypeInfo.bitsHash(of: error))
        }
    }

    /// A coding path's keys, without array indices (which are dynamic).
    private static func combine(_ path: [any CodingKey], into hash: inout StableHash) {
        for key in path where key.intValue == nil {
            hash.combine(key.stringValue)
        }
    }
}

/// The nodes on the current path of the grouping-key walk: a node's hash is known once its subtree is done.
private struct ShapeStack {
    private var frames: [ShapeFrame] = []

    init() {
        // Room for a tree a few levels deep in one allocation, instead of one per level as it grows.
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
        if otherChildren.isEmpty {
            hash.combine(firstChild)
        } else {
            var children = otherChildren
            children.append(firstChild)
            children.sort()
            var previous: UInt64?
            for child in children where child != previous {
                hash.combine(child)
                previous = child
            }
        }
        return hash.value
    }
}
