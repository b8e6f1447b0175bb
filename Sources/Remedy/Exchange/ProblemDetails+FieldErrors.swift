import Foundation

extension ProblemDetails {
    /// The most field errors a reader keeps: 64. Only the first 64 elements of `errors` are read, so a body
    /// with ten thousand costs no more than one with 64, and no form has more fields a person could correct
    /// at once.
    package static let maximumFieldErrors = 64

    /// The longest field a reader keeps, in UTF-8 bytes: 1,024. A longer pointer or name names no field of a
    /// form, and its element is ignored.
    package static let maximumFieldLength = 1_024

    /// The longest field error message a reader keeps, in UTF-8 bytes: 4,096. An element with a longer one is
    /// ignored, as a value Remedy can't use.
    package static let maximumFieldMessageLength = 4_096

    /// The field errors of the elements of an `errors` member, read by RFC 9457 §3.1's rule: an element that
    /// isn't one (see ``FieldError/init(json:)``) is ignored; only the first 64 are read.
    static func fieldErrors(of elements: [JSONValue]) -> [FieldError] {
        elements.prefix(maximumFieldErrors).compactMap(FieldError.init(json:))
    }
}

extension FieldError {
    /// A field error from an element of the `errors` member, or `nil` when the element is not an object with
    /// a non-blank string `detail` and a string `pointer` or `name` that names a field, each within its bound
    /// (``ProblemDetails/maximumFieldLength``, ``ProblemDetails/maximumFieldMessageLength``).
    ///
    /// A `pointer` in JSON pointer's plain form (`"/age"`, or `""` for the whole input) is read as its URI
    /// fragment form (`"#/age"`, `"#"`); a `pointer` that is neither form is the field's name.
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

    /// Reads a field error leniently, as an element of the `errors` member of a problem is read.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the value is not an object with a non-blank `detail` and
    ///   a `pointer` or `name`.
    public init(from decoder: any Decoder) throws {
        guard let fieldError = Self(json: try ProblemDetails.JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a field error with a detail and a field"))
        }
        self = fieldError
    }

    /// Writes the field error as an element of the `errors` member: the message as `detail`, and the field as
    /// `pointer` when it is a JSON pointer (`isPointer`), else as `name`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .detail)
        try container.encode(field, forKey: isPointer ? .pointer : .name)
    }
}
