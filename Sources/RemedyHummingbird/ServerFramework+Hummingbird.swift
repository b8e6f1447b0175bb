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
            statusError: { HTTPError(HTTPResponse.Status(code: $0)) },
            reason: { ErrorTree.value($0, as: HTTPError.self)?.body }
        )
    }()

    /// An `HTTPResponseError` knows its own response and holds no cause: walks never reflect one.
    private static let declareResponseErrorsLeaves: Void = ErrorTree.declareLeaves {
        $0 is any HTTPResponseError.Type
    }
}
#endif
