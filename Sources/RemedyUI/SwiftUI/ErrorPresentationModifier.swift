#if canImport(SwiftUI)
import Remedy
import SwiftUI

extension View {
    /// Shows the root scope's presentations around this view and puts the root scope in the environment.
    ///
    /// Apply it to the root view of each window (the content of a `WindowGroup`): each window gets
    /// presentations of its own (``WindowErrorPresentations``), and each presentation shows in the window
    /// the person was last active in. Alerts have one button per option, with its role; banners overlay
    /// the bottom edge; critical errors are a sheet with the app's `route` view.
    ///
    /// ```swift
    /// ContentView()
    ///     .errorPresentation(presenter, root: root) { pending in
    ///         SignInView { pending.choose(.retry) }
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - presenter: The root scope's presenter.
    ///   - root: The root scope, put in the environment as ``SwiftUI/EnvironmentValues/errorScope``.
    ///   - route: The screen of a critical error; it answers through the pending presentation.
    /// - Returns: The view with the alert, the banners and the sheet attached.
    public func errorPresentation<Route: View>(
        _ presenter: SwiftUIErrorPresenter,
        root: ErrorScope,
        @ViewBuilder route: @escaping (PendingPresentation) -> Route
    ) -> some View {
        modifier(ErrorPresentationModifier(presenter: presenter, root: root, route: route))
    }

    /// Shows the root scope's presentations around this view; critical errors are shown as alerts.
    ///
    /// - Parameters:
    ///   - presenter: The root scope's presenter.
    ///   - root: The root scope, put in the environment as ``SwiftUI/EnvironmentValues/errorScope``.
    /// - Returns: The view with the alert and the banners attached.
    public func errorPresentation(_ presenter: SwiftUIErrorPresenter, root: ErrorScope) -> some View {
        errorPresentation(presenter, root: root) { _ in EmptyView() }
    }
}

/// The root modifier: the alert, the banner overlay and the route sheet of one window, bound to what the
/// presenter shows in that window.
struct ErrorPresentationModifier<Route: View>: ViewModifier {
    let presenter: SwiftUIErrorPresenter
    let root: ErrorScope
    let route: (PendingPresentation) -> Route
    // One per window: SwiftUI keeps a view's state for as long as the view (its window) is there.
    @State private var token = WindowToken()
    @Environment(\.scenePhase) private var scenePhase

    init(presenter: SwiftUIErrorPresenter, root: ErrorScope, route: @escaping (PendingPresentation) -> Route) {
        self.presenter = presenter
        self.root = root
        self.route = route
    }

    func body(content: Content) -> some View {
        let window = presenter.presentations(for: token)
        return
            content
            .environment(\.errorScope, root)
            .alert(
                window.alert?.presentation.title ?? "",
                isPresented: Bindable(window).isAlertPresented,
                presenting: window.alert
            ) { pending in
                ForEach(pending.presentation.options, id: \.title) { option in
                    Button(option.title, role: Self.buttonRole(for: option.role)) { pending.choose(option) }
                }
            } message: { pending in
                Text(pending.body)
            }
            .overlay(alignment: .bottom) { BannerStack(presentations: window) }
            .sheet(item: Bindable(window).presentedRoute) { pending in route(pending) }
            .onAppear {
                presenter.windowAppeared(token)
                if scenePhase == .active { presenter.windowBecameActive(token) }
            }
            .onChange(of: scenePhase) {
                if scenePhase == .active { presenter.windowBecameActive(token) }
            }
            .onDisappear { presenter.windowDisappeared(token) }
    }

    /// The button role of an option's role: cancel and destructive keep theirs, the others have none.
    static func buttonRole(for role: RecoveryOption.Role) -> ButtonRole? {
        switch role {
        case .cancel: .cancel
        case .destructive: .destructive
        case .normal, .recommended: nil
        }
    }
}

/// The banners at the bottom edge, each with at most one button.
struct BannerStack: View {
    let presentations: WindowErrorPresentations

    var body: some View {
        VStack(spacing: 8) {
            ForEach(presentations.banners) { banner in
                HStack {
                    Text(banner.presentation.title)
                    if let action = banner.bannerAction {
                        Button(action.title) { banner.choose(action) }
                    }
                }
                .padding()
                .background(.regularMaterial)
            }
        }
        .padding()
    }
}
#endif
