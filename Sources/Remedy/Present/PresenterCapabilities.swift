/// What a presenter can show, so the root shows each presentation in a way the person can act on.
///
/// A presentation's style follows its severity: a minor failure is a banner. But a banner that needs an
/// answer (Try Again after a refused connection) is useless where banners carry no buttons, as in a
/// terminal. The root reads the presenter's capabilities and shows such a presentation as an alert
/// instead; a screen of its own (a route) becomes an alert where there are no routes.
///
/// ```swift
/// struct ToastPresenter: ErrorPresenter {
///     // Toasts with buttons, alerts, but no screens of their own.
///     var capabilities: PresenterCapabilities { [.alerts, .bannerActions] }
///     func present(_ presentation: Presentation) async throws -> RecoveryOption? { … }
/// }
/// ```
///
/// A presenter that can't ask at all (a server that answers with Problem Details) says `[]`: its
/// presentations keep their style, and its answer is the fallback option.
public struct PresenterCapabilities: OptionSet, Sendable, Hashable {
    /// The capabilities as bits.
    public let rawValue: Int

    /// Creates capabilities from a raw value.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Alerts that wait for the person's choice among the options.
    public static let alerts = PresenterCapabilities(rawValue: 1 << 0)
    /// Banners that carry the options as buttons.
    public static let bannerActions = PresenterCapabilities(rawValue: 1 << 1)
    /// Screens of their own (``PresentationStyle/route``), such as a sign-in screen.
    public static let routes = PresenterCapabilities(rawValue: 1 << 2)

    /// Everything: alerts, banners with actions and routes. The default of ``ErrorPresenter``.
    public static let all: PresenterCapabilities = [.alerts, .bannerActions, .routes]

    package func style(for presentation: Presentation) -> PresentationStyle {
        guard contains(.alerts) else { return presentation.style }
        switch presentation.style {
        case .banner where !contains(.bannerActions):
            return presentation.options.contains { !$0.isAcknowledgement } ? .alert : .banner
        case .route where !contains(.routes):
            return .alert
        case .banner, .alert, .route:
            return presentation.style
        }
    }
}
