#if GRPC
import Foundation
import GRPCCore
import GRPCProtobuf
import Remedy
import RemedyServer

/// The keys of `ErrorInfo.metadata` that carry what gRPC's detailed error model has no message for.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ErrorInfoKey {
    /// The answer's title, in the language of its `LocalizedMessage`.
    static let title = "title"
    /// The answer's severity: `minor`, `major` or `critical`.
    static let severity = "severity"
    /// The ids of Remedy's ready-made actions the answer offers, separated by spaces: `retry`, `signIn`.
    static let actions = "actions"
    /// The reference of the failure in a service this one called that caused this one: each answer has a
    /// reference of its own, and names the one it received as its cause.
    static let causeReference = "causeReference"
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension GoogleRPCStatus {
    /// gRPC's detailed error model of a Problem Details answer: the code of its status, and its texts, actions,
    /// reference, field errors and retry delay as the standard error details.
    ///
    /// - `LocalizedMessage`: the message (the detail, else the title) in the answer's language.
    /// - `ErrorInfo`: the domain, the category as the reason (`INVALID_INPUT`), and in its metadata the title,
    ///   the severity, the ready-made actions and the cause reference.
    /// - `RequestInfo`: the reference as the request id.
    /// - `RetryInfo`: the retry delay.
    /// - `BadRequest`: a violation per field error, its message as the localized message too.
    /// - `Help`: a link per action whose request is a `GET` the server may send (``ActionLink``: relative, resolved
    ///   against `linkBase`, on `linkBase`'s authority, or of an allowed origin), a page a person can open; other
    ///   actions have no place in gRPC's model and stay out.
    ///
    /// - Parameters:
    ///   - problem: The answer.
    ///   - code: The gRPC code of the answer's status.
    ///   - language: The language of the answer's texts (its `Content-Language`).
    ///   - domain: `ErrorInfo.domain`.
    ///   - linkBase: The web address the service's action links are on; without it, no `Help` link is sent.
    ///   - allowedOrigins: The other origins a link may lead to (``ProblemDetailsConfiguration/allowedActionOrigins``).
    init(
        answering problem: ProblemDetails,
        code: RPCError.Code,
        language: String,
        domain: String,
        linkBase: URL?,
        allowedOrigins: Set<HTTPOrigin> = []
    ) {
        let title = problem.title ?? ""
        let message = problem.detail ?? title
        var info: [String: String] = [:]
        if !title.isEmpty { info[ErrorInfoKey.title] = title }
        if let severity = problem.severity { info[ErrorInfoKey.severity] = severity.description }
        let readyMade = problem.actions.map(\.id).filter {
            [ProblemDetails.Action.retryID, ProblemDetails.Action.signInID].contains($0)
        }
        if !readyMade.isEmpty { info[ErrorInfoKey.actions] = readyMade.joined(separator: " ") }
        if let cause = problem.causeReference { info[ErrorInfoKey.causeReference] = cause.description }
        var details: [ErrorDetails] = [
            .errorInfo(
                reason: Self.reason(of: problem.category ?? .unknown), domain: domain, metadata: info),
            .localizedMessage(locale: language, message: message),
        ]
        if let reference = problem.supportReference {
            details.append(.requestInfo(requestID: reference.description, servingData: ""))
        }
        if let retryAfter = problem.retryAfter { details.append(.retryInfo(delay: retryAfter)) }
        if !problem.fieldErrors.isEmpty {
            details.append(
                .badRequest(
                    violations: problem.fieldErrors.map { fieldError in
                        let path = fieldError.path.joined(separator: ".")
                        return ErrorDetails.BadRequest.FieldViolation(
                            field: path.isEmpty ? fieldError.field : path,
                            description: fieldError.message,
                            reason: "",
                            localizedMessage: ErrorDetails.LocalizedMessage(
                                locale: language, message: fieldError.message)
                        )
                    }))
        }
        let links = problem.actions.compactMap {
            Self.helpLink(for: $0, base: linkBase, allowedOrigins: allowedOrigins)
        }
        if !links.isEmpty { details.append(.help(links: links)) }
        let developerMessage = [problem.title, problem.detail].compactMap { $0 }.joined(separator: ": ")
        self.init(code: code, message: developerMessage, details: details)
    }

    /// A category's identifier as `ErrorInfo.reason` writes one: `invalidInput` as `INVALID_INPUT`.
    static func reason(of category: ErrorCategory) -> String {
        var reason = ""
        for character in category.identifier {
            if character.isUppercase, !reason.isEmpty { reason.append("_") }
            reason += character.isLetter || character.isNumber ? character.uppercased() : "_"
        }
        return reason
    }

    /// The link of an action a person can open: a `GET` whose `href` the server may send (``ActionLink``, the rule
    /// of every answer), relative references resolved against `base`; `nil` for any other action, and without
    /// `base`.
    static func helpLink(
        for action: ProblemDetails.Action,
        base: URL?,
        allowedOrigins: Set<HTTPOrigin> = []
    ) -> ErrorDetails.Help.Link? {
        guard let base, let host = base.host, let request = action.request, request.method == "GET",
            ActionLink.isAllowed(
                request.href, authority: base.port.map { "\(host):\($0)" } ?? host, allowedOrigins: allowedOrigins),
            let url = URL(string: request.href, relativeTo: base)?.absoluteURL
        else { return nil }
        return ErrorDetails.Help.Link(url: url.absoluteString, description: action.title)
    }
}
#endif
