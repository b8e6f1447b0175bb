#if Vapor
import HTTPTypes
import Logging
import Remedy
import RemedyServer
import Vapor

extension ServerFramework {
    /// Vapor's status errors: `AbortError`s (`Abort`, the router's `RouteNotFound`), but not `DecodingError`,
    /// which Vapor makes an `AbortError` of 400 for every decoding failure, whoever's data failed. As in
    /// Hummingbird, only a body marked as the request's (``RequestBodyDecoder``, `RequestBodyError`) is the
    /// client's to fix; an unmarked decoding error is read by the catalog like any other.
    static let vapor: ServerFramework = {
        declareAbortErrorsLeaves
        return ServerFramework(
            statedStatus: { node in
                abortError(node).map { HTTPResponse.Status(code: Int($0.status.code)) }
            },
            statement: { node in
                abortError(node).map {
                    (HTTPResponse.Status(code: Int($0.status.code)), $0.headers.first(name: "Retry-After"))
                }
            },
            loneStatus: { error in
                if let abort = error as? Abort {
                    return abort.headers.isEmpty ? Int(abort.status.code) : nil
                }
                return error is RouteNotFound ? 404 : nil
            },
            statusError: { Abort(HTTPResponseStatus(statusCode: $0)) },
            reason: { abortError($0)?.reason }
        )
    }()

    /// The `AbortError` a node is, unless it is a `DecodingError`.
    static func abortError(_ node: any Error) -> (any AbortError)? {
        if let abort = node as? Abort { return abort }
        guard !(node is DecodingError) else { return nil }
        return node as? any AbortError
    }

    /// An `AbortError` states its response and holds no cause: walks never reflect one. A `DecodingError` keeps
    /// its underlying error.
    private static let declareAbortErrorsLeaves: Void = ErrorTree.declareLeaves {
        $0 is any AbortError.Type && $0 != DecodingError.self
    }
}
#endif
