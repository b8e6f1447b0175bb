import Foundation
import RemedyTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptedPresenterTests {
    struct Failure: Error {}

    private let presentation = Presentation(
        title: "Storage Full",
        message: "There isn't enough space.",
        options: [RecoveryOption(title: "Free Up Space", role: .recommended) { .recovered }, .cancel],
        error: MessageError("full"),
        localization: Localization(locale: Locale(identifier: "en"))
    )

    @Test func answersFromTheScriptInOrderThenOtherwise() async throws {
        let presenter = ScriptedPresenter(
            [.title("Free Up Space"), .role(.cancel), .defaultOption], otherwise: .dismiss)
        let answers = [
            try await presenter.present(presentation)?.title,
            try await presenter.present(presentation)?.title,
            try await presenter.present(presentation)?.title,
            try await presenter.present(presentation)?.title,
        ]
        #expect(answers == ["Free Up Space", "Cancel", "Free Up Space", nil])
        #expect(presenter.presentations.count == 4)
        #expect(
            presenter.records.map(\.answer.description) == [
                "title(\"Free Up Space\")", "role(cancel)", "defaultOption", "dismiss",
            ])
    }

    @Test func anUnknownTitleIsAnsweredWithAnOptionThatIsNotInThePresentation() async throws {
        let presenter = ScriptedPresenter([.title("Nope")])
        let answer = try #require(try await presenter.present(presentation))
        #expect(answer.title == "Nope")
        #expect(presentation.option(matching: answer) == nil)
    }

    @Test func aFailingAnswerThrows() async {
        let presenter = ScriptedPresenter([.fail(Failure())])
        await #expect(throws: Failure.self) { try await presenter.present(presentation) }
        #expect(presenter.presentations.count == 1)
    }

    @Test func heldAnswersWaitForRelease() async throws {
        let presenter = ScriptedPresenter([.held(.role(.cancel))])
        let task = Task { try await presenter.present(presentation) }
        let shown = await presenter.waitForPresentations(1)
        #expect(shown.map(\.title) == ["Storage Full"])
        presenter.release()
        #expect(try await task.value?.role == .cancel)
        // After a release, later held answers don't wait.
        presenter.enqueue(.held(.defaultOption))
        #expect(try await presenter.present(presentation)?.title == "Free Up Space")
    }
}
