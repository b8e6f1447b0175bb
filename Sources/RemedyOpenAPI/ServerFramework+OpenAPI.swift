#if OpenAPI
import HTTPTypes
import OpenAPIRuntime
import Remedy
import RemedyServer

extension ServerFramework {
    /// swift-openapi-runtime's status errors: `HTTPResponseConvertible`, which a handler's own error may adopt to
    /// state its status and headers, as the runtime's own errors do.
    ///
    /// There is no lone status error to answer from answers made once: a generated server states its
    /// statuses through the document's outputs, and an error conforms only when an app makes it.
    static let openAPI = ServerFramework(
        statedStatus: { node in (node as? any HTTPResponseConvertible)?.httpStatus },
        statement: { node in
            (node as? any HTTPResponseConvertible).map { ($0.httpStatus, $0.httpHeaderFields[.retryAfter]) }
        },
        loneStatus: { _ in nil },
        statusError: { HTTPStatusError(status: $0) }
    )
}
#endif
