import Foundation
import Remedy
import RemedyTerminal
import RemedyTesting
import Testing

/// `exit(withError:)` up to the exit, in a task cancelled while nobody answers the prompt: the handling, a task
/// of its own, is cancelled with it, so the tool ends instead of waiting on.
@Suite(.timeLimit(.minutes(10)))
struct ExitCancellationTests {
    @Test func aCancelledExitEndsWhileNobodyAnswers() async {
        let output = RecordingOutput()
        let input = GatedInput()
        let presenter = TerminalPresenter(
            input: input,
            output: output,
            appearance: TerminalAppearance(columns: 80),
            localization: .english
        )
        let root = ErrorScope.root(presenter: presenter, clock: TestClock())
        let ending = Task { await root.handleForExit(CocoaError(.fileReadNoSuchFile)) }
        // The prompt waits for an answer that never comes.
        var readings = input.readings.stream.makeAsyncIterator()
        await readings.next()
        ending.cancel()
        #expect(await ending.value == .noInput)
        #expect(output.text.contains("Press Enter for OK:"), "not a prompt: \(output.text)")
    }
}
