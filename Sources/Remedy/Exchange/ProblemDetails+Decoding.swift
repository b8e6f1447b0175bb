import Foundation

extension ProblemDetails {
    /// How much a decoder reads before it gives up: bounds that keep a hostile or broken body cheap.
    public struct DecodingLimits: Sendable, Hashable {
        package let maximumBodySize: Int
        package let maximumDepth: Int
        // `JSONDecoder`'s own limit, so that reading never nears the end of a thread's stack.
        package static let deepestAllowedNesting = 512

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maximumBodySize: The largest body read, in bytes; a larger one is refused before it is
        ///     parsed. Default: 1 MiB.
        ///   - maximumDepth: The deepest nesting of arrays and objects read, from 1 to 512. Default: 32.
        public init(maximumBodySize: Int = 1 << 20, maximumDepth: Int = 32) {
            self.maximumBodySize = max(0, maximumBodySize)
            self.maximumDepth = min(max(1, maximumDepth), Self.deepestAllowedNesting)
        }

        /// The default limits: 1 MiB, 32 levels.
        public static var `default`: DecodingLimits { DecodingLimits() }
    }

    /// Why a body is not a Problem Details document.
    ///
    /// ```swift
    /// do {
    ///     _ = try ProblemDetails(decoding: Data("<html>".utf8), contentType: "text/html")
    /// } catch {
    ///     error.code // .unsupportedContentType
    /// }
    /// ```
    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What kind of failure it is.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            private enum Base: String, Sendable, Hashable {
                case unsupportedContentType, emptyBody, bodyTooLarge, invalidJSON, invalidUTF8, nestingTooDeep
                case notAnObject
            }
            private let base: Base

            /// The response's content type is neither `application/problem+json` nor `application/json`.
            public static let unsupportedContentType = Code(base: .unsupportedContentType)
            /// The body is empty.
            public static let emptyBody = Code(base: .emptyBody)
            /// The body is larger than the ``DecodingLimits`` allow; it was not parsed.
            public static let bodyTooLarge = Code(base: .bodyTooLarge)
            /// The body is not JSON.
            public static let invalidJSON = Code(base: .invalidJSON)
            /// A string of the body is not valid UTF-8.
            public static let invalidUTF8 = Code(base: .invalidUTF8)
            /// Arrays and objects nest deeper than the ``DecodingLimits`` allow.
            public static let nestingTooDeep = Code(base: .nestingTooDeep)
            /// The body is JSON, but not an object.
            public static let notAnObject = Code(base: .notAnObject)

