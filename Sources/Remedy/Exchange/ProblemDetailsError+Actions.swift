import Foundation
import Logging

extension ProblemDetailsError {
    /// The HTTP methods an action's request may use: `GET`, `POST`, `PUT`, `PATCH` and `DELETE`. An action
    /// with any other method (`CONNECT`, `TRACE`, a method of the server's own…) is not offered, and the
    /// refusal is logged.
    package static let actionMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// The most buttons a server's actions give the alert, its Cancel included: 3, the most Apple's Human
    /// Interface Guidelines give an alert.
    ///
    /// Of the server's actions (only the first ``maximumActionsRead`` are read), the options kept are the
    /// first cancel, the first recommended action, then the others in the server's order until the alert
    /// holds three buttons with its Cancel (which the ``Presentation`` adds when the server sent none). They
    /// keep the server's order. The actions left out are logged at `debug`.
    package static let maximumActionOptions = 3

    /// The most actions of a problem that are read: 16. The rest are left out, unread, so a body with
    /// thousands of actions costs no more than one with sixteen.
    package static let maximumActionsRead = 16

    /// The server's actions as options, bounded (see ``maximumActionOptions``), and whether one of them
    /// offers to sign in. Actions that can't be offered are left out and logged.
    static func options(
        for actions: [ProblemDetails.Action],
        base: URL?,
        transport: ActionTransport
    ) -> (options: [RecoveryOption], offersSignIn: Bool) {
        var offersSignIn = false
        // Each option with its place among the server's actions, which the kept ones keep.
        var cancel: (position: Int, option: RecoveryOption)?
        var others: [(position: Int, option: RecoveryOption)] = []
        for (position, action) in actions.prefix(maximumActionsRead).enumerated() {
            let option: RecoveryOption
            switch action.id {
            case ProblemDetails.Action.retryID:
                option = .retry
            case ProblemDetails.Action.cancelID:
                option = .cancel
            case ProblemDetails.Action.signInID:
                offersSignIn = true
                continue
            default:
                guard let link = linkOption(for: action, base: base, transport: transport) else { continue }
                option = link
            }
            if option.role == .cancel, cancel == nil {
                cancel = (position, option)
            } else {
                others.append((position, option))
            }
        }
        // The first recommended option, then the others in order, until the alert is full: one of its buttons
        // is the Cancel, the server's or the one the presentation adds.
        var chosen: [(position: Int, option: RecoveryOption)] = []
        if let recommended = others.firstIndex(where: { $0.option.role == .recommended }) {
            chosen.append(others.remove(at: recommended))
        }
        let room = max(0, maximumActionOptions - 1 - chosen.count)
        chosen += others.prefix(room)
        let left = others.dropFirst(room).map { $0.option.id ?? $0.option.title }
        let unread = max(0, actions.count - maximumActionsRead)
        if !left.isEmpty || unread > 0 {
            transport.refusalLogger.debug(
                "Left Problem Details actions out of a full alert",
                metadata: [
                    "refused": "\(ActionRefusal.alertFull)",
                    "actions": "\(left.prefix(8).map { displayText($0, maximumLength: 64) ?? "" })",
                    "unread": "\(unread)",
                ]
            )
        }
        let kept = (cancel.map { [$0] } ?? []) + chosen
        return (kept.sorted { $0.position < $1.position }.map(\.option), offersSignIn)
    }

    /// The option that performs a link action; `nil` when it has no request or no title, or (logged) when its
    /// request can't be sent: another origin, no origin to check against, a method not in ``actionMethods``.
    private static func linkOption(
        for action: ProblemDetails.Action,
        base: URL?,
        transport: ActionTransport
    ) -> RecoveryOption? {
        guard let request = action.request,
            let title = displayText(action.title, maximumLength: maximumActionTitleLength)
        else { return nil }
        let method = request.method.uppercased()
        let target: URL
        switch actionTarget(request.href, base: base) {
        case .success(let url) where actionMethods.contains(method):
            target = url
        case .success:
            logRefusal(.methodNotAllowed, action: action.id, method: method, url: request.href, transport: transport)
            return nil
        case .failure(let refusal):
            logRefusal(refusal, action: action.id, method: method, url: request.href, transport: transport)
            return nil
        }
        let id = action.id
        return RecoveryOption(id: id, title: title, role: action.role) {
            let response = try await transport.send(method: method, url: target)
            if let refusal = refusal(of: response, to: target) {
                // Where the answer would lead: the redirect's Location, or where an answer came from.
                let leadsTo =
                    refusal == .redirect ? response.header("Location") : response.url?.absoluteString
                logRefusal(
                    refusal, action: id, method: method, url: leadsTo ?? "", status: response.status,
                    transport: transport)
                throw HTTPStatusError(status: response.status, headers: response.headers, url: response.url ?? target)
            }
            if (200..<300).contains(response.status) { return .recovered }
            throw error(
                status: response.status,
                header: { response.header($0) },
                body: response.body,
                url: target,
                actionTransport: transport
            )
        }
    }

    /// Why an action's answer is not taken as it is: it is a redirect (Remedy follows none), or it came
    /// from another origin than the request's; `nil` for an answer to take.
    static func refusal(of response: ActionTransport.Response, to target: URL) -> ActionRefusal? {
        if let answered = response.url, HTTPOrigin(answered) != HTTPOrigin(target) { return .otherOrigin }
        return (300..<400).contains(response.status) ? .redirect : nil
    }

    /// The absolute URL of an action's `href`, when it can be sent: `http` or `https`, on the origin of
    /// `base` (scheme, host and port; default ports filled in, host in any case); `nil` otherwise, always
    /// when `base` is unknown.
    static func actionURL(_ href: String, base: URL?) -> URL? {
        try? actionTarget(href, base: base).get()
    }

    /// The absolute URL of an action's `href`, or why it is refused.
    static func actionTarget(_ href: String, base: URL?) -> Result<URL, ActionRefusal> {
        guard let base, let origin = HTTPOrigin(base) else { return .failure(.noOrigin) }
        guard href.utf8.count <= 2_048, let url = URL(string: href, relativeTo: base)?.absoluteURL,
            let target = HTTPOrigin(url)
        else { return .failure(.notHTTP) }
        return target == origin ? .success(url) : .failure(.otherOrigin)
    }

    /// Logs one refusal on one line, at `info`: the server's text in it is bounded and without line breaks.
    private static func logRefusal(
        _ refusal: ActionRefusal,
        action id: String,
        method: String,
        url: String,
        status: Int? = nil,
        transport: ActionTransport
    ) {
        var metadata: Logger.Metadata = [
            "refused": "\(refusal)",
            "actionID": "\(displayText(id, maximumLength: 64) ?? "")",
            "method": "\(displayText(method, maximumLength: 16) ?? "")",
            "url": "\(displayText(url, maximumLength: 200) ?? "")",
        ]
        if let status { metadata["status"] = "\(status)" }
        transport.refusalLogger.info("Refused a Problem Details action", metadata: metadata)
    }
}
