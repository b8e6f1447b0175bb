import Foundation
import Remedy
import RemedyTerminal
import Testing

@Suite(.timeLimit(.minutes(10)))
struct PromptTests {
    /// Try Again (recommended), Delete Downloads (destructive), Cancel.
    func threeOptions() -> Presentation {
        makePresentation(options: [
            .retry, RecoveryOption(title: "Delete Downloads", role: .destructive) { .notRecovered },
        ])
    }

    func present(
        _ presentation: Presentation,
        input: some TerminalInput,
        isNarrated: Bool = false
    ) async -> (chosen: RecoveryOption?, output: RecordingOutput) {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: input,
            output: output,
            appearance: TerminalAppearance(columns: 80, isNarrated: isNarrated),
            localization: .english
        )
        return (await presenter.present(presentation), output)
    }

    @Test(arguments: [
        ("1", "Try Again"), ("2", "Delete Downloads"), ("3", "Cancel"), (" 3 ", "Cancel"),
        ("t", "Try Again"), ("D", "Delete Downloads"), ("c", "Cancel"),
        ("try again", "Try Again"), ("DELETE DOWNLOADS", "Delete Downloads"), ("  Cancel  ", "Cancel"),
        ("", "Try Again"), ("   ", "Try Again"),
        ("cancel", "Cancel"), ("recommended", "Try Again"), ("default", "Try Again"),
        ("destructive", "Delete Downloads"),
    ])
    func answerChoosesOption(answer: String, title: String) async {
        let (chosen, _) = await present(threeOptions(), input: ScriptedInput([answer]))
        #expect(chosen?.title == title)
    }

    @Test(arguments: ["0", "4", "-1", "99999999999999999999999", "x", "tr", "Try", "1.5", "\u{1B}[A", "🙂"])
    func answerThatFitsNoOptionAsksAgain(answer: String) async {
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput([answer, "3"]))
        #expect(chosen?.title == "Cancel")
        #expect(output.lines.filter { $0.hasPrefix("Choose an option") }.count == 2)
        #expect(output.flattened.contains("isn't one of the options. Type a number or a key from the list."))
    }

    @Test func invalidThenValidAnswersAreEchoedAndReported() async {
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput(["9", "Sure", "t"]))
        #expect(chosen?.title == "Try Again")
        let tail = output.lines.suffix(6)
        #expect(
            Array(tail) == [
                "Choose an option (Enter for Try Again): 9",
                "“9” isn't one of the options. Type a number or a key from the list.",
                "Choose an option (Enter for Try Again): Sure",
                "“Sure” isn't one of the options. Type a number or a key from the list.",
                "Choose an option (Enter for Try Again): t",
                "",
            ]
        )
    }

    @Test func endOfInputPicksCancelAndSaysSo() async {
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput([]))
        #expect(chosen?.role == .cancel)
        #expect(
            output.text.hasSuffix(
                "Choose an option (Enter for Try Again): \nNo answer was given, so “Cancel” was chosen.\n"))
    }

    @Test func anAlertWithOnlyOKAsksForEnterAndCancelAcknowledgesIt() async {
        let presentation = makePresentation(options: [.ok], category: .invalidInput)
        let (chosen, output) = await present(presentation, input: ScriptedInput(["cancel"]))
        #expect(chosen?.title == "OK")
        #expect(output.text.hasSuffix("  1) OK [o] (default)\nPress Enter for OK: cancel\n"))
        #expect(!output.text.contains("Choose an option"))
        #expect(!output.text.contains("isn't one of the options"))
    }

    @Test func endOfInputWithoutCancelPicksTheDefault() async {
        let presentation = makePresentation(options: [.ok], category: .invalidInput)
        #expect(presentation.cancelOption == nil)
        let (chosen, output) = await present(presentation, input: ScriptedInput([]))
        #expect(chosen?.title == "OK")
        #expect(output.text.hasSuffix("No answer was given, so “OK” was chosen.\n"))
    }

    @Test func answersRunningOutAfterAnInvalidOneBehaveAsEndOfInput() async {
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput(["nope"]))
        #expect(chosen?.role == .cancel)
        #expect(output.text.contains("“nope” isn't one of the options."))
        #expect(output.text.hasSuffix("No answer was given, so “Cancel” was chosen.\n"))
    }

    @Test func withoutATerminalTheCancelOptionIsPickedWithoutAPrompt() async {
        let (chosen, output) = await present(threeOptions(), input: NoTerminalInput())
        #expect(chosen?.role == .cancel)
        #expect(!output.text.contains("Choose an option"))
        #expect(output.text.hasSuffix("There's no terminal to answer in, so “Cancel” was chosen.\n"))
    }

    @Test func enterWithoutADefaultAsksAgain() async {
        let options = [
            RecoveryOption(title: "Free Up Space") { .recovered },
            RecoveryOption(title: "Buy More Storage") { .recovered },
        ]
        let presentation = makePresentation(options: options, category: .resourceExhausted)
        #expect(presentation.defaultOption == nil)
        let (chosen, output) = await present(presentation, input: ScriptedInput(["", "b"]))
        #expect(chosen?.title == "Buy More Storage")
        #expect(output.text.contains("Choose an option: \n“” isn't one of the options."))
        #expect(output.lines.contains("  2) Buy More Storage [b]"))
    }

    @Test func tooManyInvalidAnswersPickTheFallback() async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: ScriptedInput(Array(repeating: "y", count: 1_000)),
            output: output,
            appearance: TerminalAppearance(columns: 80),
            localization: .english,
            maximumInvalidAnswers: 3
        )
        let chosen = await presenter.present(threeOptions())
        #expect(chosen?.role == .cancel)
        #expect(output.lines.filter { $0.hasPrefix("Choose an option") }.count == 3)
        #expect(output.text.hasSuffix("No usable answer was given, so “Cancel” was chosen.\n"))
    }

    @Test func cancellingTheWaitingTaskReturnsNil() async {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: NeverAnsweringInput(),
            output: output,
            appearance: TerminalAppearance(columns: 80),
            localization: .english
        )
        let presentation = threeOptions()
        let task = Task { await presenter.present(presentation) }
        task.cancel()
        let chosen = await task.value
        #expect(chosen == nil)
        #expect(output.text.hasSuffix("The question was closed without an answer.\n"))
    }

    @Test func typedAnswersAreNotEchoedTwice() async {
        struct TypedInput: TerminalInput {
            var canAnswer: Bool { true }
            var echoesAnswers: Bool { true }
            func readLine() async -> String? { "2" }
        }
        let (chosen, output) = await present(threeOptions(), input: TypedInput())
        #expect(chosen?.title == "Delete Downloads")
        #expect(output.text.hasSuffix("Choose an option (Enter for Try Again): "))
    }

    @Test func chosenOptionIsThePresentationsOwnAndRunsItsAction() async throws {
        let (chosen, _) = await present(threeOptions(), input: ScriptedInput(["t"]))
        let option = try #require(chosen)
        #expect(try await option.perform() == .recovered)
    }

    @Test func narratedPromptReadsTheSame() async {
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput(["x", "c"]), isNarrated: true)
        #expect(chosen?.role == .cancel)
        #expect(
            output.text.hasSuffix(
                """
                Choose an option (Enter for Try Again): x
                “x” isn't one of the options. Type a number or a key from the list.
                Choose an option (Enter for Try Again): c

                """))
    }

    @Test func hugeAnswerIsReportedShortened() async {
        let huge = String(repeating: "n", count: 5_000_000)
        let (chosen, output) = await present(threeOptions(), input: ScriptedInput([huge, "1"]))
        #expect(chosen?.title == "Try Again")
        #expect(output.text.utf8.count < 5_000)
        #expect(output.flattened.contains("“" + String(repeating: "n", count: 60) + "…” isn't one of the options."))
    }
}
