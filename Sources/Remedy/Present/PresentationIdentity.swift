/// What a person would see of a presentation: the one definition of "identical" the scheduler coalesces
/// by. The grouping key (an error's shape, for logs) is another thing: two errors of one type with
/// different messages share a grouping key but not an identity.
struct PresentationIdentity: Hashable, Sendable {
    private struct OptionLook: Hashable, Sendable {
        let title: String
        let role: RecoveryOption.Role
    }

    private let title: String
    private let message: String
    private let detail: String?
    private let severity: Severity
    private let style: PresentationStyle
    private let options: [OptionLook]
    private let fieldErrors: [FieldError]

    init(_ presentation: Presentation) {
        title = presentation.title
        message = presentation.message
        detail = presentation.detail
        severity = presentation.severity
        style = presentation.style
        options = presentation.options.map { OptionLook(title: $0.title, role: $0.role) }
        fieldErrors = presentation.fieldErrors
    }
}
