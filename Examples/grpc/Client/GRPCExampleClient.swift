#if GRPC
import GRPCCore
import GRPCExampleRecords
import GRPCNIOTransportHTTP2Posix
import Logging
import Remedy
import RemedyGRPC
import RemedyTerminal

/// `grpc-example-client`: calls `grpc-example-server` as an app would, and lets Remedy present each failed call in
/// the terminal, in the person's language: the server's localized message, its field errors, actions and
/// reference.
///
/// ```
/// swift run --traits GRPC grpc-example-client --server 127.0.0.1:8090 --language de get 8
/// ```
///
/// Commands: `get ID`, `create TITLE YEAR`, `export`, `delete ID`, and `all` for each failing call in turn.
@main
struct GRPCExampleClient {
    static func main() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
            print("gRPC Swift 2 needs macOS 15 or later.")
            return
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        let server = option("--server", in: &arguments) ?? "127.0.0.1:8090"
        let localization = Localization(language: option("--language", in: &arguments) ?? "en")
        let parts = server.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]) else {
            print("--server takes HOST:PORT, such as 127.0.0.1:8090.")
            return
        }
        let root = ErrorScope.root(
            presenter: TerminalPresenter(), localization: localization,
            logger: Logger.stateFile("client.log", tool: "grpc-example-client"))
        try await withGRPCClient(
            transport: .http2NIOPosix(
                target: .ipv4(address: String(parts[0]), port: port), transportSecurity: .plaintext),
            interceptors: [ErrorDetailsClientInterceptor(localization: localization)]
        ) { client in
            let records = Records.Client(wrapping: client)
            let commands =
                arguments == ["all"]
                ? [["get", "8"], ["create", "", "soon"], ["export"], ["delete", "7"]] : [arguments]
            for command in commands {
                await run(command, records, root)
            }
        }
    }

    /// Runs one command; a failed call is presented (no automatic retries: each failure is shown as it is).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(_ command: [String], _ records: Records.Client<some ClientTransport>, _ root: ErrorScope) async {
        print("> \(command.joined(separator: " "))")
        let result: String?
        switch command.first {
        case "get" where command.count == 2:
            result = await root.attempt("Loading the record", retryPolicy: .disabled) {
                try await records.get(command[1])
            }
        case "create" where command.count == 3:
            result = await root.attempt("Creating the record", retryPolicy: .disabled) {
                try await records.create(title: command[1], year: command[2])
            }
        case "export" where command.count == 1:
            result = await root.attempt("Exporting the records", retryPolicy: .disabled) { try await records.export() }
        case "delete" where command.count == 2:
            result = await root.attempt("Deleting the record", retryPolicy: .disabled) {
                try await records.delete(command[1])
                return "deleted"
            }
        default:
            print("Commands: get ID, create TITLE YEAR, export, delete ID, all")
            return
        }
        if let result { print(result) }
    }

    /// The value of an option, removed from the arguments.
    static func option(_ name: String, in arguments: inout [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...index + 1)
        return value
    }
}
#else
import Foundation

/// Without the package trait `GRPC`, the example says how to run it.
@main
struct GRPCExampleClient {
    static func main() {
        let message = """
            grpc-example-client is built only with the package trait GRPC, so that users of Remedy never resolve gRPC \
            Swift. Run it with:
              swift run --traits GRPC grpc-example-client

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(78)  // sysexits.h's EX_CONFIG: built without what it needs
    }
}
#endif
