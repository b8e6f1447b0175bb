import Remedy
import RemedyTesting
import StandInSupport
import Testing
import UIKit

@testable import CheckedRemedyUI

/// Which window a presentation goes to: the one the error came from, else the foreground active scene's key
/// window; closed scenes are followed. Serialized: the foreground scene is the application's, shared.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct UIKitWindowTests {
    /// A scene with a key window whose root is a screen; the test ends with `close()`.
    @MainActor
    final class SceneWithScreen {
        let scene = UIWindowScene()
        let window: UIWindow
        let screen = UIViewController()

        init(_ state: UIScene.ActivationState) {
            window = UIWindow(windowScene: scene)
            window.rootViewController = screen
            window.makeKeyAndVisible()
            scene.fakeActivationState = state
        }

        func close() {
            if UIApplication.shared.connectedScenes.contains(where: { $0 === scene }) { scene.fakeDisconnect() }
        }
    }

    /// A screen that hands errors to a scope, as an app's view controllers do.
    @MainActor
    final class NotesScreen: UIViewController, ErrorScopeProvidingResponder {
        var errorScope: ErrorScope { scope! }
        var scope: ErrorScope?
    }

    func alert(over screen: UIViewController) async -> UIAlertController? {
        await fakes { topmost(over: screen) is UIAlertController }
        screen.fakeFinishTransitions()
        return topmost(over: screen) as? UIAlertController
    }

    @Test func withoutAWindowAnAlertGoesToTheKeyWindowOfTheForegroundActiveScene() async throws {
        let behind = SceneWithScreen(.foregroundInactive)
        let front = SceneWithScreen(.foregroundActive)
        defer { behind.close(); front.close() }
        let answer = Task { try await UIKitErrorPresenter().present(Fixtures.storagePresentation()) }

        let alert = try #require(await alert(over: front.screen))
        #expect(topmost(over: behind.screen) == nil)
        alert.fakeTap(alert.actions[0])
        front.screen.fakeFinishTransitions()
        #expect(try await answer.value?.title == "Try Again")
    }

    @Test func anErrorFromAResponderIsShownInItsOwnWindowNotTheSceneInFront() async throws {
        let front = SceneWithScreen(.foregroundActive)
        let other = SceneWithScreen(.foregroundInactive)
        defer { front.close(); other.close() }
        let notes = NotesScreen()
        other.window.rootViewController = notes
        notes.scope = Fixtures.root(presenter: UIKitErrorPresenter(window: front.window))
        let field = UIView(frame: .zero)
        notes.view.addSubview(field)

        var outcome: HandlingOutcome?
        field.presentError(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace())) { outcome = $0 }
        let alert = try #require(await alert(over: notes))
        #expect(topmost(over: front.screen) == nil)
        alert.fakeTap(alert.actions[2])
        notes.fakeFinishTransitions()
        await fakes { outcome != nil }
        #expect(outcome == .gaveUp)
    }

    @Test func anAlertInASceneThatClosesIsAnsweredAtOnceAndTheNextGoesToTheSceneInFront() async throws {
        let closing = SceneWithScreen(.foregroundActive)
        let remaining = SceneWithScreen(.foregroundInactive)
        defer { closing.close(); remaining.close() }
        let clock = TestClock()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(windowScene: closing.scene), clock: clock)
        let start = clock.now
        let first = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        await fakes {
            closing.scene.windows.contains { $0.rootViewController.flatMap(topmost(over:)) is UIAlertController }
        }

        // The person closes the iPad window the alert is in; the other one comes to the front.
        closing.scene.fakeDisconnect()
        remaining.scene.fakeActivationState = .foregroundActive
        #expect(await first.value == .gaveUp)

        let second = root.handle(FatalError("The notes database is damaged beyond repair."))
        await fakes { topmost(over: remaining.screen) is UIAlertController }
        #expect(clock.now == start)  // Not at the presenter timeout.
        let alert = try #require(await self.alert(over: remaining.screen))
        alert.fakeTap(alert.actions[0])
        remaining.screen.fakeFinishTransitions()
        _ = await second.value
    }
}
