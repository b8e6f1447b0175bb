import Foundation

extension InvalidInputError {
    /// The error of a request body that failed to decode: one field error for the place the decoder stopped
    /// at, in the person's language, for a server to answer with (422).
    ///
    /// The field is the JSON pointer to the place (`FieldError.pointer(to:)`): the missing member for
    /// `keyNotFound`, the value for the other cases; `"#"` when the body as a whole can't be read. Its
    /// message says what the field needs ("This field is required.", "Enter a number."), never a type's
    /// name or the decoder's own words, which stay in ``developerDescription``.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSONDecoder().decode(SignUp.self, from: body)
    /// } catch let error as DecodingError {
    ///     throw InvalidInputError(decoding: error, localization: Localization(language: "de"))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: The decoder's error.
    ///   - localization: The person's language. Default: ``Localization/default``.
    public init(decoding error: DecodingError, localization: Localization = .default) {
        self.init([FieldError(decoding: error, localization: localization)])
        developerDescription = "InvalidInputError(decoding: \(String(reflecting: error).debugDescriptionPrefix))"
    }
}

extension FieldError {
    /// The field error of a request body that failed to decode (see
    /// ``InvalidInputError/init(decoding:localization:)``).
    package init(decoding error: DecodingError, localization: Localization = .default) {
        let (path, key) = Self.place(of: error)
        self.init(field: Self.pointer(to: path), message: localization.string(forKey: key))
    }

    /// The coding path a decoding error points to, and the key of its message.
    private static func place(of error: DecodingError) -> (path: [any CodingKey], messageKey: String) {
        switch error {
        case .keyNotFound(let key, let context):
            return (context.codingPath + [key], "field.missing")
        case .valueNotFound(_, let context):
            return (context.codingPath, "field.missing")
        case .typeMismatch(let type, let context):
            return (context.codingPath, messageKey(expecting: type))
        case .dataCorrupted(let context):
            return (context.codingPath, context.codingPath.isEmpty ? "field.unreadable" : "field.invalid")
        @unknown default:
            return ([], "field.invalid")
        }
    }

    /// The key of the message that asks for a value of a type, in words a person knows.
    private static func messageKey(expecting type: Any.Type) -> String {
        if type == String.self || type == Character.self || type == Substring.self { return "field.text" }
        if type == Bool.self { return "field.boolean" }
        if numberTypes.contains(ObjectIdentifier(type)) { return "field.number" }
        // What a decoder asks for when it wants an array (`unkeyedContainer()`).
        if type == [Any].self { return "field.list" }
        return "field.invalid"
    }

    private static let numberTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
        ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
        ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
        ObjectIdentifier(UInt64.self), ObjectIdentifier(Double.self), ObjectIdentifier(Float.self),
        ObjectIdentifier(Decimal.self),
    ]
}
