/// The colours and weights of a report: none for plain text, ANSI escape codes for terminals.
struct ReportStyle: Sendable {
    /// Whether the report is painted with ANSI escape codes.
    let isANSI: Bool

    static let plain = ReportStyle(isANSI: false)
    static let ansi = ReportStyle(isANSI: true)

    /// What a part of a report is, for its colour.
    enum Part {
        /// The outermost message.
        case title
        case message
        /// `Caused by:`
        case heading
        case key
        case type
        case location
        case marker
        case tree
    }

    /// The ANSI code that starts a part's colour.
    static func code(of part: Part) -> String {
        switch part {
        case .title: "\u{1B}[1;31m"  // bold red: the outermost message
        case .message: "\u{1B}[1m"  // bold
        case .heading: "\u{1B}[33m"  // yellow: Caused by:
        case .key: "\u{1B}[2m"  // dim
        case .type: "\u{1B}[36m"  // cyan
        case .location: "\u{1B}[2m"  // dim
        case .marker: "\u{1B}[35m"  // magenta
        case .tree: "\u{1B}[2m"  // dim
        }
    }

    /// The ANSI code that ends any of the others.
    static let resetCode = "\u{1B}[0m"

    /// The code that ends any of the others, or nothing in plain text.
    var reset: String { isANSI ? Self.resetCode : "" }

    /// The text in a part's colour, or as it is in plain text.
    func paint(_ text: String, _ part: Part) -> String {
        isANSI ? Self.code(of: part) + text + Self.resetCode : text
    }

    /// A marker's text in its colour.
    func marker(_ text: String) -> String {
        paint(text, .marker)
    }
}
