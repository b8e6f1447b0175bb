#if Vapor
import NIOCore
import Remedy
import RemedyTerminal
import RemedyVapor
import Vapor

/// `vapor-example`: the Vapor article's app, a Vapor server on 127.0.0.1:8080 whose failing routes are answered
/// by Remedy's `ProblemDetailsMiddleware` (`swift run --traits Vapor vapor-example`; `serve --port 0` picks a free
/// port, as any Vapor app's command line does).
@main
struct VaporExample {
    static func main() async throws {
        var environment = try Environment.detect()
        try LoggingSystem.bootstrap(from: &environment)
        let app = try await Application.make(environment)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 8080
        configure(app)
        do {
            try await app.execute()
        } catch {
            try await app.asyncShutdown()
            // A failure to start — a port another program holds, above all — told by Remedy in the person's
            // words; the process ends with the command-line article's status (69 for the port).
            await ErrorScope.root(presenter: TerminalPresenter()).exit(withError: startFailure(error))
        }
        try await app.asyncShutdown()
    }

    /// A port another program holds, as a person reads it (SwiftNIO's own text is "bind(descriptor:ptr:bytes:):
    /// Address already in use"); any other error as it is.
    static func startFailure(_ error: any Error) -> any Error {
        guard ErrorTree(error).contains(where: { ($0.error as? IOError)?.errnoCode == EADDRINUSE }) else {
            return error
        }
        return MessageError(
            "Another program is listening on the port. Stop it, or choose another port with --port.",
            title: "Port in Use",
            category: .externalSystemUnavailable
        )
    }

    static func configure(_ app: Application) {
        app.middleware = Middlewares()
        app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
        app.middleware.use(ProblemDetailsMiddleware())

        app.get("users", ":id") { request async throws -> String in
            throw Abort(.notFound, reason: "user \(request.parameters.get("id") ?? "?") missing in table users")
        }
        app.post("signup") { request async throws -> HTTPStatus in
            _ = try request.content.decode(Signup.self, using: RequestBodyDecoder(JSONDecoder()))
            return .created
        }
    }
}

/// What `POST /signup` reads.
struct Signup: Content {
    var name: String
    var age: Int
}
#else
import Foundation

/// Without the package trait `Vapor`, the example says how to run it.
@main
struct VaporExample {
    static func main() {
        let message = """
            vapor-example is built only with the package trait Vapor, so that users of Remedy never resolve \
            Vapor. Run it with:
              swift run --traits Vapor vapor-example

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(78)  // sysexits.h's EX_CONFIG: built without what it needs
    }
}
#endif
