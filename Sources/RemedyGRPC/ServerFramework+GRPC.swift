#if GRPC
import GRPCCore
import HTTPTypes
import Remedy
import RemedyServer

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension ServerFramework {
    /// gRPC's status error: an `RPCError` a method throws states its status, as Hummingbird's `HTTPError` does,
    /// read as the HTTP status gRPC's mapping guide gives its code (`notFound` 404), with its `retry-after`
    /// metadata.
    ///
    /// Not an `RPCError` that is another service's answer: one that carries gRPC's detailed error model, or whose
    /// cause is the `ProblemDetailsError` ``ErrorDetailsClientInterceptor`` read from it. Relayed, it would tell
    /// this service's client what another service told this one; it is a failure of this server's resources.
    static let grpc = ServerFramework(
        statedStatus: { node in
            statedRPCError(node).map { HTTPResponse.Status(code: RPCStatusMapping.httpStatus(of: $0.code)) }
        },
        statement: { node in
            statedRPCError(node).map {
                (
                    HTTPResponse.Status(code: RPCStatusMapping.httpStatus(of: $0.code)),
                    $0.metadata[stringValues: "retry-after"].first(where: { _ in true })
                )
            }
        },
        loneStatus: { error in
            guard let rpcError = error as? RPCError, rpcError.metadata.isEmpty, rpcError.cause == nil else {
                return nil
            }
            return RPCStatusMapping.httpStatus(of: rpcError.code)
        },
        statusError: { RPCError(code: RPCStatusMapping.code(forHTTPStatus: $0), message: "") }
    )

    /// The `RPCError` a node is, if this service's method threw it to state a status.
    static func statedRPCError(_ node: any Error) -> RPCError? {
        guard let rpcError = node as? RPCError, !rpcError.isAnotherServicesAnswer else { return nil }
        return rpcError
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension RPCError {
    /// The key of gRPC's detailed error model (a serialized `google.rpc.Status`) in the trailing metadata.
    static let statusDetailsKey = "grpc-status-details-bin"

    /// Whether the error carries another service's detailed answer, read or not.
    var isAnotherServicesAnswer: Bool {
        cause is ProblemDetailsError || metadata[binaryValues: Self.statusDetailsKey].contains { _ in true }
    }
}
#endif
