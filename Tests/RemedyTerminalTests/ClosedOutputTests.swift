import Foundation
import Remedy
import RemedyTerminal
import RemedyTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Darwin)
/// A tool whose reader went away (`tool | head`) ends as Unix tools do: nothing on standard error, and the
/// status the shell shows for a tool that a closed pipe ended. The failures are real: writes into a pipe
/// whose read end was closed first. Serialized: the tests set the process's disposition of SIGPIPE, which no
/// other test reads.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ClosedOutputTests {
    enum ExportError: Error {
        case writing(any Error)
    }

    /// The error Foundation throws for a write into a pipe nobody reads.
    static func closedPipeError() throws -> any Error {
        // A process that ignores SIGPIPE (as SwiftNIO makes it) sees the failed write as EPIPE; with the default
        // disposition the signal would end the test process instead. Nothing else in these tests relies on it.
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        do {
            try pipe.fileHandleForWriting.write(contentsOf: Data("id,title\n".utf8))
        } catch {
            return error
        }
        throw MessageError("A write into a closed pipe succeeded.")
    }

    static func shapes(_ error: any Error) -> [any Error] {
        [error, ExportError.writing(error), ContextError("Exporting the notes", wrapping: error)]
    }

    @Test func aToolThatAClosedPipeEndsIsQuietAndEndsWith141() async throws {
        for error in Self.shapes(try Self.closedPipeError()) {
            let output = RecordingOutput()
            let logs = LogRecording()
            let root = ErrorScope.root(
                presenter: TerminalPresenter(input: NoTerminalInput(), output: output), logger: logs.logger())
            let status = await root.handleForExit(error)
            #expect(status == .pipeClosed, "\(error)")
            #expect(output.text.isEmpty, "\(error) wrote: \(output.text)")
            #expect(logs.entries(outcome: .silenced).count == 1, "the log still has it")
        }
    }

    @Test func anAttemptThatAClosedPipeEndsIsQuietAndEndsWith141() async throws {
        let error = try Self.closedPipeError()
        let output = RecordingOutput()
        let logs = LogRecording()
        let root = ErrorScope.root(
            presenter: TerminalPresenter(input: NoTerminalInput(), output: output), logger: logs.logger())
        let end = await root.attemptForExit("Exporting the notes") { () throws -> Int in throw error }
        guard case .exit(let status) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(status == .pipeClosed)
        #expect(output.text.isEmpty, "wrote: \(output.text)")
        #expect(logs.entries(outcome: .silenced).count == 1)
        let scopes = Set(logs.entries.compactMap { $0["scope"] })
        #expect(scopes == [root.path], "logged where it happened")
    }

    /// Other failures still speak: the quiet is for a closed output only.
    @Test func aMissingFileIsStillShown() async {
        let output = RecordingOutput()
        let root = ErrorScope.root(presenter: TerminalPresenter(input: NoTerminalInput(), output: output))
        let status = await root.handleForExit(CocoaError(.fileReadNoSuchFile))
        #expect(status == .noInput)
        #expect(!output.text.isEmpty)
    }

    /// 141 is what a shell reports for a real program that a closed pipe ended: a child writing into a pipe
    /// whose read end was closed before it started is ended by SIGPIPE, without a word on standard error.
    @Test func theStatusIsTheOneAShellShowsForAProgramAClosedPipeEnded() throws {
        let output = Pipe()
        try output.fileHandleForReading.close()
        let errors = Pipe()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Ends by itself should the signal be ignored: the first failed write ends the loop.
        child.arguments = ["-c", "while echo id,title; do :; done"]
        child.standardOutput = output
        child.standardError = errors
        // A child inherits an ignored signal: the shell couldn't undo it, and would get EPIPE instead.
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        try child.run()
        // The parent's copies of the write ends, so that the child's are the last (Foundation may have closed them).
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        let written = try errors.fileHandleForReading.readToEnd() ?? Data()
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGPIPE)
        #expect(ProcessExitStatus.pipeClosed.rawValue == 128 + child.terminationStatus)
        #expect(written.isEmpty)
    }
}
#endif
