import Foundation
import Remedy
import RemedyTerminal
import Testing

/// What the terminal presenter answers at once (`immediateAnswer(to:)`): banners, and alerts nobody can
/// answer. It writes exactly what `present(_:)` writes for them; an alert somebody can answer waits.
@Suite(.timeLimit(.minutes(10)))
struct TerminalImmediateAnswerTests {
    func presenter(input: some TerminalInput, output: RecordingOutput) -> TerminalPresenter {
        TerminalPresenter(input: input, output: output, appearance: TerminalAppearance(columns: 80))
    }

    func alert() -> Presentation {
        makePresentation(options: [
            .retry, RecoveryOption(title: "Delete Downloads", role: .destructive) { .notRecovered },
        ])
    }

    @Test func aBannerIsWrittenAndAnsweredAtOnceAsPresentWritesIt() async throws {
        let banner = makePresentation(
            title: "You're Offline", message: "Showing the forecast from 10:02.", severity: .minor)
        let atOnce = RecordingOutput()
        let input = ScriptedInput(["1"])
        guard case .answered(let option) = presenter(input: input, output: atOnce).immediateAnswer(to: banner) else {
            Issue.record("a banner is answered at once")
            return
        }
        #expect(option == nil)
        let presented = RecordingOutput()
        _ = await presenter(input: input, output: presented).present(banner)
        #expect(atOnce.text == presented.text)
        #expect(atOnce.text == "ℹ You're Offline — Showing the forecast from 10:02. (Reference 7KQ2-9F3A)\n")
        #expect(input.remainingAnswers == ["1"])
    }

    @Test func anAlertNobodyCanAnswerIsAnsweredAtOnceWithItsFallback() async throws {
        let atOnce = RecordingOutput()
        guard
            case .answered(let option) = presenter(input: NoTerminalInput(), output: atOnce).immediateAnswer(
                to: alert())
        else {
            Issue.record("an alert nobody can answer is answered at once")
            return
        }
        #expect(option?.role == .cancel)
        let presented = RecordingOutput()
        let chosen = await presenter(input: NoTerminalInput(), output: presented).present(alert())
        #expect(chosen?.title == option?.title)
        #expect(atOnce.text == presented.text)
        #expect(atOnce.text.hasSuffix("There's no terminal to answer in, so “Cancel” was chosen.\n"))
    }

    @Test func anAlertSomebodyCanAnswerWaitsAndWritesNothingYet() async {
        let output = RecordingOutput()
        let input = ScriptedInput(["t"])
        let presenter = presenter(input: input, output: output)
        guard case .needsWaiting = presenter.immediateAnswer(to: alert()) else {
            Issue.record("an alert with a person at the keyboard waits for them")
            return
        }
        #expect(output.text.isEmpty)
        #expect(input.remainingAnswers == ["t"])
        #expect(await presenter.present(alert())?.title == "Try Again")
    }

    @Test func aRootWithoutATerminalAnswersEveryAlertWithoutAPresenterTask() async {
        let output = RecordingOutput()
        let root = ErrorScope.root(
            presenter: presenter(input: NoTerminalInput(), output: output),
            localization: .english,
            configuration: ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: .disabled)
        )
        let outcome = await root.handle(MessageError("The draft was not saved.")).value
        #expect(outcome == .presented)
        #expect(output.text.contains("The draft was not saved."))
        #expect(output.text.hasSuffix("There's no terminal to answer in, so “OK” was chosen.\n"))
    }
}
