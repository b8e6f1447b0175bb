#if canImport(SwiftUI)
import Remedy
import SwiftUI

/// The inline view of a screen whose first load failed, built on `ContentUnavailableView`: the error's icon,
/// title and message, and a button that runs the recommended option (such as Try Again).
///
/// ```swift
/// if let failure {
///     FailedLoadView(failure) { Task { await model.load() } }
/// }
/// ```
public struct FailedLoadView: View {
    private let presentation: Presentation
    private let onRecovered: @MainActor () -> Void

    /// Creates the view of a failed load.
    ///
    /// - Parameters:
    ///   - presentation: The failed load's presentation, from ``ErrorResolver/presentation(for:)``.
    ///   - onRecovered: Runs after the button's option reported ``RecoveryOutcome/recovered``; load again here.
    public init(_ presentation: Presentation, onRecovered: @escaping @MainActor () -> Void) {
        self.presentation = presentation
        self.onRecovered = onRecovered
    }

    /// The content-unavailable view with the button, if the presentation recommends an option.
    public var body: some View {
        ContentUnavailableView {
            Label(presentation.title, systemImage: presentation.icon.name)
        } description: {
            Text(PresentationLayout.body(of: presentation))
        } actions: {
            if let option = FailedLoad.option(of: presentation) {
                Button(option.title) { FailedLoad.run(option, onRecovered: onRecovered) }
            }
        }
    }
}
#endif
