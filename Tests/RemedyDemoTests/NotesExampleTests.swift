import Foundation
import Testing

/// The README's command-line tool (`Examples/notes`), built and run as a person runs it: in a folder of
/// their own, in their language, typing at a terminal. It fails for real: the folder has no `notes.txt`.
@Suite(.timeLimit(.minutes(10)))
struct NotesExampleTests {
    /// Runs the example in a fresh folder, which is removed afterwards.
    ///
    /// - Parameters:
    ///   - input: Standard input: typed answers at a terminal, or none.
    ///   - language: The value of `LANG` (`LC_ALL` is removed).
    ///   - notes: The contents of `notes.txt`, or `nil` for no such file.
    /// - Returns: What the run produced, and the contents of `notes.log` in the state folder (`XDG_STATE_HOME`, a
    ///   folder of the run's own; `nil` when there is none).
    func runNotes(
        _ input: DemoProcess.Input,
        language: String = "en_US.UTF-8",
        notes: String? = nil
    ) async throws -> (run: DemoProcess.Result, log: String?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let notes {
            try notes.write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        }
        let run = try await DemoProcess.run(
            [],
            executable: "notes-example",
            standardInput: input,
            directory: folder,
            environment: ["XDG_STATE_HOME": folder.path + "/state", "LC_ALL": "", "LANG": language]
        )
        let log = try? String(contentsOf: folder.appendingPathComponent("state/notes/notes.log"), encoding: .utf8)
        // The working folder is the person's: nothing is left there.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.log").path))
        return (run, log)
    }

    @Test func theScreenIsGermanWithAGermanLang() async throws {
        let (run, _) = try await runNotes(.terminal("1\n"), language: "de_DE.UTF-8")
        #expect(run.stderr.contains("╭─ ⚠ Datei nicht gefunden"))
        #expect(run.stderr.contains("„notes.txt“ wurde nicht gefunden"))
        #expect(run.stderr.contains("  1) OK [o] (Standard)\n"))
        #expect(run.stderr.contains("Eingabetaste für „OK“: "))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 66)
    }

    @Test func theScreenIsJapaneseWithAJapaneseLang() async throws {
        let (run, _) = try await runNotes(.terminal("1\n"), language: "ja_JP.UTF-8")
        #expect(run.stderr.contains("╭─ ⚠ ファイルが見つかりません"))
        #expect(run.stderr.contains("「notes.txt」が見つかりませんでした。"))
        #expect(run.stderr.contains("  1) OK [o] (デフォルト)\n"))
        #expect(run.stderr.contains("Enter で「OK」： "))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 66)
    }

    /// A missing file isn't fixed by trying again, so the alert names the file and offers OK only.
    /// Standard error holds the prompt and nothing else: Remedy's records go to the log file, and no
    /// swift-log line appears. The alert's support reference is the one both log lines carry.
    @Test func nothingButThePersonsScreenOnStandardError() async throws {
        let (run, log) = try await runNotes(.terminal("1\n"))
        let logLines = try #require(log).split(separator: "\n").filter { $0.contains(" Remedy: ") }
        let match = try #require(logLines.first?.firstMatch(of: #/reference=([0-9A-Z]{4}-[0-9A-Z]{4})/#))
        let reference = String(match.1)
        #expect(logLines.count == 2 && logLines.allSatisfy { $0.contains("reference=\(reference)") })
        let alert = """
            ╭─ ⚠ File Not Found ────────────────────────────────────────────────────────────
            │ “notes.txt” couldn't be found. It may have been moved, renamed or deleted.
            │
            │ Reference \(reference)
            ╰───────────────────────────────────────────────────────────────────────────────
              1) OK [o] (default)

            """ + "Press Enter for OK: "
        #expect(run.stderr == alert)
        #expect(!run.stderr.contains("Try Again"))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 66)
    }

    @Test func theLogFileHoldsRemedysRecordAtDebug() async throws {
        let (run, log) = try await runNotes(.terminal("1\n"))
        #expect(run.status == 66)
        let lines = try #require(log).split(separator: "\n").filter { $0.contains(" Remedy: ") }
        #expect(lines.count == 2, "received and outcome of the one failure")
        #expect(lines.allSatisfy { $0.contains(" debug Remedy: Loading the notes: ") })
        #expect(lines.filter { $0.contains("event=received") }.count == 1)
        #expect(lines.contains { $0.contains("option=OK") && $0.contains("outcome=presented") })
        #expect(!lines.contains { $0.contains("retry=") }, "never retried")
        // The report keeps the path the person's text leaves out.
        #expect(try #require(log).contains("notes.txt"))
        #expect(try #require(log).contains("at: notes_example/Notes.swift:12"))
    }

    @Test func withoutATerminalOKIsChosenAtOnce() async throws {
        let (run, log) = try await runNotes(.none)
        #expect(run.stderr.contains("  1) OK [o] (default)\n"))
        #expect(run.stderr.contains("“OK”"))
        #expect(run.status == 66)
        #expect(log?.contains("option=OK") == true && log?.contains("outcome=presented") == true)
    }

    @Test func theNotesGoToStandardOutputAndNothingElseIsWritten() async throws {
        let (run, log) = try await runNotes(.none, notes: "Buy milk.\nCall Ada.")
        #expect(run.stdout == "Buy milk.\nCall Ada.\n")
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        #expect(log == "")
    }
}
