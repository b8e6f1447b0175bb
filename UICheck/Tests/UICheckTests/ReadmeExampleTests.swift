import AppKit
import CheckedRemedyUI
import Remedy
import RemedyTesting
import SwiftUI
import Testing
import UIKit

// The README's examples of RemedyUI (section "Apple platforms (RemedyUI)"), word for word, compiled against
// the stand-in; the tests below run them with the fakes. `CheckedRemedyUI` is the module the shipped
// RemedyUI files are compiled into here (see Package.swift).

// MARK: - UIKit

@MainActor func makeRootScope(window: UIWindow) -> ErrorScope {
    // Critical errors show the app's sign-in over the screen that failed; signing in retries.
    let presenter = UIKitErrorPresenter(window: window) { _, answer in SignInViewController { answer(.retry) } }
    return ErrorScope.root(presenter: presenter)
}

extension NotesViewController {
    func save() async {
        do { try await store.save(note) } catch { presentError(error) }  // up the responder chain
    }
}

final class SignInViewController: UIViewController {
    let onSignedIn: @MainActor () -> Void
    init(onSignedIn: @escaping @MainActor () -> Void) {
        self.onSignedIn = onSignedIn
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

struct Note: Sendable {}

struct NoteStore: Sendable {
    struct DiskFull: PresentableError {
        var title: String? { "Not Enough Storage" }
        var message: String { "The note couldn't be saved." }
    }
    func save(_ note: Note) async throws { throw DiskFull() }
}

final class NotesViewController: UIViewController {
    let note = Note()
    let store = NoteStore()
}

/// The app delegate ends the responder chain with the root scope.
final class NotesAppDelegate: UIResponder, UIApplicationDelegate, ErrorScopeProvidingResponder {
    let errorScope: ErrorScope
    init(errorScope: ErrorScope) { self.errorScope = errorScope }
}

// MARK: - AppKit

@MainActor func makeRootScope() -> ErrorScope {
    // NSAlert sheets on the key window: the recommended option is the default button.
    ErrorScope.root(presenter: AppKitErrorPresenter())
}

extension AppDelegate: ErrorScopeProvidingResponder {}  // `let errorScope = makeRootScope()`

extension DocumentWindow {
    func exportFailed(_ error: any Error) {
        // Up AppKit's responder chain, each willPresentError(_:) first, to the app delegate's root scope.
        presentError(error, completion: nil)
    }
}

final class DocumentWindow: NSWindow {}

/// The Mac app's delegate, with the root scope.
final class AppDelegate: NSObject, NSApplicationDelegate {
    let errorScope = makeRootScope()
}

// MARK: - SwiftUI

struct NotesRoot: View {
    let presenter: SwiftUIErrorPresenter  // the root scope's presenter
    let root: ErrorScope
    var body: some View { NotesList().errorScope("Notes").errorPresentation(presenter, root: root) }
}

struct NotesList: View {
    @Environment(\.errorScope) private var scope
    var body: some View { Button("Sync") { scope?.handle(SyncError.offline) } }
}

enum SyncError: PresentableError {
    case offline
    var message: String { "Your notes will sync when you're back online." }
}

// MARK: - Running them

extension AppDelegateSuites {
    @MainActor
    @Suite(.serialized, .timeLimit(.minutes(1)))
    struct ReadmeExampleTests {
        @Test func theUIKitExampleAlertsFromTheTopViewControllerThroughTheResponderChain() async throws {
            let window = UIWindow(windowScene: UIWindowScene())
            let notes = NotesViewController()
            window.rootViewController = notes
            UIApplication.shared.delegate = NotesAppDelegate(errorScope: makeRootScope(window: window))

            await notes.save()
            await fakes { topmost(over: notes) is UIAlertController }
            let alert = try #require(topmost(over: notes) as? UIAlertController)
            #expect(alert.title == "Not Enough Storage")
            alert.fakeTap(try #require(alert.actions.first))
            notes.fakeFinishTransitions()
            #expect(notes.presentedViewController == nil)
        }

        @Test func theAppKitExampleHandsTheErrorToTheAppDelegatesScopeWhichShowsASheet() async throws {
            let window = DocumentWindow()
            NSApplication.shared.fakeKeyWindow = window
            let delegate = AppDelegate()
            NSApplication.shared.delegate = delegate
            defer { NSApplication.shared.delegate = nil }
            #expect(delegate.errorScope.path == "App")

            window.exportFailed(NoteStore.DiskFull())
            await fakes { !window.fakeAttachedSheets.isEmpty }
            let alert = try #require(window.fakeAttachedSheets.first?.fakeOwningAlert)
            #expect(alert.messageText == "Not Enough Storage")
            alert.fakePressButton(at: alert.buttons.count - 1)
        }

        @Test func theSwiftUIExamplePutsAChildScopeUnderTheRootAndBindsTheAlert() async throws {
            let presenter = SwiftUIErrorPresenter()
            let root = Fixtures.root(presenter: presenter)
            let view = NotesRoot(presenter: presenter, root: root)
            #expect(fakeFind(FakeEnvironmentWrite<ErrorScope?>.self, in: view.body).contains { $0.value === root })

            EnvironmentValues.fakeCurrent.errorScope = root.child("Notes")
            defer { EnvironmentValues.fakeCurrent.errorScope = nil }
            let sync = try #require(fakeFind(Button<Text>.self, in: NotesList().body).first)
            sync.fakeTap()
            await observed { presenter.alert != nil }
            #expect(presenter.alert?.presentation.message == "Your notes will sync when you're back online.")
            presenter.isAlertPresented = false
            await observed { presenter.alert == nil }
        }
    }
}
