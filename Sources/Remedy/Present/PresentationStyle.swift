/// How a presenter shows a ``Presentation``.
///
/// The style follows the error's ``Severity`` unless the error prefers
/// another through ``PresentableError/preferredStyle``.
public enum PresentationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A short, non-blocking notice that dismisses itself.
    case banner
    /// A blocking alert that waits for the person to choose an option.
    case alert
    /// A screen of its own (for example, a sign-in screen), shown on top of what failed.
    case route

    /// Whether the style blocks the presentation queue until the person answers.
    ///
    /// Banners appear alongside other presentations; alerts and routes are shown one at a time.
    package var isBlocking: Bool {
        self != .banner
    }
}
