#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

extension UIContentUnavailableConfiguration {
    /// The inline view of a screen whose first load failed: the error's icon, title and message, and a
    /// button that runs the recommended option (such as Try Again).
    ///
    /// ```swift
    /// contentUnavailableConfiguration = .failedLoad(presentation) { [weak self] in self?.load() }
    /// ```
    ///
    /// When the option recovers, `onRecovered` runs, typically to load again. A presentation without a
    /// recommended option gets no button.
    ///
    /// - Parameters:
    ///   - presentation: The failed load's presentation, from ``ErrorResolver/presentation(for:)``.
    ///   - onRecovered: Runs after the option reported ``RecoveryOutcome/recovered``.
    /// - Returns: The configuration to set as the view controller's `contentUnavailableConfiguration`.
    @MainActor
    public static func failedLoad(
        _ presentation: Presentation,
        onRecovered: @escaping @MainActor () -> Void
    ) -> UIContentUnavailableConfiguration {
        var configuration = UIContentUnavailableConfiguration.empty()
        configuration.image = UIImage(systemName: presentation.icon.name)
        configuration.text = presentation.title
        configuration.secondaryText = PresentationLayout.body(of: presentation)
        if let option = FailedLoad.option(of: presentation) {
            var button = UIButton.Configuration.borderedProminent()
            button.title = option.title
            configuration.button = button
            configuration.buttonProperties.primaryAction = UIAction { _ in
                FailedLoad.run(option, onRecovered: onRecovered)
            }
        }
        return configuration
    }
}
#endif
