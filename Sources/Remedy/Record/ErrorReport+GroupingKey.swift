import Foundation

// MARK: - Grouping key

extension ErrorReport {
    /// A key shared by errors of the same shape, whatever their dynamic values (URLs, ids, counts), for
    /// logs, de-duplication and analytics: 16 hexadecimal digits that depend on the shape of the tree only.
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
    /// Keys are stable across runs, processes and machines running the same build: the hash is FNV-1a,
    /// because Swift's `Hasher` is seeded per process. The key is not cryptographic: it groups, it doesn't
    /// authenticate.
    public var groupingKey: String {
        Self.groupingKey(of: error, limits: limits)
    }

    /// The grouping key of an error (``groupingKey``), under the caps of a tree walk.
    package static func groupingKey(of error: any Error, limits: ErrorLimits = .default) -> String {
        var walk = ErrorTree.Iterator(root: error, rootInfo: ErrorTypeInfo.of(error), limits: limits)
        return groupingKey(of: { walk.nextVisit() })
    }

    /// The grouping key of a walk's visits in pre-order.
    static func groupingKey(of nextVisit: () -> ErrorTree.Visit?) -> String {
        // The nodes on the current path, each with the hashes of its finished children: a node's hash is
        // known once its subtree is done.
        var path: [(depth: Int, shape: UInt64, children: [UInt64])] = []
        var tree: UInt64 = 0
        func finishLast() {
            let node = path.removeLast()
            var hash = StableHash()
            hash.combine(node.shape)
            // The children as a set: their order and repeats don't count.
            for child in Set(node.children).sorted() { hash.combine(child) }
            if path.isEmpty {
                tree = hash.value
            } else {
                path[path.count - 1].children.append(hash.value)
            }
        }
        while let visit = nextVisit() {
            while let last = path.last, last.depth >= visit.node.depth { finishLast() }
            path.append((visit.node.depth, shape(of: visit), []))
        }
        while !path.isEmpty { finishLast() }
        var hash = StableHash()
        hash.combine(tree)
        return hash.hexDigest
    }

    /// The shape of one node: its type and its case or code, never its dynamic values.
    static func shape(of visit: ErrorTree.Visit) -> UInt64 {
        let error = visit.node.error
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
            if let decoding = ErrorTree.value(error, as: DecodingError.self) {
                hash.combine(NodeFacts.caseName(of: decoding))
                combine(decoding.context?.codingPath ?? [], into: &hash)
            }
        case .encoding:
            if let encoding = ErrorTree.value(error, as: EncodingError.self) {
                combine(encoding.context?.codingPath ?? [], into: &hash)
            }
        case .nsError, .customNSError:
            if let (domain, code) = NodeFacts.domainAndCode(of: error, info: info) {
                hash.combine(domain)
                hash.combine(code)
            }
            if let caseLabel = visit.caseLabel { hash.combine(caseLabel) }
        case .wrapping, .reflection, .leaf:
            if info.style == .enumeration {
                combineCase(of: error, info: info, caseLabel: visit.caseLabel, into: &hash)
            } else if let http = ErrorTree.value(error, as: HTTPStatusError.self) {
                hash.combine(http.status)
            } else if let family = info.ecosystemFamily, let kind = family.discriminator(of: error) {
                // An opaque library type: what tells its failures apart (an SQLSTATE, a private code's case).
                hash.combine(kind)
            }
        }
        if visit.node.isCycle { hash.combine("cycle") }
        if visit.node.isRepeated { hash.combine("repeat") }
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
        if !info.isTextual {
            hash.combine(NodeFacts.caseName(of: error, info: info, caseLabel: caseLabel))
        } else if let label = Mirror(reflecting: error).children.first?.label {
            hash.combine(label)
        } else if NodeFacts.holdsNoReferences(info: info, caseLabel: caseLabel) {
            // A case without associated values of a type with its own description: its description tells it.
            hash.combine(String(describing: error))
        }
    }

    /// A coding path's keys, without array indices (which are dynamic).
    private static func combine(_ path: [any CodingKey], into hash: inout StableHash) {
        for key in path where key.intValue == nil {
            hash.combine(key.stringValue)
        }
    }
}

extension ResolvedFailure.TreeFacts {
    /// The grouping key (``ErrorReport/groupingKey``) of the walk that resolved the error, without walking it
    /// again; `nil` when that walk obeyed other caps than the key's (the default ones).
    package var groupingKey: String? {
        limits == .default ? ErrorReport.groupingKey(of: replay()) : nil
    }
}
