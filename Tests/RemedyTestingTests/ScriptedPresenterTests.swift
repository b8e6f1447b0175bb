import Foundation
import RemedyTesting
import Testing

@Suite(.timeLimit(.minutes(10)))
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

    @Test func afterHoldHeldAnswersWaitAgainUntilTheNextRelease() async throws {
        let presenter = ScriptedPresenter([.held(.role(.cancel)), .held(.defaultOption)])
        presenter.release()
        #expect(try await presenter.present(presentation)?.role == .cancel)
        presenter.hold()
        let events = LockedValue<[String]>([])
        let task = Task {
            let answer = try await presenter.present(presentation)
            events.withLock { $0.append("answered") }
            return answer
        }
        await presenter.waitForPresentations(2)
        events.withLock { $0.append("released") }
        presenter.release()
        #expect(try await task.value?.title == "Free Up Space")
        // Without the hold, the second answer would not wait for the release.
        #expect(events.withLock { $0 } == ["released", "answered"])
    }

    // MARK: - Answering at once

    @Test func answersThatDontWaitAreGivenAtOnceAndRecorded() throws {
        let presenter = ScriptedPresenter(
            [.title("Free Up Space"), .dismiss, .fail(Failure())], otherwise: .role(.cancel))
        guard case .answered(let first) = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("a title is answered at once")
            return
        }
        #expect(first?.title == "Free Up Space")
        guard case .answered(let second) = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("a dismissal is answered at once")
            return
        }
        #expect(second == nil)
        #expect(throws: Failure.self) { try presenter.immediateAnswer(to: presentation) }
        guard case .answered(let fourth) = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("the otherwise answer is given at once")
            return
        }
        #expect(fourth?.role == .cancel)
        #expect(
            presenter.records.map(\.answer.description) == [
                "title(\"Free Up Space\")", "dismiss", "fail(Failure())", "role(cancel)",
            ])
    }

    @Test func answersThatWaitAreLeftInTheScriptForPresent() async throws {
        let presenter = ScriptedPresenter([.held(.role(.cancel)), .defaultOption], otherwise: .never)
        guard case .needsWaiting = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("a held answer waits")
            return
        }
        // Nothing was taken from the script, nor recorded: `present(_:)` takes the held answer.
        #expect(presenter.records.isEmpty)
        let task = Task { try await presenter.present(presentation) }
        await presenter.waitForPresentations(1)
        presenter.release()
        #expect(try await task.value?.role == .cancel)
        guard case .answered(let next) = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("the default option is answered at once")
            return
        }
        #expect(next?.title == "Free Up Space")
        // The script ran out: `otherwise` never answers, so it waits, every time.
        guard case .needsWaiting = try presenter.immediateAnswer(to: presentation) else {
            Issue.record("a presenter that never answers waits")
            return
        }
        #expect(presenter.records.map(\.answer.description) == ["held(role(cancel))", "defaultOption"])
    }
}
