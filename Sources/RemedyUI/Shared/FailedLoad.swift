#if canImport(UIKit) || canImport(AppKit) || canImport(SwiftUI)
import Remedy

/// The button of an inline failed-load view: which option it offers and what pressing it does.
enum FailedLoad {
    /// The option the button runs: the recommended one, or none.
    static func option(of presentation: Presentation) -> RecoveryOption? {
        presentation.options.first { $0.role == .recommended }
    }

    /// Runs an option and calls `onRecovered` when it recovered.
    ///
    /// - Returns: The task that runs it. Unstructured, because a button's action can't wait; it ends when
    ///   the option's action does.
    @MainActor
    @discardableResult
    static func run(_ option: RecoveryOption, onRecovered: @escaping @MainActor () -> Void) -> Task<Bool, Never> {
        Task { @MainActor in
            let recovered = (try? await option.perform()) == .recovered
            if recovered { onRecovered() }
            return recovered
        }
    }
}
#endif
