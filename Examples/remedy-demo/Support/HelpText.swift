import ArgumentParser
import Foundation
import RemedyTerminal

extension RemedyDemo {
    /// Runs the command as ArgumentParser's `main()` does, but lays out help and usage errors for the
    /// terminal's width (`COLUMNS` first) itself: ArgumentParser's own layout keeps a fixed column for
    /// option names, which breaks words at 40 columns and can't lay out 20 at all.
    ///
    /// `remedy-demo serve …` runs ``Serve``: as a subcommand it would never be reached, because the
    /// optional scenario argument takes the word first.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "serve" {
            await run(Serve.self, Array(arguments.dropFirst()))
        } else {
            await run(RemedyDemo.self, arguments)
        }
    }

    private static func run<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) async {
        do {
            var command = try Command.parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let width = TerminalAppearance.detect(for: FileDescriptorOutput.standardOutput).lineWidth
            // ArgumentParser lays out for COLUMNS even where it is given columns; wide, it can't fail.
            setenv("COLUMNS", "1000", 1)
            let code = Command.exitCode(for: error)
            let output: FileDescriptorOutput = code == .success ? .standardOutput : .standardError
            let message = Command.fullMessage(for: error, columns: 1_000)
            if !message.isEmpty { output.write(HelpText.fit(message, width: width) + "\n") }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Help text, re-wrapped to a width at word boundaries.
enum HelpText {
    /// Wraps each line of text laid out for a wide screen to `width` columns: a line of a name and its
    /// description side by side (two or more spaces between them) becomes the name, then the description
    /// indented under it; other lines keep their indentation as a hanging indent.
    static func fit(_ text: String, width: Int) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let content = String(line.dropFirst(indent))
            if indent + DisplayWidth.of(content) <= width {
                lines.append(String(line))
                continue
            }
            let margin = String(repeating: " ", count: min(indent, width / 4))
            if indent > 0, let gap = content.range(of: "  ") {
                let name = String(content[..<gap.lowerBound])
                let description = content[gap.upperBound...].trimmingCharacters(in: .whitespaces)
                lines += TextWrapper(width: width - margin.count).wrap(name).map { margin + $0 }
                let deeper = margin + "  "
                lines += TextWrapper(width: width - deeper.count).wrap(description).map { deeper + $0 }
            } else {
                lines += TextWrapper(width: width - margin.count).wrap(content).map { margin + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}
