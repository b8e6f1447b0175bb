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
            _ = ErrorTree.withDecodingError(error) { combineShape(of: $0, into: &hash) }
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
            // An enum's case first: an `HTTPStatusError` is a structure, so an enum needn't be compared with it.
            if info.style == .enumeration {
                combineCase(of: error, info: info, caseLabel: visit.caseLabel, into: &hash)
            } else if let http = ErrorTree.value(error, as: HTTPStatusError.self) {
                hash.combine(http.status)
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

    /// A decoding error's case name (``ErrorFacts/caseName(of:)``) and coding path, read in one `switch`:
    /// `DecodingError`'s layout is resilient, so every `switch` over it copies the value.
    /// `DecodingKeyTests` pin the keys this gives.
    private static func combineShape(of decoding: DecodingError, into hash: inout StableHash) {
        switch decoding {
        case .keyNotFound(_, let context):
            hash.combine("keyNotFound")
            combine(context.codingPath, into: &hash)
        case .valueNotFound(_, let context):
            hash.combine("valueNotFound")
            combine(context.codingPath, into: &hash)
        case .typeMismatch(_, let context):
            hash.combine("typeMismatch")
            combine(context.codingPath, into: &hash)
        case .dataCorrupted(let context):
            hash.combine("dataCorrupted")
            combine(context.codingPath, into: &hash)
        @unknown default:
            hash.combine("unknown")
        }
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

/// The nodes on the current path of the grouping-key walk: a node's hash is known once its subtree is done.
///
/// The four outermost frames are kept inline and only deeper ones in an array, so the key of a tree up to
/// four levels deep allocates no stack (`DeepKeyTests` check deeper trees against the general walk's keys).
private struct ShapeStack {
    private var frame0: ShapeFrame?
    private var frame1: ShapeFrame?
    private var frame2: ShapeFrame?
    private var frame3: ShapeFrame?
    /// The frames below the fourth, outermost first.
    private var deeper: [ShapeFrame] = []
    private var count = 0

    /// The next node in pre-order: the nodes at its depth or deeper are done.
    mutating func push(depth: Int, shape: UInt64) {
        while let topDepth, topDepth >= depth {
            finishTop()
        }
        let frame = ShapeFrame(depth: depth, shape: shape)
        switch count {
        case 0: frame0 = frame
        case 1: frame1 = frame
        case 2: frame2 = frame
        case 3: frame3 = frame
        default: deeper.append(frame)
        }
        count += 1
    }

    /// The hash of the whole tree (0 for no node), once the walk is done.
    mutating func finish() -> UInt64 {
        var result: UInt64 = 0
        while count > 0 {
            if let hash = finishTop() { result = hash }
        }
        return result
    }

    /// The depth of the top frame, or `nil` when there is none.
    private var topDepth: Int? {
        switch count {
        case 0: nil
        case 1: frame0?.depth
        case 2: frame1?.depth
        case 3: frame2?.depth
        case 4: frame3?.depth
        default: deeper.last?.depth
        }
    }

    /// Adds the top frame's hash to its parent; the hash of the root when it is the root.
    @discardableResult
    private mutating func finishTop() -> UInt64? {
        count -= 1
        let hash: UInt64
        switch count {
        case 0: hash = frame0.take()?.hash ?? 0
        case 1: hash = frame1.take()?.hash ?? 0
        case 2: hash = frame2.take()?.hash ?? 0
        case 3: hash = frame3.take()?.hash ?? 0
        default: hash = deeper.removeLast().hash
        }
        switch count {
        case 0: return hash
        case 1: frame0?.add(child: hash)
        case 2: frame1?.add(child: hash)
        case 3: frame2?.add(child: hash)
        case 4: frame3?.add(child: hash)
        default: deeper[deeper.count - 1].add(child: hash)
        }
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
