import Foundation

extension ProblemDetails: Codable {
    struct MemberKey: CodingKey, Hashable {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init(stringValue: String) {
            self.init(stringValue)
        }

        init?(intValue: Int) {
            nil
        }

        static let type = MemberKey("type")
        static let title = MemberKey("title")
        static let status = MemberKey("status")
        static let detail = MemberKey("detail")
        static let instance = MemberKey("instance")
        static let category = MemberKey("category")
        static let severity = MemberKey("severity")
        static let reference = MemberKey("reference")
        static let causeReference = MemberKey("causeReference")
        static let retryAfter = MemberKey("retryAfter")
        static let actions = MemberKey("actions")
        static let errors = MemberKey("errors")
    }

    /// Reads a problem from an object, by RFC 9457 §3.1's rule: a member whose value has the wrong type,
    /// or a value Remedy can't use, is ignored; members Remedy doesn't know are kept in ``extensions``.
    ///
    /// Reading a response body, prefer ``init(decoding:contentType:limits:)``: it also checks the content
    /// type, the size and the nesting depth, and its errors say what was wrong.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        var members: [String: JSONValue] = [:]
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.init(members: members)
    }

    /// Writes the problem as an object (see ``encoded()``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encodeIfPresent(instance, forKey: .instance)
        try container.encodeIfPresent(category?.identifier, forKey: .category)
        try container.encodeIfPresent(severity?.description, forKey: .severity)
        try container.encodeIfPresent(supportReference?.description, forKey: .reference)
        try container.encodeIfPresent(causeReference?.description, forKey: .causeReference)
        try container.encodeIfPresent(retryAfter.map(Self.wholeSeconds), forKey: .retryAfter)
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
        if !fieldErrors.isEmpty { try container.encode(fieldErrors, forKey: .errors) }
        for (name, value) in extensions where !Self.memberNames.contains(name) {
            try container.encode(value, forKey: MemberKey(name))
        }
    }

    /// The problem as `application/problem+json` bytes: compact UTF-8 JSON, members sorted by name, so
    /// equal problems are equal bytes.
    ///
    /// Written by `JSONEncoder` (see ``encode(to:)``): members without a value are left out, except `type`,
    /// which is always written. An extension named like a standard or Remedy member is not written: the
    /// member itself is. A NaN or an infinity in an extension is written as `null`, since JSON has neither.
    ///
    /// ```swift
    /// let problem = ProblemDetails(title: "Order Not Found", status: 404)
    /// let body = problem.encoded()
    /// // {"status":404,"title":"Order Not Found","type":"about:blank"}
    /// ```
    ///
    /// - Returns: The body of a Problem Details response.
    public func encoded() -> Data {
        Self.jsonEncoded(self)
    }

    /// `JSONEncoder` throws only for a NaN or an infinity, which ``JSONValue`` writes as `null`, and for a
    /// value that writes nothing, which neither type does; a failure would still give valid JSON.
    static func jsonEncoded(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            assertionFailure("a problem that JSONEncoder can't write: \(error)")
            return Data("null".utf8)
        }
    }

    /// A duration in whole seconds, rounded up (a wait is never shortened), never negative.
    package static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let whole = attoseconds > 0 ? seconds.addingReportingOverflow(1).partialValue : seconds
        return Int(clamping: max(0, whole))
    }
}
