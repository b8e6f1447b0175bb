/// A ready-made ``PresentableError`` for input a person must correct, field by field: a ``FieldError`` for
/// each field, of category ``ErrorCategory/invalidInput``.
///
/// Without a title or message of its own, it reads as the category: "Check Your Entry" and "Some of the
/// information entered can't be used. Check it and try again.", in the person's language. Each field's
/// message reaches ``Presentation/fieldErrors``, so an app shows it next to its field; a server sends them in
/// the `errors` member of its Problem Details answer (``ProblemDetails/fieldErrors``), with status 422.
///
/// ```swift
/// var problems: [FieldError] = []
/// if !email.contains("@") {
///     problems.append(FieldError(field: "email", message: "Enter an email address with an @."))
/// }
/// if age < 0 {
///     problems.append(FieldError(field: "age", message: "Enter an age of 0 or more."))
/// }
/// if !problems.isEmpty { throw InvalidInputError(problems) }
/// ```
///
/// A request body that failed to decode becomes one with ``init(decoding:localization:)``.
public struct InvalidInputError: PresentableError, Hashable {
    /// What is wrong with each field, in the order the fields are shown.
    public var fieldErrors: [FieldError]
    /// A short title, or `nil` for the category's ("Check Your Entry").
    public var title: String?
    /// What happened and what to do next; empty for the category's message.
    public var message: String
    /// What a developer needs to know: for a body that failed to decode, the decoder's own words.
    public var developerDescription: String

    /// Creates an error for input with invalid fields.
    ///
    /// - Parameters:
    ///   - fieldErrors: What is wrong with each field.
    ///   - title: A short title, or `nil` for the category's.
    ///   - message: What happened and what to do next, or `nil` for the category's message.
    public init(_ fieldErrors: [FieldError], title: String? = nil, message: String? = nil) {
        self.fieldErrors = fieldErrors
        self.title = title
        self.message = message ?? ""
        let fields = fieldErrors.map(\.field.debugDescriptionPrefix).joined(separator: ", ")
        self.developerDescription = "InvalidInputError(fields: [\(fields)])"
    }

    /// ``ErrorCategory/invalidInput``: a server answers 422.
    public var category: ErrorCategory { .invalidInput }
}
