import Remedy
import RemedyTesting
import StandInSupport
import Testing
import UIKit

@testable import CheckedRemedyUI

/// The UIKit presenter's alerts: the mapping of options to actions, and the answer of a tap.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitAlertTests {
    /// A window whose root view controller is the screen alerts are presented from.
    func screen() -> (window: UIWindow, screen: UIViewController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let screen = UIViewController()
        window.rootViewController = screen
        return (window, screen)
    }

    /// The alert over a screen, once it has finished appearing (a test ends the animation at once).
    func alert(on screen: UIViewController) async -> UIAlertController? {
        await fakes { topmost(over: screen) is UIAlertController }
        screen.fakeFinishTransitions()
        return topmost(over: screen) as? UIAlertController
    }

    @Test func aStoragePresentationBecomesAnAlertWithActionStylesAndThePreferredAction() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let presentation = Fixtures.storagePresentation()
        let answer = Task { try await presenter.present(presentation) }

        let alert = try #require(await alert(on: screen))
        #expect(alert.title == "Not Enough Storage")
        // The message, then the reference a person can read out, which the error's log lines carry.
        #expect(
            alert.message
                == "The note couldn't be saved because the device is full.\n\nReference \(presentation.supportReference)"
        )
        #expect(alert.preferredStyle == .alert)
        #expect(alert.actions.map(\.title) == ["Try Again", "Free Up Space", "Cancel"])
        #expect(alert.actions.map(\.style) == [.default, .default, .cancel])
        #expect(alert.preferredAction?.title == "Try Again")

        alert.fakeTap(alert.actions[2])
        screen.fakeFinishTransitions()
        #expect(try await answer.value?.title == "Cancel")
        #expect(screen.presentedViewController == nil)
    }

    @Test func aDestructiveOptionGetsTheDestructiveStyleAndNoPreferredActionWithoutARecommendedOne() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let delete = RecoveryOption(title: "Delete Draft", role: .destructive) { .recovered }
        let presentation = Presentation(
            title: "Draft Damaged", message: "The draft can't be opened.", options: [delete],
            error: CancellationError(), localization: Fixtures.english)
        let answer = Task { try await presenter.present(presentation) }

        let alert = try #require(await alert(on: screen))
        #expect(alert.actions.map(\.style) == [.destructive, .cancel])
        #expect(alert.preferredAction == nil)
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        #expect(try await answer.value?.title == "Delete Draft")
    }

    @Test func tappingAnActionAnswersTheRootScopeWhichRunsThatOption() async throws {
        let (window, screen) = screen()
        let ran = LockedCounter()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window))
        let retried = LockedCounter()
        let handling = root.child("Notes").handle(
            Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace(ran)),
            retry: { retried.increment() }
        )

        let alert = try #require(await alert(on: screen))
        let freeUpSpace = try #require(alert.actions.first { $0.title == "Free Up Space" })
        alert.fakeTap(freeUpSpace)
        screen.fakeFinishTransitions()
        #expect(await handling.value == .recovered)
        #expect(ran.value == 1)
        #expect(retried.value == 1)
    }

    @Test func aWithdrawnAlertIsDismissedAndAnswersNothing() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }
        let alert = try #require(await alert(on: screen))

        answer.cancel()
        await fakes { alert.fakeIsBeingDismissed }
        screen.fakeFinishTransitions()
        #expect(try await answer.value == nil)
        #expect(screen.presentedViewController == nil)
    }

    @Test func aWithdrawnAlertAnswersOnlyOnceItsDismissalHasFinished() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        // What the presenter's caller sees when the answer arrives: is the screen free to present again?
        let answer = Task {
            _ = try await presenter.present(Fixtures.storagePresentation())
            return screen.presentedViewController == nil
        }
        let alert = try #require(await alert(on: screen))

        answer.cancel()
        await fakes { alert.fakeIsBeingDismissed }
        // An answer given with the dismissal under way has been resumed by now: let it through first (it
        // hops to the main actor; a handful of turns is plenty).
        for _ in 0..<10 { await Task.yield() }
        screen.fakeFinishTransitions()
        #expect(try await answer.value)
        #expect(screen.fakeRefusedPresentations.isEmpty)
    }

    @Test func theNextAlertWaitsForAWithdrawnOneToLeave() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let first = Task { try await presenter.present(Fixtures.storagePresentation()) }
        let alert = try #require(await alert(on: screen))
        first.cancel()
        await fakes { alert.fakeIsBeingDismissed }

        let next = await presenting(Fixtures.fatalPresentation(), with: presenter)
        try #require(screen.fakeRefusedPresentations.isEmpty)
        screen.fakeFinishTransitions()
        let nextAlert = try #require(await self.alert(on: screen))
        #expect(nextAlert !== alert)
        next.cancel()
    }

    @Test func theNextAlertWaitsForATappedOneToLeaveEvenWhenUIKitRunsTheHandlerFirst() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let first = Task { try await presenter.present(Fixtures.storagePresentation()) }
        let alert = try #require(await alert(on: screen))
        // Apple doesn't document whether the handler runs before or after the dismissal; here, before.
        alert.fakeTap(alert.actions[1], handlerFirst: true)
        #expect(alert.fakeIsBeingDismissed)

        let next = await presenting(Fixtures.fatalPresentation(), with: presenter)
        try #require(screen.fakeRefusedPresentations.isEmpty)
        screen.fakeFinishTransitions()
        #expect(try await first.value?.title == "Free Up Space")
        let nextAlert = try #require(await self.alert(on: screen))
        #expect(nextAlert !== alert)
        next.cancel()
    }

    @Test func aFatalErrorThatPreemptsAnAlertIsShownOnceThatAlertHasLeft() async throws {
        let (window, screen) = screen()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window))
        let major = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        let storageAlert = try #require(await alert(on: screen))

        let fatal = root.handle(FatalError("The notes database is damaged beyond repair."))
        await fakes { storageAlert.fakeIsBeingDismissed }
        await Task.yield()
        screen.fakeFinishTransitions()
        await fakes {
            let next = topmost(over: screen)
            return !screen.fakeRefusedPresentations.isEmpty || (next is UIAlertController && next !== storageAlert)
        }
        try #require(screen.fakeRefusedPresentations.isEmpty)
        let fatalAlert = try #require(topmost(over: screen) as? UIAlertController)
        fatalAlert.fakeTap(fatalAlert.actions[0])
        screen.fakeFinishTransitions()
        _ = await fatal.value
        _ = await major.value
    }

    @Test func alertsGoOnTopOfWhatTheScreenAlreadyPresents() async throws {
        let (window, screen) = screen()
        let sheet = UIViewController()
        screen.present(sheet, animated: false)
        let presenter = UIKitErrorPresenter(window: window)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }

        let alert = try #require(await alert(on: sheet))
        #expect(screen.presentedViewController === sheet)
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        #expect(try await answer.value?.title == "Try Again")
    }

    @Test func withoutAViewControllerTheAlertComesFromAWindowAboveAllOthers() async throws {
        let scene = UIWindowScene()
        let (appWindow, _) = screen()
        appWindow.windowScene = scene
        appWindow.makeKeyAndVisible()
        let presenter = UIKitErrorPresenter(windowScene: scene)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }

        await fakes { scene.windows.contains { $0.rootViewController.flatMap(topmost(over:)) is UIAlertController } }
        let window = try #require(scene.windows.first)
        #expect(window.windowLevel.rawValue > UIWindow.Level.alert.rawValue)
        #expect(!window.isHidden)
        // Key while its alert shows, so that Return reaches the preferred action; the app's window after.
        #expect(window.isKeyWindow)
        let alert = try #require(window.rootViewController.flatMap(topmost(over:)) as? UIAlertController)

        alert.fakeTap(alert.actions[1])
        window.rootViewController?.fakeFinishTransitions()
        #expect(try await answer.value?.title == "Free Up Space")
        #expect(window.isHidden)
        #expect(appWindow.isKeyWindow)
    }

    @Test func aFatalErrorIsAnAlertAndTheProcessEndsOnlyAfterTheAnswer() async throws {
        let (window, screen) = screen()
        let terminations = LockedCounter()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window), terminations: terminations)
        let handling = root.handle(FatalError("The notes database is damaged beyond repair."))

        let alert = try #require(await alert(on: screen))
        #expect(terminations.value == 0)
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        _ = await handling.value
        #expect(terminations.value == 1)
    }
}
