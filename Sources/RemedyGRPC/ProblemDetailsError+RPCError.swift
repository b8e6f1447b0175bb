#if GRPC
public import Foundation
public import GRPCCore
import GRPCProtobuf
public import Remedy

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension ProblemDetailsError {
    /// The presentable error of a failed gRPC call whose status carries gRPC's detailed error model
    /// (`grpc-status-details-bin`); `nil` when it carries none, or details that can't be read.
    ///
    /// The details are read as the Problem Details members they stand for, by the same decoder and with the same
    /// bounds as an HTTP answer's body, and presented by `ProblemDetailsError` as one: the person reads the
    /// server's `LocalizedMessage` and the title in `ErrorInfo.metadata["title"]`, never the status message,
    /// which is developer text. `ErrorInfo.reason` names the category (`INVALID_INPUT`), `RequestInfo` the
    /// server's reference, `RetryInfo` how long `ErrorScope.attempt(_:retry:operation:)` waits before trying
    /// again, `BadRequest` the field errors (their localized messages only), and the status code the HTTP status
    /// the app's rules see (`unauthenticated` as 401: the app's sign-in rule takes over).
    ///
    /// Each `Help` link is an action that sends `GET` to its URL through `actionTransport`, offered only when the
    /// link is on the origin of `linkBase`; links to other hosts, other schemes (`javascript:`, `data:`) and every
    /// link without `linkBase` are left out and logged. At most 16 links, 64 field violations and the first
    /// 16 KB of each text are read, whatever the server sent.
    ///
    /// - Parameters:
    ///   - rpcError: The call's error.
    ///   - linkBase: The web address whose origin `Help` links may go to; `nil` for none.
    ///   - actionTransport: What sends the requests of link actions. Default: `URLSession.shared`.
    public init?(
        _ rpcError: RPCError,
        linkBase: URL? = nil,
        actionTransport: ActionTransport = .urlSession()
    ) {
        guard let status = try? rpcError.unpackGoogleRPCStatus(), !status.details.isEmpty else { return nil }
        let httpStatus = RPCStatusMapping.httpStatus(of: status.code)
        let members = Self.problemMembers(of: status.details, status: httpStatus)
        guard let body = try? JSONEncoder().encode(ProblemDetails.JSONValue.object(members)),
            let problem = try? ProblemDetails(decoding: body, contentType: ProblemDetails.mediaType)
        else { return nil }
        // The language of the texts, as an HTTP answer's `Content-Language` names it: a server that relays the
        // problem keeps its texts only in its own answer's language.
        let locale = status.details.lazy.compactMap(\.localizedMessage).first?.locale ?? ""
        let headers = Self.isLanguageTag(locale) ? ["Content-Language": locale] : [:]
        self.init(
            problem: problem, status: httpStatus, headers: headers, url: linkBase, actionTransport: actionTransport)
    }

    /// Whether a text reads as a BCP 47 language tag: 1 to 35 letters, digits and hyphens, starting with a letter.
    private static func isLanguageTag(_ text: String) -> Bool {
        guard let first = text.utf8.first, (1...35).contains(text.utf8.count) else { return false }
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        return isLetter(first)
            && text.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// The Problem Details members the details stand for.
    private static func problemMembers(of details: [ErrorDetails], status: Int) -> [String: ProblemDetails.JSONValue] {
        var members: [String: ProblemDetails.JSONValue] = ["status": .number(Double(status))]
        var actions: [ProblemDetails.JSONValue] = []
        if let info = details.lazy.compactMap(\.errorInfo).first {
            members["category"] = .string(bounded(category(reason: info.reason)))
            for (name, key) in [("title", ErrorInfoKey.title), ("severity", ErrorInfoKey.severity)] {
                if let value = info.metadata[key] { members[name] = .string(bounded(value)) }
            }
            if let cause = info.metadata[ErrorInfoKey.causeReference] {
                members["causeReference"] = .string(bounded(cause))
            }
            let readyMade = bounded(info.metadata[ErrorInfoKey.actions] ?? "").split(separator: " ")
            for id in readyMade.prefix(maximumActionsRead) {
                actions.append(.object(["id": .string(String(id)), "title": .string(String(id))]))
            }
        }
        if let message = details.lazy.compactMap(\.localizedMessage).first {
            members["detail"] = .string(bounded(message.message))
        }
        if let request = details.lazy.compactMap(\.requestInfo).first {
            members["reference"] = .string(bounded(request.requestID))
        }
        if let retry = details.lazy.compactMap(\.retryInfo).first {
            members["retryAfter"] = .number(Double(ProblemDetails.wholeSeconds(retry.delay)))
        }
        let links = details.lazy.compactMap(\.help).flatMap(\.links).prefix(maximumActionsRead)
        for link in links where actions.count < maximumActionsRead {
            actions.append(
                .object([
                    "id": .string("help"),
                    "title": .string(bounded(link.linkDescription)),
                    "request": .object(["method": .string("GET"), "href": .string(bounded(link.url))]),
                ]))
        }
        if !actions.isEmpty { members["actions"] = .array(actions) }
        let violations = details.lazy.compactMap(\.badRequest).flatMap(\.violations)
        let fieldErrors = violations.prefix(ProblemDetails.maximumFieldErrors).compactMap {
            violation -> ProblemDetails.JSONValue? in
            // The description is developer text; a person reads only the localized message.
            guard let message = violation.localizedMessage?.message else { return nil }
            return .object(["name": .string(bounded(violation.field)), "detail": .string(bounded(message))])
        }
        if !fieldErrors.isEmpty { members["errors"] = .array(Array(fieldErrors)) }
        return members
    }

    /// A category identifier of an `ErrorInfo.reason`: `INVALID_INPUT` as `invalidInput`.
    static func category(reason: String) -> String {
        var identifier = ""
        var upper = false
        for character in reason.prefix(64) {
            if character == "_" {
                upper = !identifier.isEmpty
            } else {
                identifier += upper ? character.uppercased() : character.lowercased()
                upper = false
            }
        }
        return identifier
    }

    /// The first 16 KB of a text: enough for the longest text a person is shown (1,000 characters of any
    /// script), whatever the server sent. The decoder's bounds then apply as to any answer.
    private static func bounded(_ text: String) -> String {
        let limit = 16 * 1024
        guard text.utf8.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit / 4)))
    }
}
#endif
