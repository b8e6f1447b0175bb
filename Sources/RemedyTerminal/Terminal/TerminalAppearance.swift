import Foundation

/// How the terminal presenter draws: how wide, whether in colour, and whether decorated or narrated.
///
/// The presenter detects its appearance before each presentation (so a resized window is honoured)
/// unless it is given a fixed one. Detection follows the conventions command-line tools share:
///
/// - Colour: off when `NO_COLOR` is set to anything ([no-color.org](https://no-color.org)); otherwise on
///   when `CLICOLOR_FORCE` is set to anything but `0`; otherwise on only when the output is a terminal,
///   `TERM` isn't `dumb` and `CLICOLOR` isn't `0`. `NO_COLOR` wins, because it is a person's standing
///   wish, where `CLICOLOR_FORCE` is usually a script's.
/// - Width: `COLUMNS` when it is a positive number, else the terminal's width (`ioctl(TIOCGWINSZ)`), else
///   80 columns; never fewer than ``minimumColumns``. Lines of text stop at ``maximumLineWidth`` even in
///   a wider window, because long lines are hard to read.
/// - Narration: on when `REMEDY_PLAIN` is set to anything but `0`, or `TERM` is `dumb`.
///
/// Narrated output is for screen readers and logs: no frame, no symbols, no colour, no wrapping (a
/// screen reader reads a paragraph as one, and a log line stays searchable), and every part labelled
/// in words ("Error: …", "Option 1: …").
///
/// ```swift
/// let presenter = TerminalPresenter(appearance: TerminalAppearance(columns: 60, usesColor: false))
/// ```
public struct TerminalAppearance: Sendable, Hashable {
    /// The fewest columns the presenter lays out for, however narrow the terminal says it is.
    public static let minimumColumns = 20

    /// The width of the terminal in columns; never less than ``minimumColumns``.
    public var columns: Int {
        didSet { columns = max(Self.minimumColumns, columns) }
    }
    /// Whether to colour with ANSI escape sequences.
    public var usesColor: Bool
    /// Whether to narrate in plain words instead of drawing a frame (for screen readers and logs).
    public var isNarrated: Bool
    /// The most columns a line of text takes, even in a wider terminal. Default: 100.
    public var maximumLineWidth: Int

    /// Creates an appearance.
    ///
    /// - Parameters:
    ///   - columns: The terminal's width; values below ``minimumColumns`` count as the minimum.
    ///   - usesColor: Whether to colour with ANSI escape sequences.
    ///   - isNarrated: Whether to narrate in plain words (for screen readers and logs).
    ///   - maximumLineWidth: The most columns a line takes, even in a wider terminal.
    public init(columns: Int = 80, usesColor: Bool = false, isNarrated: Bool = false, maximumLineWidth: Int = 100) {
        self.columns = max(Self.minimumColumns, columns)
        self.usesColor = usesColor
        self.isNarrated = isNarrated
        self.maximumLineWidth = maximumLineWidth
    }

    /// The columns lines are wrapped to: ``columns``, but no more than ``maximumLineWidth`` and no fewer
    /// than ``minimumColumns``.
    public var lineWidth: Int {
        max(Self.minimumColumns, min(columns, maximumLineWidth))
    }

    /// Detects the appearance from the environment and the output.
    ///
    /// - Parameters:
    ///   - environment: The process environment (`ProcessInfo.processInfo.environment`).
    ///   - isTerminal: Whether the output is a terminal (`isatty`).
    ///   - terminalColumns: The terminal's width as the terminal reports it, or `nil` when unknown.
    /// - Returns: The appearance the conventions above give.
    public static func detect(
        environment: [String: String],
        isTerminal: Bool,
        terminalColumns: Int?
    ) -> TerminalAppearance {
        let term = environment["TERM"]
        let usesColor: Bool
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true {
            usesColor = false
        } else if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
            usesColor = true
        } else {
            usesColor = isTerminal && term != "dumb" && environment["CLICOLOR"] != "0"
        }
        let plain = environment["REMEDY_PLAIN"].map { !$0.isEmpty && $0 != "0" } ?? false
        let columnsVariable = environment["COLUMNS"]
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0 > 0 ? $0 : nil }
        let reported = terminalColumns.flatMap { $0 > 0 ? $0 : nil }
        return TerminalAppearance(
            columns: columnsVariable ?? reported ?? 80,
            usesColor: usesColor,
            isNarrated: plain || term == "dumb"
        )
    }

    /// Detects the appearance for an output, from this process's environment.
    ///
    /// - Parameter output: Where the presenter writes.
    /// - Returns: The detected appearance.
    public static func detect(for output: some TerminalOutput) -> TerminalAppearance {
        detect(
            environment: ProcessInfo.processInfo.environment,
            isTerminal: output.isTerminal,
            terminalColumns: output.terminalColumns
        )
    }
}
