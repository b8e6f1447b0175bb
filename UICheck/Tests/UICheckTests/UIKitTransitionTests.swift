import Remedy
import RemedyTesting
import StandInSupport
import Testing
import UIKit

@testable import CheckedRemedyUI

/// Presentations that UIKit refuses, that take time to appear, and whose screen or scene goes away: each is
/// answered or shown as soon as UIKit allows, never at the root's presenter timeout (10 minutes).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitTransitionTests {
    /// A window whose screen presents an editor, as an app's does.
    func editorOnScreen() -> (window: UIWindow, screen: UIViewController, editor: UIViewController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let screen = UIViewController()
        window.rootViewController = screen
        let editor = UIViewController()
        screen.present(editor, animated: false)
        return (window, screen, editor)
    }

    @Test func anAlertRefusedDuringTheAppsTransitionIsShownAsSoonAsTheTransitionEnds() async throws {
        let (window, screen, editor) = editorOnScreen()
        let clock = TestClock()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window), clock: clock)
        let start = clock.now

        // The app dismisses its editor as the save fails: UIKit refuses anything presented meanwhile.
        screen.dismiss(animated: true)
        let handling = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        await fakes { !editor.fakeRefusedPresentations.isEmpty }
        #expect(topmost(over: screen) === editor)

        screen.fakeFinishTransitions()
        await fakes { topmost(over: screen) is UIAlertController }
        // Shown once the transition ended, with no time passing on the root's clock: not at the timeout.
        #expect(clock.now < start.advanced(by: .seconds(1)))
        screen.fakeFinishTransitions()
        let alert = try #require(topmost(over: screen) as? UIAlertController)
        #expect(alert.title == "Not Enough Storage")
        alert.fakeTap(alert.actions[2])
        screen.fakeFinishTransitions()
        #expect(await handling.value == .gaveUp)
        #expect(screen.presentedViewController == nil)
    }

    @Test func anAlertWithdrawnWhileStillAppearingLeavesOnceItHasAppeared() async throws {
        let (window, screen, editor) = editorOnScreen()
        let presenter = UIKitErrorPresenter(window: window)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }
        await fakes { topmost(over: screen) is UIAlertController }
        let alert = try #require(topmost(over: screen) as? UIAlertController)

        answer.cancel()
        // UIKit starts no dismissal while the presentation's animation runs: the alert stays for now.
        await fakes { alert.fakeWaitersOnTransition > 0 }
        #expect(!alert.fakeIsBeingDismissed)
        editor.fakeFinishTransitions()  // It has appeared; its dismissal begins.
        await fakes { alert.fakeIsBeingDismissed }
        editor.fakeFinishTransitions()
        #expect(try await answer.value == nil)
        #expect(editor.presentedViewController == nil)
        #expect(editor.fakeRefusedPresentations.isEmpty && screen.fakeRefusedPresentations.isEmpty)
    }

    @Test func anAlertWhoseScreenTheAppDismissesIsAnsweredAtOnceAndTheNextErrorShows() async throws {
        let (window, screen, editor) = editorOnScreen()
        let clock = TestClock()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window), clock: clock)
        let start = clock.now
        let first = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        await fakes { topmost(over: editor) is UIAlertController }
        screen.fakeFinishTransitions()

        // The app closes its editor, and the alert on it with it.
        screen.dismiss(animated: true)
        screen.fakeFinishTransitions()
        #expect(await first.value == .gaveUp)

        let second = root.handle(FatalError("The notes database is damaged beyond repair."))
        await fakes { topmost(over: screen) is UIAlertController }
        #expect(clock.now == start)
        screen.fakeFinishTransitions()
        let alert = try #require(topmost(over: screen) as? UIAlertController)
        #expect(alert.title != "Not Enough Storage")
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        _ = await second.value
    }

    @Test func aPresentationWithNoTransitionToWaitForIsAnsweredRatherThanLeftToTheTimeout() async throws {
        // A window without a root view controller has nothing to present from.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let answer = try await UIKitErrorPresenter(window: window).present(Fixtures.storagePresentation())
        #expect(answer == nil)
    }
}
