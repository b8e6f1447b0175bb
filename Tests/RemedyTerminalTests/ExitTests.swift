import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal
import RemedyTesting
import Testing

/// `attemptOrExit` and `exit(withError:)` up to the exit itself: what is presented and recorded, and the
/// status the process would end with. (`NotesExampleTests` and `ExportExampleTests` run both to the end.)
@Suite(.timeLimit(.minutes(10)))
struct ExitTests {
    @Test func aValueIsReturnedAndNothingElseHappens() async {
        let harness = HandlingHarness()
        let end = await harness.scope.attemptForExit("Loading the notes") { "Buy milk." }
        guard case .value(let notes) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(notes == "Buy milk.")
        #expect(harness.logs.entries.isEmpty)
    }

    /// The status tells the kind of failure, whatever the person chose: OK or Cancel on a missing file is
    /// "no input" all the same.
    @Test(arguments: [ScriptedPresenter.Answer.title("OK"), .role(.cancel)])
    func aMissingFileEndsWithNoInputWhateverThePersonChose(_ answer: ScriptedPresenter.Answer) async {
        let harness = HandlingHarness(answers: [answer])
        let end = await harness.scope.attemptForExit("Loading the notes") {
            try String(contentsOfFile: "/no/such/folder/notes.txt", encoding: .utf8)
        }
        guard case .exit(let status) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(status == .noInput)
        #expect(harness.presentations.map(\.title) == ["File Not Found"])
        #expect(harness.record(of: "Loading the notes").failures.count == 1)
    }

    /// A failure the person recovers from isn't the end: the operation runs again, and its value returns.
    @Test func aRecoveredFailureReturnsTheValueOfTheNextRun() async {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        var runs = 0
        let end = await harness.scope.attemptForExit("Loading the feed") {
            runs += 1
            if runs == 1 { throw HTTPStatusError(status: 503) }
            return runs
        }
        guard case .value(let value) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(value == 2)
        #expect(harness.presentations.count == 1)
    }

    /// After Try Again, the last failure decides.
    @Test func theLastFailureDecides() async {
        let harness = HandlingHarness(answers: [.title("Try Again"), .role(.cancel)])
        var runs = 0
        let end = await harness.scope.attemptForExit("Loading the notes") { () throws -> String in
            runs += 1
            if runs == 1 { throw HTTPStatusError(status: 503) }
            throw CocoaError(.fileReadNoPermission)
        }
        guard case .exit(let status) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(status == .noPermission)
    }

    @Test func aCancellationEndsWith130AndIsNotShown() async {
        let harness = HandlingHarness()
        let end = await harness.scope.attemptForExit("Syncing") { () throws -> Int in throw CancellationError() }
        guard case .exit(let status) = end else {
            Issue.record("ended with \(end)")
            return
        }
        #expect(status == .cancelled)
        #expect(status.rawValue == 130)
        #expect(harness.presentations.isEmpty)
    }

    /// `exit(withError:)` presents the failure once, records it, and answers its status.
    @Test func anErrorCaughtElsewhereIsPresentedThenGivesItsStatus() async {
        let harness = HandlingHarness(answers: [.title("OK")])
        let status = await harness.scope.handleForExit(URLError(.notConnectedToInternet))
        #expect(status == .temporaryFailure)
        #expect(harness.presentations.map(\.title) == ["No Internet Connection"])
        #expect(harness.logs.handledErrors.count == 1)
    }

    /// `--help` and a clean exit are no failures: neither shown nor recorded, and 0.
    @Test func aCleanExitIsNeitherPresentedNorRecorded() async throws {
        let harness = HandlingHarness()
        var help: (any Error)?
        do { _ = try ArgumentParserErrorTests.Convert.parse(["--help"]) } catch { help = error }
        for error in [try #require(help), CleanExit.message("Done."), ExitCode.success] as [any Error] {
            #expect(await harness.scope.handleForExit(error) == .success)
        }
        #expect(harness.presentations.isEmpty)
        #expect(harness.logs.entries.isEmpty)
    }

    /// A command line the parser can't use: presented with the parser's words, then 64.
    @Test func aBadCommandLineIsPresentedThenEndsWithUsage() async throws {
        let harness = HandlingHarness(answers: [.title("OK")], catalog: ArgumentParserErrorTests.catalog)
        let error = try ArgumentParserErrorTests.error(["--format", "pdf", "notes.txt"])
        #expect(await harness.scope.handleForExit(error) == .usage)
        #expect(harness.presentations.map(\.title) == ["Check the Command"])
        #expect(harness.presentations.first?.message.hasPrefix("The value 'pdf' is invalid") == true)
    }
}
