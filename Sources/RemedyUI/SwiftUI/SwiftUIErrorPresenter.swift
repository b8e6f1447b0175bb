#if canImport(SwiftUI)
import Observation
import Remedy
import SwiftUI

#if canImport(Accessibility)
import Accessibility  // AccessibilityNotification
#endif

/// The presenter of a SwiftUI app: it hands each presentation of the root scope to one window, whose
/// ``WindowErrorPresentations`` the root view binds to an alert, a banner overlay and a sheet (see
/// ``SwiftUI/View/errorPresentation(_:root:route:)``).
///
/// Each window (each scene of a `WindowGroup`) that applies the modifier has presentations of its own; the
/// presenter shows each one in the window the person was last active in, so an alert comes up once, in
/// the window in front, rather than in every window. A window that closes answers what it was showing at
/// once, as dismissed.
///
/// ```swift
/// let presenter = SwiftUIErrorPresenter()
/// let root = ErrorScope.root(presenter: presenter)
/// ```
@MainActor
@Observable
public final class SwiftUIErrorPresenter: ErrorPresenter {
    /// What the first window shows (and what shows before any window has appeared).
    public let presentations = WindowErrorPresentations()
    /// The windows that appeared and haven't disappeared, the one last active last.
    @ObservationIgnored private var windows: [(token: WindowToken, presentations: WindowErrorPresentations)] = []

    /// Critical errors get a sheet only when the app gives the root modifier a route view.
    public nonisolated let capabilities: PresenterCapabilities

    /// Creates a presenter.
    ///
    /// - Parameter routes: Whether the app shows critical errors as a screen of their own (passing a `route`
    ///   view to ``SwiftUI/View/errorPresentation(_:root:route:)``); otherwise they are alerts.
    public init(routes: Bool = false) {
        capabilities = routes ? .all : [.alerts, .bannerActions]
    }

    /// The blocking presentation the first window shows as an alert, if any.
    public var alert: PendingPresentation? { presentations.alert }
    /// The critical presentation the first window shows as a sheet, if any.
    public var route: PendingPresentation? { presentations.route }
    /// The banners the first window shows, oldest first.
    public var banners: [PendingPresentation] { presentations.banners }

    /// The first window's alert binding (``WindowErrorPresentations/isAlertPresented``).
    public var isAlertPresented: Bool {
        get { presentations.isAlertPresented }
        set { presentations.isAlertPresented = newValue }
    }

    /// The first window's route binding (``WindowErrorPresentations/presentedRoute``).
    public var presentedRoute: PendingPresentation? {
        get { presentations.presentedRoute }
        set { presentations.presentedRoute = newValue }
    }

    /// Shows a presentation in the window last active and answers with the person's choice, or `nil` when
    /// it was withdrawn or its window closed.
    ///
    /// - Parameter presentation: What to show.
    /// - Returns: The chosen option, or `nil`.
    public func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        let window = windows.last?.presentations ?? presentations
        if presentation.style == .banner {
            AccessibilityNotification.Announcement(PresentationLayout.announcement(of: presentation)).post()
        }
        return await window.show(presentation, routes: capabilities.contains(.routes))
    }

    // MARK: - Windows

    /// What a window shows: its own presentations once it has appeared, the first window's before.
    func presentations(for token: WindowToken) -> WindowErrorPresentations {
        windows.first { $0.token === token }?.presentations ?? presentations
    }

    /// A window appeared: the first one shows ``presentations``, each other one presentations of its own.
    func windowAppeared(_ token: WindowToken) {
        guard !windows.contains(where: { $0.token === token }) else { return }
        let claimed = windows.contains { $0.presentations === presentations }
        windows.append((token, claimed ? WindowErrorPresentations() : presentations))
    }

    /// A window became active: the next presentations go to it.
    func windowBecameActive(_ token: WindowToken) {
        guard let index = windows.firstIndex(where: { $0.token === token }) else { return }
        windows.append(windows.remove(at: index))
    }

    /// A window disappeared (its scene closed): what it shows is answered at once, as dismissed.
    func windowDisappeared(_ token: WindowToken) {
        guard let index = windows.firstIndex(where: { $0.token === token }) else { return }
        windows.remove(at: index).presentations.closeAll()
    }
}

/// Tells one window's modifier apart from another's; kept in the modifier's state.
@MainActor
final class WindowToken {}
#endif
