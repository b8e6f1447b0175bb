import Foundation
import RemedyTesting
import Testing

@testable import Remedy

/// A presenter that answers at once (`ErrorPresenter.immediateAnswer(to:)`) is never asked to wait;
/// everything else stays as with a presenter that waits: identical presentations join and are counted,
/// every caller is answered, a caller's cancellation is its own.
@Suite(.timeLimit(.minutes(10)))
struct ImmediateAnswerTests {
    /// Forwards to a scripted presenter and records which way each presentation was answered:
    /// `"at once: <message>"` or `"waited: <message>"`.
    final class PathRecordingPresenter: ErrorPresenter {
        let scripted: ScriptedPresenter
        let paths = LockedList<String>()
        /// Runs in `immediateAnswer(to:)` before it answers.
        let onImmediateAnswer: @Sendable () -> Void

        init(_ scripted: ScriptedPresenter, onImmediateAnswer: @escaping @Sendable () -> Void = {}) {
            self.scripted = scripted
            self.onImmediateAnswer = onImmediateAnswer
        }

        func immediateAnswer(to presentation: Presentation) throws -> ImmediateAnswer {
            let answer = try scripted.immediateAnswer(to: presentation)
            if case .answered = answer {
                onImmediateAnswer()
                paths.append("at once: \(presentation.message)")
            }
            return answer
        }

        func present(_ presentation: Presentation) async throws -> RecoveryOption? {
            paths.append("waited: \(presentation.message)")
            return try await scripted.present(presentation)
        }
    }

    struct Refused: Error {}

    static let openSettings = RecoveryOption(title: "Open Settings", role: .recommended) { .notRecovered }

