import Foundation
import Testing

/// The command-line article's tool with swift-argument-parser (`Examples/export`), run as a person runs it:
/// the parser's errors presented by Remedy in the parser's words, its help printed by the parser, and each
/// way it ends with its status.
@Suite(.timeLimit(.minutes(10)))
struct ExportExampleTests {
    /// Runs the example in a fresh folder with a `notes.txt` of two notes, which is removed afterwards.
    ///
    /// - Parameter arguments: The command line.
    /// - Returns: What the run produced, and the contents of `export.log` in the state folder (`XDG_STATE_HOME`, a
    ///   folder of the run's own; `nil` when there is none).
    func runExport(_ arguments: [String]) async throws -> (run: DemoProcess.Result, log: String?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Buy milk.\nCall \"Ada\".".write(
            to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let run = try await DemoProcess.run(
            arguments,
            executable: "export-example",
            standardInput: DemoProcess.Input.none,
            directory: folder,
            environment: [
                "XDG_STATE_HOME": folder.path + "/state", "LC_ALL": "", "LANG": "en_US.UTF-8", "COLUMNS": "80",
            ]
        )
        let log = try? String(contentsOf: folder.appendingPathComponent("state/export/export.log"), encoding: .utf8)
        // The working folder is the person's: nothing is left there.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("export.log").path))
        return (run, log)
    }

    /// The article's transcript, word for word but for the reference; the status is 64, as the parser's.
    @Test func aValueOutsideTheEnumerationReadsAsTheParserWordsIt() async throws {
        let (run, log) = try await runExport(["--format", "pdf", "notes.txt"])
        let reference = try #require(run.stderr.firstMatch(of: #/Reference ([0-9A-Z]{4}-[0-9A-Z]{4})/#)?.1)
        let alert = """
            ╭─ ⚠ Check the Command ─────────────────────────────────────────────────────────
            │ The value 'pdf' is invalid for '--format <format>'. Please provide one of
            │ 'csv' and 'json'.
            │
            │ Reference \(reference)
            ╰───────────────────────────────────────────────────────────────────────────────
              1) OK [o] (default)

            """
        #expect(run.stderr.hasPrefix(alert))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 64)
        #expect(log?.contains("reference=\(reference)") == true)
    }

    @Test func aValidationErrorReadsWithItsOwnTextAndEndsWithUsage() async throws {
        let (run, _) = try await runExport(["notes.md"])
        #expect(run.stderr.contains("│ The notes file must be a .txt file.\n"))
        #expect(!run.stderr.contains("Try Again"))
        #expect(run.status == 64)
    }

    /// The help is the parser's: on standard output, status 0, and nothing for Remedy to show or record.
    @Test(arguments: ["--help", "-h"])
    func theHelpIsTheParsersAndNoFailure(_ flag: String) async throws {
        let (run, log) = try await runExport([flag])
        #expect(run.stdout.hasPrefix("USAGE: export [--format <format>] <input>"))
        #expect(run.stdout.contains("The format to write: csv or json."))
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        #expect(log?.isEmpty ?? true)
    }

    @Test func aMissingNotesFileEndsWithNoInput() async throws {
        let (run, _) = try await runExport(["missing.txt"])
        #expect(run.stderr.contains("╭─ ⚠ File Not Found"))
        #expect(run.stderr.contains("“missing.txt” couldn't be found."))
        #expect(run.status == 66)
    }

    @Test func theNotesAreExportedAndNothingElseIsWritten() async throws {
        let (json, jsonLog) = try await runExport(["--format", "json", "notes.txt"])
        #expect(json.stdout == "[\"Buy milk.\",\"Call \\\"Ada\\\".\"]\n")
        #expect(json.stderr.isEmpty)
        #expect(json.status == 0)
        #expect(jsonLog?.isEmpty ?? true)
        let (csv, _) = try await runExport(["notes.txt"])
        #expect(csv.stdout == "\"Buy milk.\"\n\"Call \"\"Ada\"\".\"\n")
        #expect(csv.status == 0)
    }
}
