import Foundation
import Remedy
import RemedyTerminal
import Testing

@Suite(.timeLimit(.minutes(10)))
struct BannerTests {
    func offline(occurrences: Int = 1) -> Presentation {
        makePresentation(
            title: "You're Offline",
            message: "Showing the forecast from 10:02.",
            severity: .minor,
            occurrences: occurrences
        )
    }

    @Test func bannerIsOneLineWithASeverityMarkAndAsksNothing() async {
        let output = RecordingOutput()
        let input = ScriptedInput(["1"])
        let presenter = TerminalPresenter(input: input, output: output, appearance: TerminalAppearance(columns: 80))
        let chosen = await presenter.present(offline())
        #expect(chosen == nil)
        #expect(output.text == "ℹ You're Offline — Showing the forecast from 10:02. (Reference 7KQ2-9F3A)\n")
        #expect(input.remainingAnswers == ["1"])
    }

    @Test(arguments: [Severity.minor, .major, .critical])
    func bannerMarkFollowsSeverity(severity: Severity) async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(output: output, appearance: TerminalAppearance(columns: 80))
        _ = await presenter.present(makePresentation(severity: severity, style: .banner))
        let marks: [Severity: String] = [.minor: "ℹ ", .major: "⚠ ", .critical: "✖ "]
        #expect(output.text.hasPrefix(marks[severity] ?? "?"))
    }

    @Test func bannerShowsTheCount() async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(output: output, appearance: TerminalAppearance(columns: 200))
        _ = await presenter.present(offline(occurrences: 12))
        #expect(
            output.text
                == "ℹ You're Offline — Showing the forecast from 10:02. This happened 12 times. (Reference 7KQ2-9F3A)\n"
        )
    }

    @Test func colouredBannerColoursOnlyTheMark() async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(output: output, appearance: TerminalAppearance(columns: 80, usesColor: true))
        _ = await presenter.present(offline())
        #expect(
            output.text
                == "\u{1B}[36mℹ\u{1B}[0m You're Offline — Showing the forecast from 10:02. (Reference 7KQ2-9F3A)\n")
    }

    @Test(arguments: [20, 40])
    func longBannerWrapsUnderItsMark(columns: Int) async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(output: output, appearance: TerminalAppearance(columns: columns))
        _ = await presenter.present(offline())
        let lines = output.lines.dropLast()
        #expect(lines.count > 1)
        #expect(lines.first?.hasPrefix("ℹ ") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && DisplayWidth.of($0) <= columns })
    }

    @Test func narratedBannerNamesTheSeverity() async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            output: output,
            appearance: TerminalAppearance(columns: 20, usesColor: true, isNarrated: true)
        )
        _ = await presenter.present(offline())
        #expect(output.text == "Notice: You're Offline — Showing the forecast from 10:02. (Reference 7KQ2-9F3A)\n")
    }

    @Test func bannerDuringAPromptGetsALineOfItsOwnAndThePromptComesBack() async {
        let input = GatedInput()
        let output = RecordingOutput()
        let presenter = TerminalPresenter(input: input, output: output, appearance: TerminalAppearance(columns: 80))
        let alert = Task { await presenter.present(makePresentation()) }
        var readings = input.readings.stream.makeAsyncIterator()
        _ = await readings.next()  // The prompt waits for an answer now.
        _ = await presenter.present(offline())
        input.answers.continuation.yield("1")
        let chosen = await alert.value
        #expect(chosen?.title == "Try Again")
        #expect(
            output.text.hasSuffix(
                """
                Choose an option (Enter for Try Again): \("")
                ℹ You're Offline — Showing the forecast from 10:02. (Reference 7KQ2-9F3A)
                Choose an option (Enter for Try Again): \("")
                """
            )
        )
    }
}

/// An input whose answer the test hands over once the prompt is waiting.
final class GatedInput: TerminalInput {
    let readings = AsyncStream<Void>.makeStream()
    let answers = AsyncStream<String>.makeStream()

    var canAnswer: Bool { true }
    var echoesAnswers: Bool { true }

    func readLine() async -> String? {
        readings.continuation.yield()
        for await answer in answers.stream { return answer }
        return nil
    }
}
