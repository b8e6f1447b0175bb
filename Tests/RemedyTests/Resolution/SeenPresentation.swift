import Remedy

/// What a person sees of a presentation and how it is shown (and, when asked for, how it groups): two
/// presentations a person can't tell apart are equal.
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
    var groupingKey: String?

    init(_ presentation: Presentation, includingGroupingKey: Bool = false) {
        title = presentation.title
        message = presentation.message
        detail = presentation.detail
        helpAnchor = presentation.helpAnchor
        options = presentation.options.map { "\($0.title) (\($0.role))" }
        category = presentation.category.identifier
        severity = presentation.severity
        style = presentation.style
        icon = presentation.icon
        groupingKey = includingGroupingKey ? presentation.groupingKey : nil
    }

    var description: String {
        "\(title) — \(message) \(options) \(category) \(severity) \(style)" + (groupingKey.map { " \($0)" } ?? "")
    }
}
