import Foundation
import Remedy
import RemedyTesting
import StandInSupport
import Testing
import UIKit

@testable import CheckedRemedyUI

/// Banners everyone can use: placed by the safe area and the keyboard, in Dynamic Type, legible, calm with
/// Reduce Motion, and reachable with VoiceOver.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitBannerAccessibilityTests {
    func syncDelayed() -> Presentation {
        ErrorResolver(catalog: .empty, localization: Fixtures.english).presentation(for: Fixtures.SyncDelayed())
    }

    func window() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = UIViewController()
        return window
    }

    func banner(in window: UIWindow) async -> BannerView? {
        await fakes { window.subviews.contains { $0 is BannerView } }
        return window.subviews.compactMap { $0 as? BannerView }.first
    }

    @Test func aBannerSitsWithinTheSafeAreaAndAboveTheKeyboard() throws {
        let window = window()
        let banner = BannerView(presentation: syncDelayed()) { _ in }
        banner.show(in: window)
        let constraints = NSLayoutConstraint.fakeActive.filter {
            $0.fakeFirst.item === banner || $0.fakeSecond.item === banner
        }
        func relates(
            _ attribute: NSLayoutConstraint.Attribute, to guide: UILayoutGuide, _ other: NSLayoutConstraint.Attribute
        ) -> Bool {
            constraints.contains { constraint in
                let ends = [constraint.fakeFirst, constraint.fakeSecond]
                return ends.contains { $0.item === banner && $0.attribute == attribute }
                    && ends.contains { $0.item === guide && $0.attribute == other }
            }
        }
        #expect(!banner.translatesAutoresizingMaskIntoConstraints)
        #expect(relates(.leading, to: window.safeAreaLayoutGuide, .leading))
        #expect(relates(.trailing, to: window.safeAreaLayoutGuide, .trailing))
        #expect(relates(.bottom, to: window.keyboardLayoutGuide, .top))
        #expect(relates(.top, to: window.safeAreaLayoutGuide, .top))
    }

    @Test(arguments: [UIContentSizeCategory.extraSmall, .large, .extraExtraExtraLarge])
    func atTheUsualTextSizesTheButtonIsBesideTheTextInDynamicType(size: UIContentSizeCategory) throws {
        let banner = withTraits(UITraitCollection(preferredContentSizeCategory: size)) {
            BannerView(presentation: syncDelayed()) { _ in }
        }
        #expect(banner.stack.axis == .horizontal)
        let button = try #require(banner.button)
        #expect(banner.label.font.fakeTextStyle == .subheadline && banner.label.adjustsFontForContentSizeCategory)
        #expect(button.titleLabel?.font.fakeTextStyle == .headline)
        #expect(button.titleLabel?.adjustsFontForContentSizeCategory == true)
        #expect(banner.label.numberOfLines == 0)  // The text wraps rather than being cut off.
    }

    @Test(arguments: [UIContentSizeCategory.accessibilityMedium, .accessibilityExtraExtraExtraLarge])
    func atTheAccessibilityTextSizesTheButtonGoesUnderTheText(size: UIContentSizeCategory) {
        let banner = withTraits(UITraitCollection(preferredContentSizeCategory: size)) {
            BannerView(presentation: syncDelayed()) { _ in }
        }
        #expect(banner.stack.axis == .vertical)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theTextAndTheButtonKeepAContrastOfAtLeast4_5To1(style: UIUserInterfaceStyle) throws {
        let traits = UITraitCollection(userInterfaceStyle: style)
        let background = try luminance(BannerView.background.resolvedColor(with: traits))
        for foreground in [BannerView.text, BannerView.actionTitle] {
            let text = try luminance(foreground.resolvedColor(with: traits))
            let contrast = (max(text, background) + 0.05) / (min(text, background) + 0.05)
            #expect(contrast >= 4.5, "contrast \(contrast) in \(style)")
        }
    }

    @Test func withReduceMotionTheBannerFadesInInsteadOfSliding() {
        let window = window()
        let banner = BannerView(presentation: syncDelayed()) { _ in }
        UIAccessibility.fakeReduceMotion = true
        banner.show(in: window)
        UIAccessibility.fakeReduceMotion = false
        #expect(banner.entrance == .fade)
        let sliding = BannerView(presentation: syncDelayed()) { _ in }
        sliding.show(in: window)
        #expect(sliding.entrance == .slide)
    }

    @Test func aBannerWithdrawnWhileVoiceOverFocusIsInItStaysUntilTheFocusMovesOn() async throws {
        let window = window()
        let presenter = UIKitErrorPresenter(window: window)
        let answer = Task { try await presenter.present(syncDelayed()) }
        let banner = try #require(await banner(in: window))
        UIAccessibility.fakeMoveVoiceOverFocus(to: banner.label)
        defer { UIAccessibility.fakeMoveVoiceOverFocus(to: nil) }

        answer.cancel()
        // Its time is up, but VoiceOver is reading it: it stays, its button dimmed (the root has answered).
        let button = try #require(banner.button)
        await fakes { !button.isEnabled }
        #expect(banner.superview === window)

        UIAccessibility.fakeMoveVoiceOverFocus(to: window.rootViewController?.view)
        #expect(try await answer.value == nil)
        #expect(banner.superview == nil)
    }

    @Test func aBannerWithdrawnWithoutVoiceOverFocusLeavesAtOnce() async throws {
        let window = window()
        let answer = Task { try await UIKitErrorPresenter(window: window).present(syncDelayed()) }
        let banner = try #require(await banner(in: window))
        answer.cancel()
        #expect(try await answer.value == nil)
        #expect(banner.superview == nil)
    }

    @Test func whileVoiceOverRunsAMinorErrorWithAnActionIsAnAlertThatWaitsForTheAnswer() async throws {
        let window = window()
        UIAccessibility.fakeVoiceOverRunning = true
        let presenter = UIKitErrorPresenter(window: window)
        UIAccessibility.fakeVoiceOverRunning = false
        #expect(!presenter.capabilities.contains(.bannerActions))

        let clock = TestClock()
        let root = Fixtures.root(presenter: presenter, clock: clock)
        let handling = root.handle(Fixtures.SyncDelayed(), retry: {})
        let screen = try #require(window.rootViewController)
        await fakes { topmost(over: screen) is UIAlertController }
        screen.fakeFinishTransitions()
        clock.advance(by: .seconds(60))  // Far past the banner duration: an alert stays.
        let alert = try #require(topmost(over: screen) as? UIAlertController)
        #expect(alert.actions.map(\.title) == ["Try Again", "Cancel"])
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        #expect(await handling.value == .recovered)
    }

    /// Relative luminance, as WCAG 2 defines it for sRGB.
    func luminance(_ color: UIColor) throws -> Double {
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        try #require(color.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        func linear(_ value: CGFloat) -> Double {
            let value = Double(value)
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    func withTraits<T>(_ traits: UITraitCollection, _ body: () -> T) -> T {
        let saved = UITraitCollection.fakeCurrent
        UITraitCollection.fakeCurrent = traits
        defer { UITraitCollection.fakeCurrent = saved }
        return body()
    }
}
