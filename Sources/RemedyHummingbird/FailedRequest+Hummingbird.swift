#if Hummingbird
import HTTPTypes
import Hummingbird
import Logging
import Remedy
import RemedyServer

extension FailedRequest {
    /// A failed Hummingbird request: its headers, its context's logger (which carries the request id), and
    /// what the answer needs of it.
    ///
    /// The request is borrowed: an initializer would otherwise take a copy of it, for every failed request.
    init(_ request: borrowing Request, context: borrowing some RequestContext, servesPages: Bool, hasRules: Bool) {
        let prefersPage = Self.prefersPage(accept: request.headers[.accept], servesPages: servesPages)
        self.init(
            acceptLanguage: request.headers[.acceptLanguage],
            prefersPage: prefersPage,
            logger: context.logger,
            route: hasRules ? Self.route(of: request, context: context) : "",
            target: prefersPage ? Self.target(of: request) : nil,
            authority: request.head.authority
        )
    }

    /// The route as the app's rules see it: the matched endpoint, or the path.
    static func route(of request: Request, context: some RequestContext) -> String {
        context.endpointPath ?? String(request.uri.path.prefix(200))
    }

    /// What a page's Try Again sends for a Hummingbird request.
    static func target(of request: Request) -> Target {
        Target(
            method: request.method.rawValue, path: request.head.path ?? request.uri.description,
            authority: request.head.authority, referer: request.headers[.referer])
    }

    /// The headers of the `HTTPResponseError` a node is, without those that describe its own body.
    static func statedHeaders(of node: any Error, request: Request, context: some RequestContext) -> HTTPFields {
        if let httpError = ErrorTree.value(node, as: HTTPError.self) {
            return httpError.headers.keptForAnswer
        }
        guard let failure = node as? any HTTPResponseError,
            let response = try? failure.response(from: request, context: context)
        else { return HTTPFields() }
        return response.headers.keptForAnswer
    }
}
#endif
