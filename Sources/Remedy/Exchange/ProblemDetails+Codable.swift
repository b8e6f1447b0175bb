import Foundation

extension ProblemDetails: Codable {
    /// The name of a member: one of the members ``ProblemDetails`` reads itself, or an extension's.
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
        static let retryAfter = MemberKey("retryAfter")
        static let actions = MemberKey("actions")
        static let errors = MemberKey("errors")
    }

    /// Reads a problem from an object, by RFC 9457 §3.1's rule: a member whose value has the wrong type,
    /// or a value Remedy can't use, is ignored; members Remedy doesn't know are kept in ``extensions``.
    ///
    /// Reading a response body, prefer ``init(decoding:contentType:limits:)``: it also checks the content
    /// type, the size and the nesting depth, and its errors say what was wrong.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object, or holds text that is not a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        var members: [String: JSONValue] = [:]
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.init(members: members)
    }

    /// Writes the problem as an object: members without a value are left out, except `type`; an extension
    /// named like a member ``ProblemDetails`` reads itself is not written.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
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

    /// A value as compact JSON, members sorted by name, `/` not escaped.
    ///
    /// `JSONEncoder` throws only for a NaN or an infinity, which ``JSONValue`` writes as `null`, and for
    /// a value that writes nothing, which neither type does; so this never fails in practice, and a failure
    /// would still give valid JSON (`null`) rather than a crash.
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

extension ProblemDetails.Action: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, role, request
    }

    /// Reads an action leniently, as an element of the `actions` member is read (see
    /// ``ProblemDetails/init(decoding:contentType:limits:)``).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the value is not an object with a non-empty `id` and
    ///   `title`.
    public init(from decoder: any Decoder) throws {
        guard let action = Self(json: try ProblemDetails.JSONValue(from: decoder)) else {
            throw Swift.DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an action with an id and a title"))
        }
        self = action
    }

    /// Writes the action as an object with `id`, `title`, `role` and, when it has one, `request`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(request, forKey: .request)
    }
}

extension ProblemDetails.Action.Request: Codable {
    private enum CodingKeys: String, CodingKey {
        case method, href
    }

    /// Reads a request: a string `href` and a `method` (`POST` when absent) that is an HTTP token.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the value is not such a request.
    public init(from decoder: any Decoder) throws {
        guard let request = Self(json: try ProblemDetails.JSONValue(from: decoder)) else {
            throw Swift.DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a request with an href and a method"))
        }
        self = request
    }

    /// Writes the request as an object with `method` and `href`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(href, forKey: .href)
    }
}
