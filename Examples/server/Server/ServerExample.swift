import ArgumentParser
import Foundation

#if Hummingbird
import Hummingbird
import Logging
import NIOCore
import Remedy
import RemedyTerminal
#endif

/// `server-example`: a Hummingbird server whose routes fail for real, each error answered by Remedy's
/// `ProblemDetailsMiddleware` (see `ExampleServer.swift` for the routes).
@main
struct ServerExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server-example",
        abstract: "A Hummingbird server on 127.0.0.1 whose failing routes are answered by Remedy.",
        discussion: """
            Routes: GET / (this list, for a browser), GET /report (reads report.txt from the data directory: \
            a 500 while it is missing), GET /account (401 with a Sign In action without a session), \
            POST /session (a session token), GET and POST /signup (a form: 422 with each invalid field), \
            POST /notes (JSON: 400 naming the field it can't read, 422 for an empty title).

            API clients get application/problem+json, a browser gets a page; both in the language of \
            Accept-Language. server-example-client presents the answers in a terminal.

            Needs the package trait Hummingbird: \(Self.runCommand)
            """
    )

    /// How to run the example with the trait.
    static let runCommand = "swift run --traits Hummingbird server-example"

    @Option(help: "The port on 127.0.0.1; 0 picks a free one.")
    var port = 8080

    @Option(help: "The folder the server reads report.txt from.")
    var dataDirectory = "server-data"

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, not \(port).")
        }
    }

    func run() async throws {
        #if Hummingbird
        var logger = Logger(label: "server-example") { StreamLogHandler.standardOutput(label: $0) }
        logger.logLevel = .info
        let dataDirectory = URL(fileURLWithPath: dataDirectory, isDirectory: true)
        let application = Application(
            router: ExampleServer.router(dataDirectory: dataDirectory),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "server-example"),
            onServerRunning: { channel in
                // Written at once (not buffered like `print`), so a script waiting for it sees it.
                let line = "Listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            },
            logger: logger
        )
        // The server's own failures — a port another program holds, above all — are told as any error is: by
        // Remedy, in the person's words, and the process ends with the command-line article's status (69).
        let portInUse = MessageError(
            "Another program is listening on port \(port). Stop it, or choose another port with --port.",
            title: "Port \(port) Is in Use",
            category: .externalSystemUnavailable
        )
        let root = ErrorScope.root(
            presenter: TerminalPresenter(), logger: Logger.stateFile("server.log", tool: "server-example"))
        await root.attemptOrExit("Serving on port \(port)", retryPolicy: .disabled) {
            do {
                try await application.runService()
            } catch let error where Self.isAddressInUse(error) {
                // In the operation, not in a rule: the exit status is read from the error the operation threw.
                throw portInUse
            }
        }
        #else
        let message = """
            server-example is built only with the package trait Hummingbird, so that users of Remedy never \
            resolve Hummingbird. Run it with:
              \(Self.runCommand)

            """
        FileHandle.standardError.write(Data(message.utf8))
        throw ExitCode(78)  // sysexits.h's EX_CONFIG: built without what it needs
        #endif
    }

    #if Hummingbird
    /// Whether an error's tree holds SwiftNIO's `IOError` for `EADDRINUSE`, which reads "bind(descriptor:ptr:
    /// bytes:): Address already in use (errno: 98)".
    static func isAddressInUse(_ error: any Error) -> Bool {
        ErrorTree(error).contains { ($0.error as? IOError)?.errnoCode == EADDRINUSE }
    }
    #endif
}
