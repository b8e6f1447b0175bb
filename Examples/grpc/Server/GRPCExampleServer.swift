#if GRPC
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import RemedyGRPC

/// `grpc-example-server`: a gRPC server on 127.0.0.1 whose methods fail for real, answered by RemedyGRPC's
/// `ErrorDetailsServerInterceptor` with gRPC's detailed error model (`swift run --traits GRPC grpc-example-server
/// --port 8090`; `--port 0` picks a free port). It prints the address it listens on, then serves until stopped.
@main
struct GRPCExampleServer {
    static func main() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
            print("gRPC Swift 2 needs macOS 15 or later.")
            return
        }
        let arguments = CommandLine.arguments
        let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments.dropFirst($0 + 1).first ?? "") } ?? 8090
        let logger = Logger(label: "grpc-example-server")
        let server = GRPCServer(
            transport: .http2NIOPosix(
                address: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext),
            services: [RecordsService()],
            // The service writes its own texts in the language of each call's answer.
            interceptors: [
                ErrorDetailsServerInterceptor(ProblemDetailsConfiguration(appTextLanguage: nil), logger: logger)
            ]
        )
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await server.serve() }
            guard let address = try await server.listeningAddress?.ipv4 else { return server.beginGracefulShutdown() }
            // Unbuffered: whoever started the server reads it through a pipe now, not when a buffer fills.
            FileHandle.standardOutput.write(
                Data("Listening on http://\(address.host):\(address.port) (gRPC, HTTP/2 without TLS)\n".utf8))
        }
    }
}
#else
import Foundation

/// Without the package trait `GRPC`, the example says how to run it.
@main
struct GRPCExampleServer {
    static func main() {
        let message = """
            grpc-example-server is built only with the package trait GRPC, so that users of Remedy never resolve gRPC \
            Swift. Run it with:
              swift run --traits GRPC grpc-example-server

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(78)  // sysexits.h's EX_CONFIG: built without what it needs
    }
}
#endif
