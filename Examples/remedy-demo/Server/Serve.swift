import ArgumentParser
import Foundation
import Logging
import Remedy
import RemedyTerminal

#if Hummingbird
import Hummingbird
#endif

/// `remedy-demo serve --port N`: the demo's Hummingbird server, on 127.0.0.1, until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remedy-demo serve",
        abstract: "Runs the demo's Hummingbird server on 127.0.0.1; every failing route answers Problem Details.",
        discussion: """
            GET / lists the failing routes as JSON. Each error is answered as application/problem+json in \
            the language of the request's Accept-Language. Its developer report is logged on standard output \
            with the request's id and the support reference (5xx answers always, 4xx with --report), and \
            never sent.

            Needs the package trait Hummingbird: \(ServerTrait.serveCommand)
            """
    )

    @Option(help: "The port on 127.0.0.1.")
    var port: Int = 8080

    @Flag(help: "Log at debug level: each request's handling, and the developer report of 4xx answers too.")
    var report = false

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, not \(port).")
        }
    }

    func run() async throws {
        #if Hummingbird
        let text = DemoText(.default)
        var logger = Logger(label: "remedy-demo.server") { StreamLogHandler.standardOutput(label: $0) }
        logger.logLevel = report ? .debug : .info
        let application = DemoServer.application(port: port, logger: logger) { port in
            let line = text("demo.server.listening", "http://127.0.0.1:\(port)") + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        // The server's own failures — a port another program holds, above all — are shown as any other
        // error: by Remedy, in the person's words, with the details in the log; the process then ends with
        // the command-line article's status (69, unavailable, for the port).
        let portInUse = MessageError(
            text("demo.serve.portInUse.message", port),
            title: text("demo.serve.portInUse.title"),
            category: .externalSystemUnavailable
        )
        let root = ErrorScope.root("Serve", presenter: TerminalPresenter(), logger: logger)
        await root.attemptOrExit("Serving on port \(port)", retryPolicy: .disabled) {
            do {
                try await application.runService()
            } catch let error where Self.isAddressInUse(error) {
                // In the operation, not in a rule: the exit status is read from the error the operation threw.
                throw portInUse
            }
        }
        #else
        // Said as any error is: by Remedy, in the person's words.
        let root = ErrorScope.root("Serve", presenter: TerminalPresenter())
        _ = await root.handle(ServerTrait.missing(ServerTrait.serveCommand, text: DemoText(.default))).value
        throw ExitCode.failure
        #endif
    }

    /// Whether an error's tree holds `EADDRINUSE`: a POSIX error, or an error that holds the errno in a
    /// case or field named `errno` (SwiftNIO's `IOError`, whose text is `bind(descriptor:ptr:bytes:):
    /// Address already in use`; the demo doesn't import NIOCore for one type).
    static func isAddressInUse(_ error: any Error) -> Bool {
        func holdsErrno(_ value: Any, depth: Int) -> Bool {
            Mirror(reflecting: value).children.contains { child in
                (child.label == "errno" && (child.value as? Int32) == EADDRINUSE)
                    || (depth > 1 && holdsErrno(child.value, depth: depth - 1))
            }
        }
        return ErrorTree(error).contains { node in
            let error = node.error as NSError
            if error.domain == NSPOSIXErrorDomain && error.code == Int(EADDRINUSE) { return true }
            return holdsErrno(node.error, depth: 3)
        }
    }
}

/// What the server parts of the demo need, and what to say without it.
enum ServerTrait {
    /// How to run `serve` with the trait.
    static let serveCommand = "swift run --traits Hummingbird remedy-demo serve --port 8080"
    /// How to run the `server` scenario with the trait.
    static let scenarioCommand = "swift run --traits Hummingbird remedy-demo server"

    /// Whether this build has the server parts.
    static var isAvailable: Bool {
        #if Hummingbird
        true
        #else
        false
        #endif
    }

    /// The error of a server part run without the trait: it says how to run it, to a person (presented by
    /// Remedy) and to ArgumentParser (its description).
    static func missing(_ command: String, text: DemoText) -> some Error {
        Missing(command: command, text: text)
    }

    private struct Missing: PresentableError, CustomStringConvertible {
        var command: String
        var text: DemoText

        var title: String? { text("demo.server.missing.title") }
        var message: String { text("demo.menu.serverMissing") + "\n" + command }
        var category: ErrorCategory { .invalidInput }

        var description: String {
            """
            This build of remedy-demo has no Hummingbird server: it is built only with the package trait \
            Hummingbird, so that users of Remedy never resolve Hummingbird. Run it with:
              \(command)
            """
        }
    }
}
