import Foundation

extension ProblemDetails {
    // No form has more fields a person could correct at once; the rest of `errors` is unread.
    package static let maximumFieldErrors = 64
    // In UTF-8 bytes. An element with a longer field (which names no form field) or message is ignored.
    package static let maximumFieldLength = 1_024
    package static let maximumFieldMessageLength = 4_096

    /// Read by RFC 9457 §3.1's rule: an element that isn't a field error is ignored.
    static func fieldErrors(of elements: [JSONValue]) -> [FieldError] {
        elements.prefix(maximumFieldErrors).compactMap(FieldError.init(json:))
    }
}

extension FieldError {
    /// `nil` without a non-blank `detail` and a `pointer` or `name`. A `pointer` in JSON pointer's plain form
    /// (`"/age"`, `""`) is read as its URI fragment form (`"#/age"`, `"#"`).
    init?(json: ProblemDetails.JSONValue) {
        guard case .object(let members) = json,
            let message = members["detail"]?.stringValue, !message.isBlank,
            message.utf8.count <= ProblemDetails.maximumFieldMessageLength
        else { return nil }
        let field: String
        if let pointer = members["pointer"]?.stringValue {
            field = pointer.isEmpty || pointer.hasPrefix("/") ? "#" + pointer : pointer
        } else if let name = members["name"]?.stringValue, !name.isEmpty {
            field = name
        } else {
            return nil
        }
        guard field.utf8.count <= ProblemDetails.maximumFieldLength else { return nil }
        self.init(field: field, message: message)
    }
}

extension FieldError: Codable {
    private enum CodingKeys: String, CodingKey {
        case detail, pointer, name
    }

    /// Reads a field error as an element of a problem's `errors` member is read; throws
    /// `DecodingError.dataCorrupted` for a value that isn't one.
    public init(from decoder: any Decoder) throws {
        guard let fieldError = Self(json: try ProblemDetails.JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a field error with a detail and a field"))
        }
        self = fieldError
    }

    /// Writes the field error as an element of the `errors` member: `detail`, and `pointer` or `name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .detail)
        try container.encode(field, forKey: isPointer ? .pointer : .name)
    }
}
