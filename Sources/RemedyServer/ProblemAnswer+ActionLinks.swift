#if Hummingbird || Vapor || OpenAPI || GRPC
import Remedy

/// What keeps an answer safe to act on: every action whose request leads where a client may not go is left out
/// (``ActionLink``), whatever the integration writes the answer as.
extension ProblemAnswer {
    /// The most dropped actions the record names; the rest are counted.
    static let maximumDroppedNamed = 3
    /// The most Unicode scalars of an action's id or `href` the record names.
    static let maximumDroppedLength = 100

    /// Leaves out the actions whose request's `href` a server may not send (``ActionLink/isAllowed(_:authority:allowedOrigins:)``),
    /// and notes them for the record.
    ///
    /// - Parameters:
    ///   - authority: The request's authority (its `Host`); `nil` when unknown.
    ///   - allowedOrigins: The other origins actions may lead to.
    mutating func dropUnsafeActions(authority: String?, allowedOrigins: Set<HTTPOrigin>) {
        // Most answers have no action with a request (Try Again, Sign In without one): nothing to check.
        guard problem.actions.contains(where: { $0.request != nil }) else { return }
        var dropped: [ProblemDetails.Action] = []
        problem.actions.removeAll { action in
            guard let request = action.request,
                !ActionLink.isAllowed(request.href, authority: authority, allowedOrigins: allowedOrigins)
            else { return false }
            dropped.append(action)
            return true
        }
        guard !dropped.isEmpty else { return }
        var named = dropped.prefix(Self.maximumDroppedNamed).map { action in
            "\(Self.bounded(action.id)) \(Self.bounded(action.request?.href ?? ""))"
        }
        if dropped.count > Self.maximumDroppedNamed {
            named.append("and \(dropped.count - Self.maximumDroppedNamed) more")
        }
        droppedActions = named.joined(separator: ", ")
    }

    /// A text of the app's configuration for the one-line record: cut, and its control characters escaped.
    private static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maximumDroppedLength else { return ReportText.escaped(text) }
        return ReportText.escaped(String(String.UnicodeScalarView(scalars.prefix(maximumDroppedLength)))) + "…"
    }
}
#endif