    func root(_ presenter: some ErrorPresenter, logs: LogRecording) -> ErrorScope {
        ErrorScope.root(
            presenter: presenter,
            localization: Localization(locale: Locale(identifier: "en")),
            logger: logs.logger(),
            clock: TestClock(),
            configuration: ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: .disabled)
        )
    }

    @Test func aPresenterThatAnswersAtOnceIsNeverAskedToWait() async {
        let presenter = PathRecordingPresenter(
            ScriptedPresenter([.role(.cancel), .role(.cancel), .title("Try Again")], otherwise: .role(.cancel))
        )
        let logs = LogRecording()
        let root = root(presenter, logs: logs)
        #expect(await root.handle(MessageError("First.")).value == .gaveUp)
        #expect(await root.handle(MessageError("Second.", options: [Self.openSettings])).value == .gaveUp)
        var runs = 0
        let value: Int? = await root.attempt("Loading") {
            runs += 1
            if runs == 1 { throw MessageError("Third.") }
            return 3
        }
        #expect(value == 3)
        #expect(await root.handle(MessageError("Fourth.")).value == .gaveUp)
        #expect(
            presenter.paths.values == [
                "at once: First.", "at once: Second.", "at once: Third.", "at once: Fourth.",
            ])
        #expect(logs.handledErrors.map(\.outcome) == [.gaveUp, .gaveUp, .recovered, .gaveUp])
        #expect(root.state.current == nil)
    }

    @Test func anAnswerThrownAtOnceIsAPresenterFailure() async {
        let logs = LogRecording()
        let root = root(ScriptedPresenter([.fail(Refused())]), logs: logs)
        #expect(await root.handle(MessageError("Not shown.")).value == .gaveUp)
        let logged = logs.handledErrors
        #expect(logged.map(\.outcome) == [.gaveUp])
        #expect(logged.first?["resolution"] == "presenterFailed")
        #expect(logged.first?.level == .info)
    }

    @Test func aPresenterMayAnswerSomePresentationsAtOnceAndWaitForOthers() async {
        let presenter = PathRecordingPresenter(
            ScriptedPresenter([.role(.cancel), .held(.role(.cancel)), .title("Open Settings")])
        )
        let logs = LogRecording()
        let root = root(presenter, logs: logs)
        #expect(await root.handle(MessageError("At once.")).value == .gaveUp)
        let held = root.handle(MessageError("Held."))
        await root.state.wait { $0.current?.message == "Held." }
        // Three identical errors while the held one is shown: one presentation waiting its turn, which
        // the presenter answers at once when it comes.
        let identical = (0..<3).map { _ in root.handle(MessageError("Waiting its turn.", options: [Self.openSettings]))
        }
        // `handle` puts each in line before it returns.
        #expect(root.state.waitingCount == 1)
        presenter.scripted.release()
        #expect(await held.value == .gaveUp)
        var outcomes: [HandlingOutcome] = []
        for task in identical { outcomes.append(await task.value) }
        #expect(outcomes.count { $0 == .presented } == 1)
        #expect(outcomes.count { $0 == .coalesced } == 2)
        #expect(
            presenter.paths.values == ["at once: At once.", "waited: Held.", "at once: Waiting its turn."]
        )
        let shown = presenter.scripted.presentations
        #expect(shown.map(\.occurrences) == [1, 1, 3])
        let joined = logs.handledErrors.filter { $0.message.contains("Waiting its turn.") }
        #expect(joined.count == 3)
        #expect(joined.allSatisfy { $0["option"] == "Open Settings" && $0["occurrences"] == "3" })
    }

    @Test func oneCallersCancellationLeavesTheAnswerAtOnceToTheOthers() async {
        let presenter = PathRecordingPresenter(ScriptedPresenter([.held(.role(.cancel)), .title("Open Settings")]))
        let logs = LogRecording()
        let root = root(presenter, logs: logs)
        let held = root.handle(MessageError("Held."))
        await root.state.wait { $0.current?.message == "Held." }
        let error = MessageError("Waiting its turn.", options: [Self.openSettings])
        // The first makes the presentation, the second joins it; then the first leaves.
        let first = root.handle(error)
        let second = root.handle(error)
        #expect(root.state.waitingCount == 1)
        first.cancel()
        #expect(await first.value == .gaveUp)
        presenter.scripted.release()
        #expect(await held.value == .gaveUp)
        #expect(await second.value == .coalesced)
        #expect(presenter.paths.values == ["waited: Held.", "at once: Waiting its turn."])
        let logged = logs.handledErrors.filter { $0.message.contains("Waiting its turn.") }
        #expect(logged.map { $0["resolution"] } == ["cancelled", "chosen"])
        #expect(logged.last?["option"] == "Open Settings")
    }

    @Test func aCancellationWhileThePresenterAnswersDoesNotTakeBackItsAnswer() async {
        let presenter = PathRecordingPresenter(ScriptedPresenter([.title("Open Settings")])) {
            // The presentation's task is cancelled while the presenter answers.
            withUnsafeCurrentTask { $0?.cancel() }
        }
        let logs = LogRecording()
        let root = root(presenter, logs: logs)
        let task = root.handle(MessageError("Answered at once.", options: [Self.openSettings]))
        #expect(await task.value == .presented)
        #expect(presenter.paths.values == ["at once: Answered at once."])
        #expect(logs.handledErrors.first?["resolution"] == "chosen")
        #expect(logs.handledErrors.first?["option"] == "Open Settings")
    }

    @Test func aCallerCancelledBeforeItPresentsNeverReachesThePresenter() async {
        let presenter = PathRecordingPresenter(ScriptedPresenter(otherwise: .title("OK")))
        let scheduler = PresentationScheduler(
            presenter: presenter,
            clock: TestClock(),
            presenterTimeout: .seconds(600),
            bannerDuration: .seconds(4),
            coalescingWindow: .zero
        )
        let answer = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await scheduler.present(presentation("Never shown."))
        }.value
        #expect(answer.resolution.description == "cancelled")
        #expect(presenter.paths.values.isEmpty)
        #expect(scheduler.state.current == nil)
        // The scheduler goes on: the next presentation is answered at once.
        let next = await scheduler.present(presentation("Shown."))
        #expect(next.resolution.description == "chosen")
        #expect(presenter.paths.values == ["at once: Shown."])
    }
}
