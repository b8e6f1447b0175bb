import Remedy
import RemedyTesting
import Testing
import UIKit

@testable import CheckedRemedyUI

/// `presentError(_:completion:)` travels the responder chain, through each `willPresentError`, to the
/// app's root scope.
extension AppDelegateSuites {
    @MainActor
    @Suite(.serialized, .timeLimit(.minutes(1)))
    struct ResponderChainTests {
        /// Records the order in which the hooks ran.
        final class Journal {
            var entries: [String] = []
        }

        struct SavingFailed: Error {}

        final class NoteField: UIView, ErrorPresentingResponder {
            let journal: Journal
            init(journal: Journal) {
                self.journal = journal
                super.init(frame: .zero)
            }
            required init?(coder: NSCoder) { nil }

            func willPresentError(_ error: any Error) -> (any Error)? {
                journal.entries.append("field")
                return ContextError("Saving the note", wrapping: error)
            }
        }

        final class NotesScreen: UIViewController, ErrorPresentingResponder {
            let journal: Journal
            var swallows = false
            init(journal: Journal) {
                self.journal = journal
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { nil }

            func willPresentError(_ error: any Error) -> (any Error)? {
                journal.entries.append("screen")
                if swallows { return nil }
                // Replaces the error with one the person can act on, keeping the cause.
                #expect(error is ContextError)
                return MessageError("Your note wasn't saved.", title: "Couldn't Save")
            }
        }

        final class AppDelegate: UIResponder, UIApplicationDelegate, ErrorPresentingResponder,
            ErrorScopeProvidingResponder
        {
            let journal: Journal
            let errorScope: ErrorScope
            init(journal: Journal, scope: ErrorScope) {
                self.journal = journal
                self.errorScope = scope
            }

            func willPresentError(_ error: any Error) -> (any Error)? {
                journal.entries.append("app")
                return error
            }
        }

        /// The window keeps the screen alive, as an app's windows do.
        func chain(presenter: ScriptedPresenter) -> (
            field: NoteField, screen: NotesScreen, window: UIWindow, journal: Journal
        ) {
            let journal = Journal()
            let field = NoteField(journal: journal)
            let screen = NotesScreen(journal: journal)
            screen.view.addSubview(field)
            let window = UIWindow(windowScene: UIWindowScene())
            window.rootViewController = screen
            UIApplication.shared.delegate = AppDelegate(journal: journal, scope: Fixtures.root(presenter: presenter))
            return (field, screen, window, journal)
        }

        @Test func theErrorPassesEachHookFromTheFirstResponderUpAndEndsAtTheRootScope() async throws {
            let presenter = ScriptedPresenter([.role(.cancel)])
            let (field, _, window, journal) = chain(presenter: presenter)
            defer { withExtendedLifetime(window) {} }
            let outcome = await withCheckedContinuation { continuation in
                field.presentError(SavingFailed()) { continuation.resume(returning: $0) }
            }

            #expect(outcome == .gaveUp)  // The person cancelled.
            #expect(journal.entries == ["field", "screen", "app"])
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.title == "Couldn't Save")
            #expect(presentation.message == "Your note wasn't saved.")
            // The error the hooks passed on, with the window it came from around it (for the presenter).
            let origin = try #require(presentation.error as? PresentedFromWindow)
            #expect(origin.error is MessageError)
            #expect(origin.window.object === window)
        }

        @Test func aHookThatSwallowsTheErrorStopsItBeforeTheScope() async throws {
            let presenter = ScriptedPresenter()
            let (field, screen, window, journal) = chain(presenter: presenter)
            defer { withExtendedLifetime(window) {} }
            screen.swallows = true
            var outcome: HandlingOutcome?? = .none
            field.presentError(SavingFailed()) { outcome = $0 }

            #expect(journal.entries == ["field", "screen"])
            #expect(outcome == .some(nil))
            #expect(presenter.presentations.isEmpty)
        }

    }
}
