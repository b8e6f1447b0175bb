import Foundation
import Logging

extension ProblemDetailsError {
    /// An action with any other method (`CONNECT`, `TRACE`, the server's own…) is not offered.
    package static let actionMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// The most buttons an alert has, its Cancel included, as Apple's Human Interface Guidelines ask.
    package static let maximumActionOptions = 3
    /// The rest are unread, so a body with thousands of actions costs no more than one with sixteen.
    package static let maximumActionsRead = 16

    /// The server's actions as options, in its order: the first cancel, the first recommended action, then
    /// the others until the alert is full; and whether one of them offers to sign in. Actions left out are
    /// logged.
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

    /// `nil` without a request or a title, or (logged) when its request can't be sent.
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

    /// A redirect (Remedy follows none), or an answer from another origin than the request's.
    static func refusal(of response: ActionTransport.Response, to target: URL) -> ActionRefusal? {
        if let answered = response.url, HTTPOrigin(answered) != HTTPOrigin(target) { return .otherOrigin }
        return (300..<400).contains(response.status) ? .redirect : nil
    }

    /// The absolute URL of an action's `href` when it is on the origin of `base`.
    static func actionURL(_ href: String, base: URL?) -> URL? {
        try? actionTarget(href, base: base).get()
    }

    static func actionTarget(_ href: String, base: URL?) -> Result<URL, ActionRefusal> {
        guard let base, let origin = HTTPOrigin(base) else { return .failure(.noOrigin) }
        guard href.utf8.count <= 2_048, let url = URL(string: href, relativeTo: base)?.absoluteURL,
            let target = HTTPOrigin(url)
        else { return .failure(.notHTTP) }
        return target == origin ? .success(url) : .failure(.otherOrigin)
    }

    /// The server's text in the line is bounded and without line breaks.
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
