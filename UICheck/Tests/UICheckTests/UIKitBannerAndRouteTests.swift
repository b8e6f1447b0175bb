import Remedy
import RemedyTesting
import Testing
import UIKit

@testable import CheckedRemedyUI

/// Banners for minor errors and routes for critical ones.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitBannerAndRouteTests {
    func keyWindow() -> UIWindow {
        let window = UIWindow(windowScene: UIWindowScene())
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        return window
    }

    func banners(in window: UIWindow) -> [BannerView] {
        window.subviews.compactMap { $0 as? BannerView }
    }

    @Test func aMinorErrorIsABannerThatLeavesAfterItsDurationOnTheRootsClock() async throws {
        let window = keyWindow()
        let clock = TestClock()
        let root = Fixtures.root(presenter: UIKitErrorPresenter(window: window), clock: clock)
        let handling = root.handle(Fixtures.SyncDelayed(), retry: {})

        await fakes { !self.banners(in: window).isEmpty }
        let banner = try #require(banners(in: window).first)
        let label = banner.label
        #expect(label.text == "Sync Delayed. Your notes will sync when the connection is back.")
        #expect(
            UIAccessibility.fakePosts.contains {
                $0.notification == .announcement
                    && $0.argument as? String == "Sync Delayed. Your notes will sync when the connection is back."
            })

        // The scheduler's watchdog sleeps until the banner's deadline; a second short of it, the banner stays.
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(3))
        #expect(banners(in: window).count == 1)
        clock.advance(by: .seconds(1))
        await fakes { self.banners(in: window).isEmpty }
        #expect(await handling.value == .gaveUp)  // Nobody tapped Try Again: the fallback, Cancel.
    }

    @Test func aBannerCarriesOneActionWhoseButtonAnswers() async throws {
        let window = keyWindow()
        let presenter = UIKitErrorPresenter(window: window)
        let presentation = ErrorResolver(catalog: .empty, localization: Fixtures.english)
            .presentation(for: Fixtures.SyncDelayed())
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
        let answer = Task { try await presenter.present(presentation) }

        await fakes { !self.banners(in: window).isEmpty }
        let banner = try #require(banners(in: window).first)
        let buttons = [banner.button].compactMap { $0 }
        #expect(buttons.count == 1)
        #expect(buttons.first?.title(for: .normal) == "Try Again")
        buttons.first?.fakeSendActions(for: .primaryActionTriggered)
        #expect(try await answer.value?.title == "Try Again")
        #expect(banners(in: window).isEmpty)
    }

    @Test func aBannerThatOnlyInformsHasNoButton() async throws {
        let window = keyWindow()
        let presenter = UIKitErrorPresenter(window: window)
        let presentation = Presentation(
            title: "Offline", message: "Showing saved notes.", severity: .minor, error: CancellationError(),
            localization: Fixtures.english)
        let answer = Task { try await presenter.present(presentation) }

        await fakes { !self.banners(in: window).isEmpty }
        #expect(try #require(banners(in: window).first).button == nil)
        answer.cancel()
        #expect(try await answer.value == nil)
    }

    @Test func aCriticalErrorPresentsTheAppsRouteOverTheScreenWithoutDismissingIt() async throws {
        let window = keyWindow()
        let screen = try #require(window.rootViewController)
        let signIn = UIViewController()
        var answerRoute: (@MainActor (RecoveryOption?) -> Void)?
        let presenter = UIKitErrorPresenter(window: window) { presentation, answer in
            #expect(presentation.title == "Signed Out")
            answerRoute = answer
            return signIn
        }
        #expect(presenter.capabilities.contains(.routes))
        let root = Fixtures.root(presenter: presenter)
        let retried = LockedCounter()
        let handling = root.handle(Fixtures.SessionExpired(), retry: { retried.increment() })

        await fakes { topmost(over: screen) === signIn }
        screen.fakeFinishTransitions()  // It has finished appearing.
        #expect(signIn.modalPresentationStyle == .overFullScreen)
        #expect(window.rootViewController === screen)
        #expect(screen.view.superview === window)
        #expect(screen.fakeDismissCalls == 0)

        answerRoute?(.retry)
        #expect(signIn.fakeIsBeingDismissed)
        screen.fakeFinishTransitions()
        #expect(await handling.value == .recovered)
        #expect(retried.value == 1)
        #expect(screen.presentedViewController == nil)
        #expect(window.rootViewController === screen)
    }

    @Test func withoutARouteACriticalErrorIsAnAlert() async throws {
        let window = keyWindow()
        let screen = try #require(window.rootViewController)
        let presenter = UIKitErrorPresenter(window: window)
        #expect(!presenter.capabilities.contains(.routes))
        let root = Fixtures.root(presenter: presenter)
        let handling = root.handle(Fixtures.SessionExpired())

        await fakes { topmost(over: screen) is UIAlertController }
        let alert = try #require(topmost(over: screen) as? UIAlertController)
        #expect(alert.title == "Signed Out")
        alert.fakeTap(try #require(alert.actions.last))
        screen.fakeFinishTransitions()
        #expect(await handling.value == .presented)
    }
}
