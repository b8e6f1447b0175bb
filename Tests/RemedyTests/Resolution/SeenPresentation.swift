import Remedy

/// What a person sees of a presentation, and how it is shown.
struct SeenPresentation: Equatable, CustomStringConvertible {
    var title: String
    var message: String
    var detail: String?
    var helpAnchor: String?
    var options: [String]
    var category: String
    var severity: Severity
    var style: PresentationStyle
    var icon: ErrorIcon

    init(_ presentation: Presentation) {
        title = presentation.title
        message = presentation.message
        detail = presentation.detail
        helpAnchor = presentation.helpAnchor
        options = presentation.options.map { "\($0.title) (\($0.role))" }
        category = presentation.category.identifier
        severity = presentation.severity
        style = presentation.style
        icon = presentation.icon
    }

    var description: String { "\(title) — \(message) \(options) \(category) \(severity) \(style)" }
}
