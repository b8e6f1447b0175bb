import RemedyTerminal

/// The demo's narration: what the program does, on standard output.
///
/// Errors are shown by the `TerminalPresenter` on standard error; the narration goes to standard
/// output, unbuffered, so the two interleave in the order they happen.
struct Console: Sendable {
    let output: any TerminalOutput

    init(output: any TerminalOutput = FileDescriptorOutput.standardOutput) {
        self.output = output
    }

    /// A scenario's heading and what it shows.
    func heading(_ title: String, _ summary: String) {
        output.write("\n\(title) — \(summary)\n\n")
    }

    /// Something the program does now: `▸ GET http://127.0.0.1:41234/feed`.
    func step(_ text: String) {
        output.write("▸ \(text)\n")
    }

    /// A result: `✓ Loaded 3 posts`.
    func result(_ text: String) {
        output.write("✓ \(text)\n")
    }

    /// An explanation, indented.
    func note(_ text: String) {
        output.write("  \(text)\n")
    }

    /// A line as it is.
    func line(_ text: String) {
        output.write(text + "\n")
    }
}
