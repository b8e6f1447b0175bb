import Remedy
import RemedyTesting
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

    func alert(on screen: UIViewController) async -> UIAlertController? {
        await fakes { screen.presentedViewController is UIAlertController }
        return screen.presentedViewController as? UIAlertController
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
        #expect(await handling.value == .recovered)
        #expect(ran.value == 1)
        #expect(retried.value == 1)
    }

    @Test func aWithdrawnAlertIsDismissedAndAnswersNothing() async throws {
        let (window, screen) = screen()
        let presenter = UIKitErrorPresenter(window: window)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }
        _ = try #require(await alert(on: screen))

        answer.cancel()
        #expect(try await answer.value == nil)
        #expect(screen.presentedViewController == nil)
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
        #expect(try await answer.value?.title == "Try Again")
    }

    @Test func withoutAViewControllerTheAlertComesFromAWindowAboveAllOthers() async throws {
        let scene = UIWindowScene()
        let (appWindow, _) = screen()
        appWindow.windowScene = scene
        let presenter = UIKitErrorPresenter(windowScene: scene)
        let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }

        await fakes { scene.windows.contains { $0.rootViewController?.presentedViewController is UIAlertController } }
        let window = try #require(scene.windows.first)
        #expect(window.windowLevel.rawValue > UIWindow.Level.alert.rawValue)
        #expect(!window.isHidden)
        let alert = try #require(window.rootViewController?.presentedViewController as? UIAlertController)

        alert.fakeTap(alert.actions[1])
        #expect(try await answer.value?.title == "Free Up Space")
        #expect(window.isHidden)
    }

    @Test func aFatalErrorIsAnAlertAndTheProcessEndsOnlyAfterTheAnswer() async throws {
        let (window, screen) = screen()
        let terminations = LockedCounter()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window), terminations: terminations)
        let handling = root.handle(FatalError("The notes database is damaged beyond repair."))

        let alert = try #require(await alert(on: screen))
        #expect(terminations.value == 0)
        alert.fakeTap(alert.actions[0])
        _ = await handling.value
        #expect(terminations.value == 1)
    }
}
