/// A presentation shared by reference between a scheduler's entry, the presenter, the observable state
/// and every caller's answer: each of them would otherwise copy it (a retain per text and list, a few
/// hundred instructions a copy).
final class SharedPresentation: Sendable {
    let value: Presentation

    init(_ value: Presentation) {
        self.value = value
    }

    /// Shares a presentation with its style replaced: the value is moved in, not copied.
    init(_ value: consuming Presentation, style: PresentationStyle) {
        value.style = style
        self.value = consume value
    }

    // The accessors below read the presentation in place: read through a class's property from
    // outside, the compiler copies the whole value first (a retain per text and list).

    var severity: Severity { value.severity }

    var isBlocking: Bool { value.style.isBlocking }

    var fallbackOption: RecoveryOption { value.fallbackOption }

    func immediateAnswer(from presenter: any ErrorPresenter) throws -> ImmediateAnswer {
        try presenter.immediateAnswer(to: value)
    }

    func option(matching answer: RecoveryOption) -> RecoveryOption? {
        value.option(matching: answer)
    }

    /// Whether a person could tell this presentation from another: its texts, severity, style, options'
    /// titles and roles, in order, and field errors. Not its actions, its error or its count.
    func looksLike(_ other: SharedPresentation) -> Bool {
        value.title == other.value.title && value.message == other.value.message
            && value.detail == other.value.detail && value.severity == other.value.severity
            && value.style == other.value.style && Self.sameOptions(value.options, other.value.options)
            && value.fieldErrors == other.value.fieldErrors
    }

    private static func sameOptions(_ lhs: [RecoveryOption], _ rhs: [RecoveryOption]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where lhs[index].title != rhs[index].title || lhs[index].role != rhs[index].role {
            return false
        }
        return true
    }

    /// A copy of the presentation with a count of occurrences.
    func presentation(occurrences: Int) -> Presentation {
        var presentation = value
        presentation.occurrences = occurrences
        return presentation
    }
}
