import RemedyTerminal

/// The demo's narration: what the program does.
///
/// Narration goes to standard output, unbuffered, so it interleaves with the errors the
/// `TerminalPresenter` shows on standard error in the order they happen — except with `--json`, where
/// standard output carries JSON lines only and the narration goes to standard error with the errors.
/// Every line is wrapped to the terminal's width (`COLUMNS` first), and `--plain` keeps it ASCII.
struct Console: Sendable {
    let output: any TerminalOutput
    /// The columns a line may take.
    let width: Int
    /// Whether symbols and typographic punctuation are written as ASCII.
    let isPlain: Bool

    init(output: any TerminalOutput = FileDescriptorOutput.standardOutput, plain: Bool = false) {
        self.output = output
        self.width = TerminalAppearance.detect(for: output).lineWidth
        self.isPlain = plain
    }

    /// A scenario's heading and what it shows.
    func heading(_ title: String, _ summary: String) {
        write("\n")
        paragraph("\(title) — \(summary)")
        write("\n")
    }

    /// Something the program does now: `▸ GET http://127.0.0.1:41234/feed`.
    func step(_ text: String) {
        paragraph(text, first: "▸ ", rest: "  ")
    }

    /// A result: `✓ Loaded 3 posts`.
    func result(_ text: String) {
        paragraph(text, first: "✓ ", rest: "  ")
    }

    /// An explanation, indented.
    func note(_ text: String) {
        paragraph(text, first: "  ", rest: "  ")
    }

    /// A line as it is, wrapped to the width.
    func line(_ text: String) {
        paragraph(text)
    }

    /// Preformatted text, such as a developer report: each line keeps its leading spaces, and a line
    /// too long for the width wraps with a hanging indent two columns deeper than its own. On a narrow
    /// screen the indentation is capped, so the tree's levels still show and the text still fits.
    func preformatted(_ text: String) {
        let deepest = max(0, (width - 12) / 2)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = String(repeating: " ", count: min(deepest, line.prefix { $0 == " " }.count))
            let content = String(line.drop { $0 == " " })
            paragraph(content, first: indent, rest: indent + "  ")
        }
    }

    /// Text without a line break after it (a prompt), wrapped to the width but for one free column.
    func prompt(_ text: String) {
        let lines = TextWrapper(width: width - 1).wrap(text)
        write(lines.joined(separator: "\n") + " ")
    }

    /// A paragraph wrapped to the width; the first line starts with `first`, the others with `rest`.
    func paragraph(_ text: String, first: String = "", rest: String = "") {
        let wrapper = TextWrapper(width: max(10, width - max(first.count, rest.count)))
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let wrapped = wrapper.wrap(String(line))
            if wrapped.isEmpty { lines.append(index == 0 ? first : "") }
            for (number, part) in wrapped.enumerated() {
                lines.append((index == 0 && number == 0 ? first : rest) + part)
            }
        }
        write(lines.joined(separator: "\n") + "\n")
    }

    /// Writes text as it is, but for `--plain`'s ASCII.
    func write(_ text: String) {
        output.write(isPlain ? Self.ascii(text) : text)
    }

    /// The demo's symbols and typographic punctuation as ASCII; letters of every language stay.
    static func ascii(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "▸": result += ">"
            case "✓": result += "OK:"
            case "↻": result += "~"
            case "ℹ", "⚠", "✖": result += "!"
            case "—", "–": result += "-"
            case "“", "”", "„", "«", "»": result += "\""
            case "‘", "’", "‚": result += "'"
            case "…": result += "..."
            case "×": result += "x"
            case "•": result += "*"
            case "°": break  // `21.5 °C` reads as `21.5 C`
            default: result.append(character)
            }
        }
        return result
    }
}

/// An output that writes `--plain`'s ASCII: the terminal presenter's narration, as the demo's own lines.
struct ASCIIOutput: TerminalOutput {
    let base: any TerminalOutput

    func write(_ text: String) { base.write(Console.ascii(text)) }
    var isTerminal: Bool { base.isTerminal }
    var terminalColumns: Int? { base.terminalColumns }
}
