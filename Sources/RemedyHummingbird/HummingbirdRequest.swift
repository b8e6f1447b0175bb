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
            retryAfter: { node in ErrorTree.value(node, as: HTTPError.self)?.headers[.retryAfter] },
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

/// A failed Hummingbird request, as the shared answering code reads it.
struct HummingbirdRequest<Context: RequestContext>: FailedRequest {
    let request: Request
    let context: Context

    var acceptLanguage: String? { request.headers[.acceptLanguage] }
    var accept: String? { request.headers[.accept] }
    var logger: Logger { context.logger }
    var route: String { context.endpointPath ?? String(request.uri.path.prefix(200)) }
    var method: String { request.method.rawValue }
    var target: String { request.head.path ?? request.uri.description }
    var authority: String? { request.head.authority }

    /// The headers of the `HTTPResponseError` a node is, without those that describe its own body.
    func statedHeaders(of node: any Error) -> HTTPFields {
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