            /// The name of the code, such as `"bodyTooLarge"`.
            public var description: String { base.rawValue }
        }

        /// What kind of failure it is.
        public let code: Code
        /// The byte offset in the body where reading failed, when it failed at one place.
        package let offset: Int?
        /// What went wrong, for developers.
        public let description: String

        init(_ code: Code, offset: Int? = nil, _ description: String) {
            self.code = code
            self.offset = offset
            self.description = description
        }
    }

    /// `application/problem+json`, or `application/json` (which some servers send), with any parameters.
    package static func isProblemContentType(_ contentType: String) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let name = essence.trimmingCharacters(in: .whitespaces).lowercased()
        return name == mediaType || name == "application/json"
    }

    /// Reads a Problem Details body.
    ///
    /// Reading follows RFC 9457 §3.1: a member whose value has the wrong type (or a value Remedy can't use,
    /// such as a status of `42` or an unknown role) is ignored; a missing `type` is `about:blank`. Of the
    /// `errors` member, the first 64 valid field errors are read (see ``fieldErrors``). Members it doesn't
    /// know are kept in ``extensions``. What isn't a problem at all throws: a body or a nesting beyond the
    /// `limits` (a large body is refused before it is parsed), a content type that is not JSON, an empty
    /// body, text that is not JSON or not UTF-8, and JSON that is not an object. A member given twice keeps
    /// its first value.
    ///
    /// ```swift
    /// let problem = try ProblemDetails(
    ///     decoding: Data(#"{"title":"Out of Credit","status":403}"#.utf8),
    ///     contentType: "application/problem+json"
    /// )
    /// problem.type // "about:blank"
    /// ```
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - contentType: The response's `Content-Type`, or `nil` when the caller doesn't know it (the body is
    ///     then read as JSON).
    ///   - limits: How much to read. Default: ``DecodingLimits/default``.
    /// - Throws: ``DecodingError`` when the body is not a Problem Details object.
    public init(
        decoding data: Data,
        contentType: String?,
        limits: DecodingLimits = .default
    ) throws(DecodingError) {
        if let contentType, !Self.isProblemContentType(contentType) {
            throw DecodingError(
                .unsupportedContentType,
                "content type “\(contentType.prefix(100))” is not \(Self.mediaType) or application/json"
            )
        }
        guard data.count <= limits.maximumBodySize else {
            throw DecodingError(
                .bodyTooLarge,
                "body of \(data.count) bytes is larger than the limit of \(limits.maximumBodySize)"
            )
        }
        guard !data.isEmpty else { throw DecodingError(.emptyBody, "empty body") }
        if let failure = ProblemDetailsBodyScan.failure(in: data, maximumDepth: limits.maximumDepth) {
            throw failure
        }
        do {
            self = try JSONDecoder().decode(ProblemDetails.self, from: data)
        } catch let error as Swift.DecodingError {
            throw Self.decodingError(for: error, of: data)
        } catch {
            throw DecodingError(.invalidJSON, "not JSON: \(error)")
        }
    }

    private static func decodingError(for error: Swift.DecodingError, of data: Data) -> DecodingError {
        // Only reading it as a value tells JSON that isn't an object from text that isn't JSON
        // (`JSONDecoder` finds a mismatched top level before it reads the rest).
        let value = try? JSONDecoder().decode(JSONValue.self, from: data)
        if let value, value.objectMembers == nil {
            return DecodingError(.notAnObject, "the JSON value is \(value.kindName), not an object")
        }
        let context: Swift.DecodingError.Context? =
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .keyNotFound(_, let context),
                .valueNotFound(_, let context):
                context
            @unknown default: nil
            }
        let path = context?.codingPath.map(\.stringValue).joined(separator: ".") ?? ""
        let reason = context?.debugDescription ?? "unreadable"
        return DecodingError(.invalidJSON, "not JSON: \(reason)\(path.isEmpty ? "" : " at “\(path.prefix(200))”")")
    }

    /// Each member read by RFC 9457 §3.1's rule: a value of the wrong type is ignored.
    init(members: [String: JSONValue]) {
        self.init()
        var extensions = members
        for name in Self.memberNames { extensions[name] = nil }
        self.extensions = extensions
        type = members["type"]?.stringValue ?? Self.blankType
        title = members["title"]?.stringValue
        status = members["status"]?.integerValue.flatMap { (100...599).contains($0) ? $0 : nil }
        detail = members["detail"]?.stringValue
        instance = members["instance"]?.stringValue
        category = members["category"]?.stringValue.flatMap(Self.category(identifier:))
        severity = members["severity"]?.stringValue.flatMap(Self.severity(named:))
        supportReference = members["reference"].flatMap(Self.reference(json:))
        causeReference = members["causeReference"].flatMap(Self.reference(json:))
        retryAfter = members["retryAfter"]?.integerValue.flatMap(Self.retryAfter(seconds:))
        if case .array(let elements) = members["actions"] {
            actions = elements.compactMap(Action.init(json:))
        }
        if case .array(let elements) = members["errors"] {
            fieldErrors = Self.fieldErrors(of: elements)
        }
    }

    /// A reference read leniently (case, spaces, O for 0…) from at most 64 bytes; anything else is not a
    /// reference and is ignored.
    static func reference(json: ProblemDetails.JSONValue) -> SupportReference? {
        json.stringValue.flatMap { $0.utf8.count <= 64 ? SupportReference($0) : nil }
    }

    /// `nil` unless the identifier is 1 to 64 letters, digits, `.`, `_` and `-`.
    static func category(identifier: String) -> ErrorCategory? {
        guard !identifier.isEmpty, identifier.utf8.count <= 64,
            identifier.utf8.allSatisfy({ $0.isIdentifierByte })
        else { return nil }
        return ErrorCategory.builtIn.first { $0.identifier == identifier } ?? ErrorCategory(identifier)
    }

    static func severity(named name: String) -> Severity? {
        let lowered = name.lowercased()
        return Severity.allCases.first { $0.description == lowered }
    }

    static func retryAfter(seconds: Int) -> Duration? {
        guard seconds >= 0 else { return nil }
        return min(.seconds(seconds), HTTPStatusError.maximumRetryAfter)
    }
}

extension ProblemDetails.Action {
    /// `nil` without a non-empty `id` and `title`; an unknown `role` is `normal`.
    init?(json: ProblemDetails.JSONValue) {
        guard case .object(let members) = json,
            let id = members["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 64,
            let title = members["title"]?.stringValue, !title.isBlank
        else { return nil }
        let role = members["role"]?.stringValue.flatMap(RecoveryOption.Role.init(rawValue:)) ?? .normal
        self.init(id: id, title: title, role: role, request: members["request"].flatMap(Request.init(json:)))
    }
}

extension ProblemDetails.Action.Request {
    /// `nil` without a non-empty `href`, or with a `method` (default `POST`) that isn't an HTTP token.
    init?(json: ProblemDetails.JSONValue) {
        guard case .object(let members) = json, let href = members["href"]?.stringValue, !href.isEmpty else {
            return nil
        }
        let method = members["method"]?.stringValue ?? "POST"
        guard Self.isHTTPMethod(method) else { return nil }
        self.init(method: method.uppercased(), href: href)
    }

    /// 1 to 16 letters (RFC 9110 allows more; no method uses it).
    static func isHTTPMethod(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.count <= 16
            && method.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}

extension UInt8 {
    fileprivate var isIdentifierByte: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
            || self == UInt8(ascii: ".") || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }
}
