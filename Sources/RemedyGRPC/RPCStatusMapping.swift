#if GRPC
import GRPCCore

/// gRPC's status codes and HTTP's statuses, mapped both ways as gRPC's HTTP mapping guide maps them
/// (`google.rpc.Code`), so a gRPC answer and a Problem Details answer to the same failure say the same.
///
/// The server answers with Problem Details' status of a failure (422 for invalid input, 503 for a service
/// unavailable for now…) and sends the gRPC code of that status; a client turns a gRPC code back into the status
/// a `ProblemDetailsError` carries, so the app's rules for HTTP statuses (401 → sign in) see gRPC failures too.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
package enum RPCStatusMapping {
    /// The gRPC code of an answer's HTTP status: 400 and 422 `invalidArgument`, 401 `unauthenticated`, 403
    /// `permissionDenied`, 404 `notFound`, 409 `aborted`, 412 `failedPrecondition`, 429 `resourceExhausted`, 499
    /// `cancelled`, 501 `unimplemented`, 503 `unavailable`, 504 `deadlineExceeded`, any other 5xx `internalError`,
    /// and any other 4xx `failedPrecondition` (the request can't be served as it is).
    package static func code(forHTTPStatus status: Int) -> RPCError.Code {
        switch status {
        case 400, 422: .invalidArgument
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .notFound
        case 408: .deadlineExceeded
        case 409: .aborted
        case 412: .failedPrecondition
        case 429: .resourceExhausted
        case 499: .cancelled
        case 501: .unimplemented
        case 503: .unavailable
        case 504: .deadlineExceeded
        case 400..<500: .failedPrecondition
        default: .internalError
        }
    }

    /// The HTTP status of a gRPC code, as the mapping guide gives it (`failedPrecondition` as 412, so it comes
    /// back as it went).
    package static func httpStatus(of code: RPCError.Code) -> Int {
        switch code {
        case .cancelled: 499
        case .invalidArgument, .outOfRange: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .failedPrecondition: 412
        case .unimplemented: 501
        case .unavailable: 503
        case .unauthenticated: 401
        default: 500
        }
    }
}
#endif
