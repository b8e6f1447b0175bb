import Foundation

/// What is wrong with one field of a person's input: the field, and a message for the person.
///
/// The field is a JSON pointer in its URI fragment form, as RFC 9457's own example writes it (`"#/age"`,
/// `"#/items/0/name"`), for a JSON body; or a form field's name (`"email"`). A server sends it in the `errors`
/// member of a Problem Details body (``ProblemDetails/fieldErrors``); a client finds it in
/// ``Presentation/fieldErrors``, and shows each message next to its field.
///
/// ```swift
/// let age = FieldError(field: "#/age", message: "Enter an age of 0 or more.")
/// let email = FieldError(field: "email", message: "Enter an email address with an @.")
/// ```
public struct FieldError: Sendable, Hashable {
    /// The field: a JSON pointer such as `"#/age"`, or a form field's name such as `"email"`.
    public var field: String
    /// What is wrong with the field and how to fix it, for the person, in their language.
    public var message: String

    /// Creates a field error.
    ///
    /// - Parameters:
    ///   - field: A JSON pointer such as `"#/age"`, or a form field's name such as `"email"`.
    ///   - message: What is wrong with the field and how to fix it, for the person.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    package var isPointer: Bool { field.hasPrefix("#") }

    /// The names on the way to the field: the pointer's reference tokens, unescaped (`"#/items/0/name"` is
    /// `["items", "0", "name"]`), or the form field's name alone. Empty for the pointer `"#"`, the whole input.
    ///
    /// An app matches them to its own fields; presenters show them joined by `.` (`items.0.name`).
    public var path: [String] {
        guard isPointer else { return field.isEmpty ? [] : [field] }
        let pointer = field.dropFirst().removingPercentEncoding ?? String(field.dropFirst())
        guard !pointer.isEmpty else { return [] }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The JSON pointer (RFC 6901), in its URI fragment form, to the value at a coding path:
    /// `"#/items/0/name"`; `"#"` for the whole input.
    package static func pointer(to codingPath: [any CodingKey]) -> String {
        var pointer = "#"
        for key in codingPath {
            // A decoder names an array's element `Index 3`, with the number as its `intValue`.
            let token =
                key.intValue.map { "Index \($0)" == key.stringValue ? String($0) : key.stringValue } ?? key.stringValue
            let escaped = token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            pointer += "/" + (escaped.addingPercentEncoding(withAllowedCharacters: .pointerTokenAllowed) ?? escaped)
        }
        return pointer
    }
}

extension CharacterSet {
    /// A URI fragment's characters but `/` (which separates tokens) and `%` (which starts an escape).
    fileprivate static let pointerTokenAllowed = CharacterSet.urlFragmentAllowed.subtracting(
        CharacterSet(charactersIn: "/%"))
}
