import Foundation

// MARK: - JSON

extension ErrorReport {
    /// The report as a `Codable` value: what ``json`` encodes, field for field. The package's own modules
    /// and tests read it; users read the JSON, whose field names are stable.
    package struct Document: Sendable, Hashable, Codable {
        /// ``ErrorReport/summary``.
        package var summary: String
        /// ``ErrorReport/groupingKey``.
        package var groupingKey: String
        /// The nodes of the tree in pre-order.
        package var nodes: [Node]
        /// Whether nodes were left out: by the walk's node cap or the report's byte cap.
        package var isTruncated: Bool

        /// Creates a document.
        package init(summary: String, groupingKey: String, nodes: [Node], isTruncated: Bool) {
            self.summary = summary
            self.groupingKey = groupingKey
            self.nodes = nodes
            self.isTruncated = isTruncated
        }

        /// One error of the tree.
        package struct Node: Sendable, Hashable, Codable {
            /// The position in pre-order (`"index"`).
            package var index: Int
            /// The parent's ``index``, `nil` for the root (`"parent"`).
            package var parent: Int?
            /// The distance from the root (`"depth"`).
            package var depth: Int
            /// Where the parent keeps it: `"cause"`, `"underlying"`, a case or property name (`"label"`).
            package var label: String?
            /// The type name, as `DecodingError` (`"type"`).
            package var type: String
            /// The type and enum case, as `DecodingError.keyNotFound` (`"kind"`).
            package var kind: String
            /// The error's own message, truncated but not escaped; for an error without one, its kind with
            /// the values that aren't errors, as `DataError.invalidStatus(503)`, unless that is just
            /// ``kind`` (`"message"`).
            package var message: String?
            /// The `NSError` or `CustomNSError` domain (`"domain"`).
            package var domain: String?
            /// The `NSError` or `CustomNSError` code (`"code"`).
            package var code: Int?
            /// A code the error carries in its structure, named, as `ENOSPC (28)` or `HTTP 503` (`"namedCode"`).
            package var namedCode: String?
            /// A decoding or encoding error's coding path, as `days[0].temp` (`"codingPath"`).
            package var codingPath: String?
            /// A ``ContextError``'s layers, outermost first; when there are more than
            /// ``ErrorLimits/maximumLayersShown``, the outermost and innermost ones (`"layers"`).
            package var layers: [ContextError.Layer]?
            /// How many layers were left out of ``layers`` (`"omittedLayerCount"`).
            package var omittedLayerCount: Int?
            /// The failure reason (`"reason"`).
            package var reason: String?
            /// The recovery suggestion (`"suggestion"`).
            package var suggestion: String?
            /// The debug description (`"debugDescription"`).
            package var debugDescription: String?
            /// Other `NSError` user-info entries, described (`"userInfo"`).
            package var userInfo: [String: String]?
            /// A presentable error's category identifier (`"category"`).
            package var category: String?
            /// A presentable error's severity, as `major` (`"severity"`).
            package var severity: String?
            /// Whether the traversal cut a cycle here (`"isCycle"`, written only when `true`).
            package var isCycle: Bool
            /// Whether this instance was visited before elsewhere (`"isRepeated"`, only when `true`).
            package var isRepeated: Bool
            /// The index of the first visit of a cycle's or repeat's instance (`"firstOccurrence"`).
            package var firstOccurrence: Int?
            /// How many children the width cap left out (`"omittedChildCount"`, only when not 0).
            package var omittedChildCount: Int
            /// Whether the depth cap stopped the walk here (`"isDepthLimited"`, only when `true`).
            package var isDepthLimited: Bool

            /// Creates a node; every field but the first five is optional.
            package init(index: Int, parent: Int?, depth: Int, type: String, kind: String) {
                self.index = index
                self.parent = parent
                self.depth = depth
                self.type = type
                self.kind = kind
                self.isCycle = false
                self.isRepeated = false
                self.omittedChildCount = 0
                self.isDepthLimited = false
            }

            enum CodingKeys: String, CodingKey {
                case index, parent, depth, label, type, kind, message, domain, code, namedCode, codingPath, layers
                case omittedLayerCount, reason, suggestion, debugDescription, userInfo, category, severity
                case isCycle, isRepeated, firstOccurrence, omittedChildCount, isDepthLimited
            }

            /// Decodes a node; missing flags and counts are `false` and 0.
            package init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                index = try container.decode(Int.self, forKey: .index)
                parent = try container.decodeIfPresent(Int.self, forKey: .parent)
                depth = try container.decode(Int.self, forKey: .depth)
                label = try container.decodeIfPresent(String.self, forKey: .label)
                type = try container.decode(String.self, forKey: .type)
                kind = try container.decode(String.self, forKey: .kind)
                message = try container.decodeIfPresent(String.self, forKey: .message)
                domain = try container.decodeIfPresent(String.self, forKey: .domain)
                code = try container.decodeIfPresent(Int.self, forKey: .code)
                namedCode = try container.decodeIfPresent(String.self, forKey: .namedCode)
                codingPath = try container.decodeIfPresent(String.self, forKey: .codingPath)
                layers = try container.decodeIfPresent([ContextError.Layer].self, forKey: .layers)
                omittedLayerCount = try container.decodeIfPresent(Int.self, forKey: .omittedLayerCount)
                reason = try container.decodeIfPresent(String.self, forKey: .reason)
                suggestion = try container.decodeIfPresent(String.self, forKey: .suggestion)
                debugDescription = try container.decodeIfPresent(String.self, forKey: .debugDescription)
                userInfo = try container.decodeIfPresent([String: String].self, forKey: .userInfo)
                category = try container.decodeIfPresent(String.self, forKey: .category)
                severity = try container.decodeIfPresent(String.self, forKey: .severity)
                isCycle = try container.decodeIfPresent(Bool.self, forKey: .isCycle) ?? false
                isRepeated = try container.decodeIfPresent(Bool.self, forKey: .isRepeated) ?? false
                firstOccurrence = try container.decodeIfPresent(Int.self, forKey: .firstOccurrence)
                omittedChildCount = try container.decodeIfPresent(Int.self, forKey: .omittedChildCount) ?? 0
                isDepthLimited = try container.decodeIfPresent(Bool.self, forKey: .isDepthLimited) ?? false
            }

            /// Encodes the node, leaving out empty fields, `false` flags and zero counts.
            package func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(index, forKey: .index)
                try container.encodeIfPresent(parent, forKey: .parent)
                try container.encode(depth, forKey: .depth)
                try container.encodeIfPresent(label, forKey: .label)
                try container.encode(type, forKey: .type)
                try container.encode(kind, forKey: .kind)
                try container.encodeIfPresent(message, forKey: .message)
                try container.encodeIfPresent(domain, forKey: .domain)
                try container.encodeIfPresent(code, forKey: .code)
                try container.encodeIfPresent(namedCode, forKey: .namedCode)
                try container.encodeIfPresent(codingPath, forKey: .codingPath)
                try container.encodeIfPresent(layers, forKey: .layers)
                try container.encodeIfPresent(omittedLayerCount, forKey: .omittedLayerCount)
                try container.encodeIfPresent(reason, forKey: .reason)
                try container.encodeIfPresent(suggestion, forKey: .suggestion)
                try container.encodeIfPresent(debugDescription, forKey: .debugDescription)
                try container.encodeIfPresent(userInfo, forKey: .userInfo)
                try container.encodeIfPresent(category, forKey: .category)
                try container.encodeIfPresent(severity, forKey: .severity)
                if isCycle { try container.encode(true, forKey: .isCycle) }
                if isRepeated { try container.encode(true, forKey: .isRepeated) }
                try container.encodeIfPresent(firstOccurrence, forKey: .firstOccurrence)
                if omittedChildCount > 0 { try container.encode(omittedChildCount, forKey: .omittedChildCount) }
                if isDepthLimited { try container.encode(true, forKey: .isDepthLimited) }
            }
        }
    }

    /// The report as a ``Document``, within ``ErrorLimits/maximumReportBytes`` once encoded as JSON: when the tree
    /// is too large, the last nodes are left out and ``Document/isTruncated`` is set.
    package var document: Document {
        encodedDocument().document
    }

    /// The report as compact JSON with sorted keys (one line, stable field order), within
    /// the report cap of ``ErrorLimits``, for logs, crash reporters and analytics. Strings keep their text;
    /// JSON escapes control characters.
    ///
    /// The tree is a flat list of nodes in pre-order, each naming its parent (`"parent"`, the parent's
    /// `"index"`), so that deep trees decode without deep recursion. Field names are stable; fields without a
    /// value, `false` flags and zero counts are left out. When the tree is too large for the byte cap, the
    /// last nodes are left out and `"isTruncated"` is `true`.
    ///
    /// ```json
    /// {"groupingKey":"4f1c…","isTruncated":false,"nodes":[
    ///   {"depth":0,"index":0,"kind":"ContextError","layers":[{"fileID":"App/Model.swift","line":42,
    ///    "message":"Loading forecast"}],"type":"ContextError"},
    ///   {"codingPath":"days[0]","depth":1,"index":1,"kind":"DecodingError.keyNotFound","label":"cause",
    ///    "message":"key 'temp' not found","parent":0,"type":"DecodingError"}],
    ///  "summary":"Loading forecast: key 'temp' not found"}
    /// ```
    public var json: String {
        String(decoding: encodedDocument().data, as: UTF8.self)
    }

    private func encodedDocument() -> (document: Document, data: Data) {
        var document = Document(
            summary: summary,
            groupingKey: groupingKey,
            nodes: [],
            isTruncated: false
        )
        var iterator = ErrorTree(error, limits: limits).makeIterator()
        var estimate = 64 + document.summary.utf8.count
        while let visit = iterator.nextVisit() {
            let node = documentNode(visit)
            estimate += Self.estimatedSize(of: node)
            guard estimate <= limits.maximumReportBytes else {
                document.isTruncated = true
                break
            }
            document.nodes.append(node)
        }
        if iterator.isTruncated { document.isTruncated = true }

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(document)) ?? Data()
        // The estimate is close but not exact (escapes); drop nodes until the document fits.
        while data.count > limits.maximumReportBytes, !document.nodes.isEmpty {
            document.nodes.removeLast(Swift.max(1, document.nodes.count / 4))
            document.isTruncated = true
            data = (try? encoder.encode(document)) ?? Data()
        }
        if data.count > limits.maximumReportBytes {
            // Even without nodes (a summary near the cap): keep the key and the flag.
            document.summary = ReportText.truncated(document.summary, limit: limits.maximumReportBytes / 2)
            data = (try? encoder.encode(document)) ?? Data()
        }
        return (document, data)
    }

    private func documentNode(_ visit: ErrorTree.Visit) -> Document.Node {
        let node = visit.node
        let error = node.error
        let info = visit.info
        let limit = limits.maximumMessageLength
        var entry = Document.Node(
            index: node.index,
            parent: node.parentIndex,
            depth: node.depth,
            type: info.name,
            kind: NodeFacts.kind(of: error, info: info, caseLabel: visit.caseLabel)
        )
        entry.label = node.label
        if let context = ErrorTree.value(error, as: ContextError.self) {
            let layers = context.innermostFirst
            let maximum = limits.maximumLayersShown
            let outermostFirst = layers.reversed()
            if layers.count > maximum {
                let head = (maximum + 1) / 2
                entry.layers = Array(outermostFirst.prefix(head)) + Array(outermostFirst.suffix(maximum - head))
                entry.omittedLayerCount = layers.count - maximum
            } else {
                entry.layers = Array(outermostFirst)
            }
            entry.layers = entry.layers?.map {
                ContextError.Layer(ReportText.truncated($0.message, limit: limit), fileID: $0.fileID, line: $0.line)
            }
        } else {
            // An error without a message of its own shows what it is, unless its kind says it all.
            let message =
                NodeFacts.message(of: error, info: info)
                ?? NodeFacts.fallback(
                    of: visit, caseLabel: visit.caseLabel, messageLimit: limit, kind: entry.kind)
            entry.message = message == entry.kind ? nil : ReportText.truncated(message, limit: limit)
        }
        if let (domain, code) = NodeFacts.domainAndCode(of: error, info: info) {
            entry.domain = domain
            entry.code = code
        }
        entry.namedCode = NodeFacts.namedCode(of: error, info: info)
        entry.codingPath = node.detail.map { String($0.dropFirst("coding path: ".count)) }
        let (reason, suggestion) = NodeFacts.reasonAndSuggestion(of: error, info: info)
        entry.reason = reason.map { ReportText.truncated($0, limit: limit) }
        entry.suggestion = suggestion.map { ReportText.truncated($0, limit: limit) }
        entry.debugDescription = NodeFacts.debugText(of: error, info: info, isLeaf: node.isLeaf)
            .map { ReportText.truncated($0, limit: limit) }
        if let userInfo = NodeFacts.userInfo(of: error, info: info) {
            let other = NodeFacts.otherUserInfoEntries(userInfo, limit: limit)
            entry.userInfo = other.isEmpty ? nil : other
        }
        if let presentable = info.asPresentable?(error) {
            entry.category = presentable.category.identifier
            entry.severity = presentable.severity.description
        }
        entry.isCycle = node.isCycle
        entry.isRepeated = node.isRepeated
        entry.firstOccurrence = node.firstOccurrenceIndex
        entry.omittedChildCount = node.omittedChildCount
        entry.isDepthLimited = node.isDepthLimited
        return entry
    }

    private static func estimatedSize(of node: Document.Node) -> Int {
        var size = 64 + node.type.utf8.count + node.kind.utf8.count
        size += node.message?.utf8.count ?? 0
        size += node.label?.utf8.count ?? 0
        size += node.codingPath?.utf8.count ?? 0
        size += node.reason?.utf8.count ?? 0
        size += node.suggestion?.utf8.count ?? 0
        size += node.debugDescription?.utf8.count ?? 0
        for layer in node.layers ?? [] { size += 40 + layer.message.utf8.count + layer.fileID.utf8.count }
        for (key, value) in node.userInfo ?? [:] { size += 6 + key.utf8.count + value.utf8.count }
        return size
    }
}
