import Foundation
import Logging
import Remedy
import RemedyTerminal
import Testing

/// The README's command-line tool with a language chosen on the root, as the README suggests, the
/// command-line article's non-`Sendable` service, and the log one-liners they show. (The samples themselves,
/// word for word, are in `TerminalSampleTests`, and `Examples/notes` runs end to end in `NotesExampleTests`.)
@Suite(.timeLimit(.minutes(10)))
struct CommandLineExampleTests {
    /// A service that isn't `Sendable`, like the article's.
    final class NotesServer {
        func notes() async throws -> [String] { throw URLError(.cannotConnectToHost) }
    }

    /// The README's command-line tool with `localization:` on the root, its file and the presenter's streams
    /// made testable.
    private func readmeTool(logPath: String, output: RecordingOutput) async -> String? {
        let root = ErrorScope.root(
            presenter: TerminalPresenter(input: .answers([]), output: output),  // alerts as prompts
            localization: Localization(language: "de"),  // leave out: the environment's language
            logger: .file(logPath)  // Remedy's records; default: quiet on the terminal
        )
        let notes = await root.attempt("Loading the notes", retryPolicy: .disabled) {
            try String(contentsOfFile: "/nonexistent/notes.txt", encoding: .utf8)
        }
        return notes
    }

    @Test func theReadmeToolShowsGermanAndLogsToItsFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID()).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = RecordingOutput()
        let notes = await readmeTool(logPath: path, output: output)
        #expect(notes == nil)
        #expect(output.text.contains("Wähle eine Option") || output.text.contains("OK"))
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(log.contains("debug"))
        #expect(log.contains("outcome="))
    }

    @Test func theArticlesToolCapturesANonSendableServer() async {
        let output = RecordingOutput()
        let server = NotesServer()
        let root = ErrorScope.root(presenter: TerminalPresenter(input: .answers([]), output: output), logger: .off)
        let notes = await root.child("Notes").attempt("Syncing the notes", retryPolicy: .disabled) {
            try await server.notes()
        }
        #expect(notes == nil)
        #expect(output.text.contains("Try Again"))
    }

    @Test func theLogOneLinersSetTheirLevels() {
        #expect(Logger.standardError(level: .debug).logLevel == .debug)
        #expect(Logger.file("/dev/null", level: .info).logLevel == .info)
        let off = Logger.off
        #expect(off.handler is SwiftLogNoOpLogHandler)
    }
}
