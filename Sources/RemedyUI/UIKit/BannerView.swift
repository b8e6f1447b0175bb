#if canImport(UIKit) && !os(watchOS)
import Foundation
import Remedy
import UIKit

/// The view of a banner: the title and message, and at most one button, at the bottom of a window.
///
/// It sits between the safe area's sides, above the keyboard (or the safe area's bottom edge when the
/// keyboard is hidden), in Dynamic Type (its fonts follow the person's text size as it changes); at the
/// accessibility text sizes its button goes under the text instead of beside it. Its colours keep a
/// contrast of at least 4.5:1, text and button alike, in light and dark appearance.
@MainActor
final class BannerView: UIView {
    static let margin: CGFloat = 16

    /// How the banner came on screen: sliding up, or, with Reduce Motion, fading in where it stays.
    enum Entrance {
        case slide
        case fade
    }

    /// The option the button runs, if the banner has one.
    let action: RecoveryOption?
    let label = UILabel(frame: .zero)
    let button: UIButton?
    let stack: UIStackView
    private(set) var entrance: Entrance?
    private var focusObserver: (any NSObjectProtocol)?

    /// The banner's background: near black in light appearance, a dark grey that stands out from a black
    /// screen in dark appearance.
    static let background = UIColor { traits in
        traits.userInterfaceStyle == .dark
            ? UIColor(red: 0.23, green: 0.23, blue: 0.25, alpha: 1)
            : UIColor(red: 0.11, green: 0.11, blue: 0.12, alpha: 1)
    }
    /// The text: white on either background.
    static let text = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// The button's title: a light blue, told apart from the text by its colour and weight.
    static let actionTitle = UIColor(red: 0.45, green: 0.75, blue: 1, alpha: 1)

    /// Creates the banner of a presentation.
    ///
    /// - Parameters:
    ///   - presentation: The minor error's presentation.
    ///   - answer: Called with the banner's option when its button is tapped.
    init(presentation: Presentation, answer: @escaping @MainActor (RecoveryOption) -> Void) {
        action = PresentationLayout.bannerAction(of: presentation)
        label.text = PresentationLayout.announcement(of: presentation)
        label.numberOfLines = 0
        label.textColor = Self.text
        label.font = UIFont.preferredFont(forTextStyle: .subheadline)
        label.adjustsFontForContentSizeCategory = true
        if let action {
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(Self.actionTitle, for: .normal)
            button.titleLabel?.font = UIFont.preferredFont(forTextStyle: .headline)
            button.titleLabel?.adjustsFontForContentSizeCategory = true
            button.addAction(UIAction { _ in answer(action) }, for: .primaryActionTriggered)
            self.button = button
        } else {
            button = nil
        }
        stack = UIStackView(arrangedSubviews: [label] + [button].compactMap { $0 })
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
        backgroundColor = Self.background
        stack.axis = traitCollection.preferredContentSizeCategory.isAccessibilityCategory ? .vertical : .horizontal
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            trailingAnchor.constraint(equalTo: stack.trailingAnchor, constant: 12),
            stack.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: 8),
        ])
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("BannerView is made in code")
    }

    /// Puts the banner at the bottom of a window and brings it in: sliding up, or fading in with Reduce Motion.
    func show(in window: UIWindow) {
        window.addSubview(self)
        let safeArea = window.safeAreaLayoutGuide
        #if os(tvOS)
        let floor = safeArea.bottomAnchor  // tvOS has no on-screen keyboard guide.
        #else
        let floor = window.keyboardLayoutGuide.topAnchor
        #endif
        let bottom = floor.constraint(equalTo: bottomAnchor, constant: Self.margin)
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: Self.margin),
            safeArea.trailingAnchor.constraint(equalTo: trailingAnchor, constant: Self.margin),
            safeArea.topAnchor.constraint(lessThanOrEqualTo: topAnchor, constant: -Self.margin),
            bottom,
        ])
        if UIAccessibility.isReduceMotionEnabled {
            entrance = .fade
            alpha = 0
            UIView.animate(withDuration: 0.2) { self.alpha = 1 }
        } else {
            entrance = .slide
            bottom.constant = -Self.margin * 8  // Below the bottom edge, out of sight.
            window.layoutIfNeeded()
            bottom.constant = Self.margin
            UIView.animate(withDuration: 0.3) { window.layoutIfNeeded() }
        }
    }

    /// Whether VoiceOver's focus is on the banner or one of its elements.
    var containsVoiceOverFocus: Bool {
        let focused = UIAccessibility.focusedElement(using: .notificationVoiceOver) as? UIView
        return focused?.isDescendant(of: self) == true
    }

    /// Calls `leave` at once, or, while VoiceOver's focus is in the banner, once it has left: a person
    /// reading the banner with VoiceOver doesn't have it taken away mid-sentence. The root's scheduler has
    /// answered the banner by then, so its button is dimmed: a choice can't count any more.
    func whenVoiceOverFocusLeaves(_ leave: @escaping @MainActor () -> Void) {
        guard containsVoiceOverFocus else { return leave() }
        button?.isEnabled = false
        focusObserver = NotificationCenter.default.addObserver(
            forName: UIAccessibility.elementFocusedNotification, object: nil, queue: nil
        ) { [weak self] _ in
            // UIKit posts accessibility notifications on the main thread.
            MainActor.assumeIsolated {
                guard let self, !self.containsVoiceOverFocus else { return }
                if let observer = self.focusObserver { NotificationCenter.default.removeObserver(observer) }
                self.focusObserver = nil
                leave()
            }
        }
    }
}
#endif
