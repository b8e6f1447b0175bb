#if canImport(UIKit) && !os(watchOS)
import Foundation
import Remedy
import UIKit

/// The view of a banner: the title and message, and at most one button, at the bottom of a window.
@MainActor
final class BannerView: UIView {
    static let height: CGFloat = 72
    static let margin: CGFloat = 16

    /// The option the button runs, if the banner has one.
    let action: RecoveryOption?

    /// Creates the banner of a presentation, placed at the bottom of `bounds`.
    ///
    /// - Parameters:
    ///   - presentation: The minor error's presentation.
    ///   - bounds: The bounds of the window it goes into.
    ///   - answer: Called with the banner's option when its button is tapped.
    init(presentation: Presentation, in bounds: CGRect, answer: @escaping @MainActor (RecoveryOption) -> Void) {
        action = PresentationLayout.bannerAction(of: presentation)
        super.init(
            frame: CGRect(
                x: Self.margin,
                y: bounds.height - Self.height - Self.margin,
                width: max(bounds.width - 2 * Self.margin, 0),
                height: Self.height
            )
        )
        autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        backgroundColor = .darkGray

        let buttonWidth: CGFloat = action == nil ? 0 : 120
        let label = UILabel(frame: CGRect(x: 12, y: 8, width: frame.width - 24 - buttonWidth, height: Self.height - 16))
        label.autoresizingMask = [.flexibleWidth]
        label.numberOfLines = 2
        label.textColor = .white
        label.text = PresentationLayout.announcement(of: presentation)
        addSubview(label)

        if let action {
            let button = UIButton(type: .system)
            button.frame = CGRect(x: frame.width - buttonWidth - 12, y: 8, width: buttonWidth, height: Self.height - 16)
            button.autoresizingMask = [.flexibleLeftMargin]
            button.setTitle(action.title, for: .normal)
            button.addAction(UIAction { _ in answer(action) }, for: .primaryActionTriggered)
            addSubview(button)
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("BannerView is made in code")
    }
}
#endif
