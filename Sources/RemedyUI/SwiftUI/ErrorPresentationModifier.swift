#if canImport(SwiftUI)
import Remedy
import SwiftUI

extension View {
    /// Shows the root scope's presentations around this view and puts the root scope in the environment.
    ///
    /// Alerts come from ``SwiftUIErrorPresenter/alert`` (one button per option, with its role), banners
    /// overlay the bottom edge, and critical errors are a sheet with the app's `route` view.
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

/// The root modifier: the alert, the banner overlay and the route sheet, bound to the presenter.
struct ErrorPresentationModifier<Route: View>: ViewModifier {
    @Bindable var presenter: SwiftUIErrorPresenter
    let root: ErrorScope
    let route: (PendingPresentation) -> Route

    func body(content: Content) -> some View {
        content
            .environment(\.errorScope, root)
            .alert(
                presenter.alert?.presentation.title ?? "",
                isPresented: $presenter.isAlertPresented,
                presenting: presenter.alert
            ) { pending in
                ForEach(pending.presentation.options, id: \.title) { option in
                    Button(option.title, role: Self.buttonRole(for: option.role)) { pending.choose(option) }
                }
            } message: { pending in
                Text(pending.body)
            }
            .overlay(alignment: .bottom) { BannerStack(presenter: presenter) }
            .sheet(item: $presenter.presentedRoute) { pending in route(pending) }
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
    let presenter: SwiftUIErrorPresenter

    var body: some View {
        VStack(spacing: 8) {
            ForEach(presenter.banners) { banner in
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
