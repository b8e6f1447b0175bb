import ArgumentParser
import Foundation
import Logging

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

    @Flag(help: "Log at debug level: 4xx answers and each request's handling too, not only 5xx answers.")
    var report = false

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, not \(port).")
        }
    }

    func run() async throws {
        #if Hummingbird
        var logger = Logger(label: "remedy-demo.server") { StreamLogHandler.standardOutput(label: $0) }
        logger.logLevel = report ? .debug : .info
        let application = DemoServer.application(port: port, logger: logger) { port in
            let line = "Listening on http://127.0.0.1:\(port) — GET / lists the failing routes. Ctrl-C stops.\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        try await application.runService()
        #else
        throw ServerTrait.missing(ServerTrait.serveCommand)
        #endif
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

    /// The error of a server part run without the trait: it says how to run it.
    static func missing(_ command: String) -> some Error {
        Missing(command: command)
    }

    private struct Missing: Error, CustomStringConvertible {
        var command: String

        var description: String {
            """
            This build of remedy-demo has no Hummingbird server: it is built only with the package trait \
            Hummingbird, so that users of Remedy never resolve Hummingbird. Run it with:
              \(command)
            """
        }
    }
}
