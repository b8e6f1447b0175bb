#if canImport(UIKit) && !os(watchOS)
import Foundation
import Testing
import UIKit

@testable import Remedy
@testable import RemedyUI

/// RemedyUI's UIKit paths against the real UIKit: what UICheck's stand-in can only model.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UIKitRealTests {
    struct SyncDelayed: PresentableError {
        var title: String? { "Sync Delayed" }
        var message: String { "Your notes will sync when the connection is back." }
        var severity: Severity { .minor }
        var recoveryOptions: [RecoveryOption] { [.retry] }
    }

    func banner() -> BannerView {
        let presentation = ErrorResolver(catalog: .empty, localization: Localization(locale: Locale(identifier: "en")))
            .presentation(for: SyncDelayed())
        return BannerView(presentation: presentation) { _ in }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBannersColoursKeepAContrastOfAtLeast4_5To1(style: UIUserInterfaceStyle) throws {
        let traits = UITraitCollection(userInterfaceStyle: style)
        func luminance(_ color: UIColor) throws -> Double {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 0
            try #require(color.resolvedColor(with: traits).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
            func linear(_ value: CGFloat) -> Double {
                let value = Double(value)
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
        let background = try luminance(BannerView.background)
        for foreground in [BannerView.text, BannerView.actionTitle] {
            let text = try luminance(foreground)
            #expect((max(text, background) + 0.05) / (min(text, background) + 0.05) >= 4.5)
        }
    }

    @Test func theBannerUsesDynamicTypeAndTheKeyboardGuide() throws {
        let banner = banner()
        #expect(banner.label.adjustsFontForContentSizeCategory)
        #expect(try #require(banner.button).titleLabel?.adjustsFontForContentSizeCategory == true)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = UIViewController()
        banner.show(in: window)
        #expect(banner.superview === window)
        #expect(!banner.translatesAutoresizingMaskIntoConstraints)
    }

    @Test func anAlertActionsStylesFollowTheRoles() {
        let presentation = ErrorResolver(catalog: .empty, localization: Localization(locale: Locale(identifier: "en")))
            .presentation(for: SyncDelayed())
        let alert = UIKitErrorPresenter.alertController(for: presentation, answering: AnswerSlot())
        #expect(alert.actions.map(\.style) == [.default, .cancel])
    }
}
#endif
