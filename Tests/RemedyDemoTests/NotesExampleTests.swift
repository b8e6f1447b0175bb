import Foundation
import Testing

/// The README's command-line tool (`Examples/notes`), built and run as a person runs it: in a folder of
/// their own, in their language, typing at a terminal. It fails for real: the folder has no `notes.txt`.
@Suite(.timeLimit(.minutes(3)))
struct NotesExampleTests {
    /// Runs the example in a fresh folder, which is removed afterwards.
    ///
    /// - Parameters:
    ///   - input: Standard input: typed answers at a terminal, or none.
    ///   - language: The value of `LANG` (`LC_ALL` is removed).
    ///   - notes: The contents of `notes.txt`, or `nil` for no such file.
    /// - Returns: What the run produced, and the contents of `notes.log` (`nil` when there is none).
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
            environment: ["LC_ALL": "", "LANG": language]
        )
        let log = try? String(contentsOf: folder.appendingPathComponent("notes.log"), encoding: .utf8)
        return (run, log)
    }

    @Test func theScreenIsGermanWithAGermanLang() async throws {
        let (run, _) = try await runNotes(.terminal("2\n"), language: "de_DE.UTF-8")
        #expect(run.stderr.contains("╭─ ⚠ Datei nicht gefunden"))
        #expect(run.stderr.contains("  1) Erneut versuchen [e] (Standard)\n  2) Abbrechen [a]\n"))
        #expect(run.stderr.contains("Wähle eine Option (Eingabetaste für „Erneut versuchen“): "))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 1)
    }

    @Test func theScreenIsJapaneseWithAJapaneseLang() async throws {
        let (run, _) = try await runNotes(.terminal("2\n"), language: "ja_JP.UTF-8")
        #expect(run.stderr.contains("╭─ ⚠ ファイルが見つかりません"))
        #expect(run.stderr.contains("  1) 再試行 (デフォルト)\n  2) キャンセル\n"))
        #expect(run.stderr.contains("選択肢を選んでください（Enter で「再試行」）： "))
        #expect(run.stdout.isEmpty)
        #expect(run.status == 1)
    }

    /// Try Again runs the failing read again, which fails again; then Cancel. Standard error holds the
    /// two prompts and nothing else: Remedy's records go to the log file, and no swift-log line appears.
    @Test func nothingButThePersonsScreenOnStandardError() async throws {
        let (run, _) = try await runNotes(.terminal("1\n2\n"))
        let alert = """
            ╭─ ⚠ File Not Found ────────────────────────────────────────────────────────────
            │ The file may have been moved, renamed or deleted. Check its location and try
            │ again.
            ╰───────────────────────────────────────────────────────────────────────────────
              1) Try Again [t] (default)
              2) Cancel [c]

            """ + "Choose an option (Enter for Try Again): "
        #expect(run.stderr == alert + alert)
        #expect(run.stdout.isEmpty)
        #expect(run.status == 1)
    }

    @Test func theLogFileHoldsRemedysRecordAtDebug() async throws {
        let (run, log) = try await runNotes(.terminal("1\n2\n"))
        #expect(run.status == 1)
        let lines = try #require(log).split(separator: "\n").filter { $0.contains(" Remedy: ") }
        #expect(lines.count == 4, "received and outcome, for each of the two failures")
        #expect(lines.allSatisfy { $0.contains(" debug Remedy: Loading the notes: ") })
        #expect(lines.filter { $0.contains("event=received") }.count == 2)
        #expect(lines.contains { $0.contains("option=Try Again") && $0.contains("retry=afterRecovery") })
        #expect(lines.contains { $0.contains("option=Cancel") && $0.contains("outcome=gaveUp") })
        #expect(try #require(log).contains("at: notes_example/Notes.swift:12"))
    }

    @Test func withoutATerminalCancelIsChosenAtOnce() async throws {
        let (run, log) = try await runNotes(.none)
        #expect(run.stderr.contains("  2) Cancel [c]\n"))
        #expect(run.stderr.contains("“Cancel”"))
        #expect(run.status == 1)
        #expect(log?.contains("outcome=gaveUp") == true)
    }

    @Test func theNotesGoToStandardOutputAndNothingElseIsWritten() async throws {
        let (run, log) = try await runNotes(.none, notes: "Buy milk.\nCall Ada.")
        #expect(run.stdout == "Buy milk.\nCall Ada.\n")
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        #expect(log == "")
    }
}
