#if Hummingbird
import HTTPTypes
import Hummingbird
import Logging
import Remedy
import RemedyServer

extension ServerFramework {
    /// Hummingbird's status errors: `HTTPResponseError`s (`HTTPError` above all, read without the runtime's
    /// general cast: a cast to a protocol costs a conformance lookup).
    static let hummingbird: ServerFramework = {
        declareResponseErrorsLeaves
        return ServerFramework(
            statedStatus: { node in
                ErrorTree.value(node, as: HTTPError.self)?.status ?? (node as? any HTTPResponseError)?.status
            },
            statement: { node in
                if let httpError = ErrorTree.value(node, as: HTTPError.self) {
                    return (httpError.status, httpError.headers[.retryAfter])
                }
                return (node as? any HTTPResponseError).map { ($0.status, nil) }
            },
            loneStatus: { error in
                guard let httpError = ErrorTree.value(error, as: HTTPError.self), httpError.headers.isEmpty else {
                    return nil
                }
                return Int(httpError.status.code)
            },
            statusError: { HTTPError(HTTPResponse.Status(code: $0)) }
        )
    }()

    /// An `HTTPResponseError` knows its own response and holds no cause: walks never reflect one.
    private static let declareResponseErrorsLeaves: Void = ErrorTree.declareLeaves {
        $0 is any HTTPResponseError.Type
    }
}

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
            target: prefersPage ? Self.target(of: request) : nil
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
            authority: request.head.authority)
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
