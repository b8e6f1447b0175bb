import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a new user tries in the first hour: languages, pipes, widths, interruptions, a quiet terminal.
@Suite(.timeLimit(.minutes(10)))
struct FirstHourTests {
    @Test func languageComesFromTheEnvironment() async throws {
        let run = try await DemoProcess.run(
            ["feed", "--answer", "1"], environment: ["LC_ALL": "", "LANG": "de_DE.UTF-8"])
        #expect(run.stderr.contains("  1) Erneut versuchen [e] (Standard)"))
        #expect(run.stdout.contains("↻ Wird erneut ausgeführt."))
        #expect(run.stdout.contains("Behandelte Fehler: 1 (1 wie gewählt erneut versucht)."))
    }

    @Test func languageListOfTheEnvironmentIsHonoured() async throws {
        let run = try await DemoProcess.run(
            ["feed", "--answer", "cancel"], environment: ["LC_ALL": "", "LANG": "en_US.UTF-8", "LANGUAGE": "ja"])
        #expect(run.stdout.contains("処理したエラー: 1 件（1 中止）。"))
    }

    @Test func languageOptionWinsAndJapaneseOptionsHaveNumbersOnly() async throws {
        let run = try await DemoProcess.run(["feed", "--language", "ja", "--answer", "2"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("  1) 再試行"))
        #expect(!run.stderr.contains("[再]") && !run.stderr.contains("[キ]"))
        #expect(run.stdout.contains("処理したエラー: 1 件（1 中止）。"))
    }

    @Test func jsonModeWritesOnlyJSONLinesOnStandardOutput() async throws {
        let run = try await DemoProcess.run(["storm", "--answer", "cancel", "--json"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 200)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(object is [String: Any], "not a JSON object: \(line.prefix(80))")
        }
        #expect(run.stderr.contains("Storm —"))
    }

    /// (`--plain` is left out: narration for screen readers is deliberately not wrapped.)
    @Test(arguments: [20, 40, 80])
    func menuHelpAndNarrationFitTheWidth(columns: Int) async throws {
        let environment = ["COLUMNS": "\(columns)"]
        let runs = [
            try await DemoProcess.run([], environment: environment),
            try await DemoProcess.run(["--help"], environment: environment),
            try await DemoProcess.run(["storage", "--answer", "cancel"], environment: environment),
        ]
        for run in runs {
            #expect(run.status == 0)
            for line in (run.stdout + "\n" + run.stderr).split(separator: "\n") {
                #expect(line.count <= columns, "wider than \(columns): \(line)")
            }
        }
        #expect(runs[1].stdout.contains("--language"))
        #expect(runs[2].stderr.contains("╭─ ⚠ Not"))
    }

    @Test func plainIsASCIIOnly() async throws {
        let run = try await DemoProcess.run(["feed", "--plain", "--answer", "cancel"])
        #expect(run.status == 0)
        let nonASCII = String(String.UnicodeScalarView(run.all.unicodeScalars.filter { !$0.isASCII }))
        #expect(nonASCII.isEmpty, "non-ASCII: \(nonASCII)")
        #expect(run.stdout.contains("> GET http://127.0.0.1:"))
    }

    @Test func enterAtTheMenuRunsTheNextScenario() async throws {
        let run = try await DemoProcess.run([], input: "\ncancel\nq\n")
        #expect(run.stdout.contains("Enter for feed"))
        #expect(run.stdout.contains("Feed — "))
        #expect(!run.stdout.contains("isn't a scenario"))
    }

    @Test func nothingButThePersonsScreenOnStandardError() async throws {
        let run = try await DemoProcess.run(["offline", "--answer", "cancel"])
        #expect(run.stderr.hasPrefix("╭─ ℹ Can't Connect to Server"))
        for marker in ["debug", "event=", "outcome", "[Remedy]", "info "] {
            #expect(!run.stderr.contains(marker), "log text on the screen: \(marker)")
        }
    }

    @Test(arguments: [SIGINT, SIGPIPE])
    func temporaryFolderIsRemovedWhenInterrupted(signal: Int32) async throws {
        let run = try InterruptibleRun([])
        defer { run.close() }
        run.answer("storage\n")  // from the menu, which reads its answers from standard input
        // The alert is up: the scenario's folder exists, and the demo waits for an answer.
        try run.waitForStandardError("Choose an option")
        let folders = try run.temporaryFolders()
        #expect(folders.count == 1)
        if signal == SIGPIPE {
            run.closeStandardOutput()
            run.answer("cancel\n")  // the demo writes its next line into the closed pipe
        } else {
            run.process.interrupt()
        }
        let status = run.waitForExit()
        #expect(status == 128 + signal)
        #expect(try run.temporaryFolders().isEmpty)
    }
}

/// A demo run whose input, output and signals a test drives, event by event (no sleeps).
private final class InterruptibleRun: @unchecked Sendable {
    // @unchecked: used from one test task only.
    let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderr = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = DemoProcess.executable("remedy-demo")
        process.arguments = arguments
        process.environment = DemoProcess.environment
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    func waitForStandardError(_ text: String) throws {
        var seen = ""
        while !seen.contains(text) {
            let data = stderr.fileHandleForReading.availableData
            if data.isEmpty { throw CocoaError(.fileReadUnknown) }
            seen += String(decoding: data, as: UTF8.self)
        }
    }

    func temporaryFolders() throws -> [String] {
        let prefix = "remedy-demo-\(process.processIdentifier)-"
        return try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix(prefix)
        }
    }

    func closeStandardOutput() {
        try? stdout.fileHandleForReading.close()
    }

    func answer(_ text: String) {
        stdin.fileHandleForWriting.write(Data(text.utf8))
    }

    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    func close() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}
