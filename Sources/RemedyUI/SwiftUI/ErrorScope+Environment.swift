#if canImport(SwiftUI)
import Remedy
import SwiftUI

/// The environment key of the nearest ``ErrorScope``.
private struct ErrorScopeKey: EnvironmentKey {
    static let defaultValue: ErrorScope? = nil
}

extension EnvironmentValues {
    /// The nearest error scope: the root one from ``SwiftUI/View/errorPresentation(_:root:route:)``, or a
    /// child from ``SwiftUI/View/errorScope(_:rules:)``; `nil` outside both.
    ///
    /// ```swift
    /// @Environment(\.errorScope) private var scope
    /// ```
    public var errorScope: ErrorScope? {
        get { self[ErrorScopeKey.self] }
        set { self[ErrorScopeKey.self] = newValue }
    }
}

extension View {
    /// Places a child scope of the enclosing one in the environment of this view, so errors handled here
    /// carry its name in their path (`"App/Feed"`) and pass through its rules first.
    ///
    /// ```swift
    /// FeedView().errorScope("Feed")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The child scope's name.
    ///   - rules: The child scope's rules.
    /// - Returns: The view with the child scope in its environment.
    public func errorScope(_ name: String, rules: [ErrorRule] = []) -> some View {
        modifier(ErrorScopeModifier(name: name, rules: rules))
    }
}

/// Makes the child scope from the enclosing one, once for the view's life.
struct ErrorScopeModifier: ViewModifier {
    let name: String
    let rules: [ErrorRule]
    @Environment(\.errorScope) private var parent
    // SwiftUI keeps state across renders, so the child is made once, not each time the body is asked for.
    @State private var child = KeptChildScope()

    func body(content: Content) -> some View {
        content.environment(\.errorScope, parent.map { child.scope(under: $0, name: name, rules: rules) })
    }
}

/// The child scope a view keeps: made on first use, made again only under another parent.
final class KeptChildScope {
    private var kept: (parent: ErrorScope, child: ErrorScope)?

    /// The kept child of `parent`, or a new one when there is none or it belongs to another parent.
    func scope(under parent: ErrorScope, name: String, rules: [ErrorRule]) -> ErrorScope {
        if let kept, kept.parent === parent { return kept.child }
        let child = parent.child(name, rules: rules)
        kept = (parent, child)
        return child
    }
}
#endif
