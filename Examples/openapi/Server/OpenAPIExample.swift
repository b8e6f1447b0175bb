import ArgumentParser
import Foundation

#if OpenAPI
import Hummingbird
import Logging
import OpenAPIHummingbird
import Remedy
import RemedyOpenAPI
import RemedyTerminal
#endif

/// `openapi-example`: a server generated from `Examples/openapi/openapi.yaml` by swift-openapi-generator, on
/// swift-openapi-hummingbird, whose operations fail for real, each error answered by RemedyOpenAPI's
/// `ProblemDetailsMiddleware` (see `RecordsService.swift` for the operations).
@main
struct OpenAPIExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi-example",
        abstract: "An OpenAPI server on 127.0.0.1 whose failing operations are answered by Remedy.",
        discussion: """
            Operations (Examples/openapi/openapi.yaml): GET /records/{id} (404 for a record that doesn't exist), \
            POST /records (422 naming each invalid field), GET /forecast (503 with Retry-After: the forecast \
            service it calls is overloaded), GET /account (401 without a session).

            Every answer is application/problem+json in the language of Accept-Language. openapi-example-client \
            presents the answers in a terminal.

            Needs the package trait OpenAPI: \(Self.runCommand)
            """
    )

    /// How to run the example with the trait.
    static let runCommand = "swift run --traits OpenAPI openapi-example"

    @Option(help: "The port on 127.0.0.1; 0 picks a free one.")
    var port = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, not \(port).")
        }
    }

    func run() async throws {
        #if OpenAPI
        var logger = Logger(label: "openapi-example") { StreamLogHandler.standardOutput(label: $0) }
        logger.logLevel = .info
        let forecasts = ForecastService()
        let router = Router()
        // The forecast service the records service depends on, overloaded: a plain route outside the document,
        // called over loopback like any other service.
        router.get(RouterPath(ForecastService.path)) { _, _ -> Response in
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "30"])
        }
        try RecordsService(forecasts: forecasts).registerHandlers(
            on: router,
            middlewares: [ProblemDetailsMiddleware(RecordsService.problemConfiguration, logger: logger)]
        )
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "openapi-example"),
            onServerRunning: { channel in
                let address = "http://127.0.0.1:\(channel.localAddress?.port ?? port)"
                await forecasts.setAddress(URL(string: address + ForecastService.path))
                // Written at once (not buffered like `print`), so a script waiting for it sees it.
                FileHandle.standardOutput.write(Data("Listening on \(address)\n".utf8))
            },
            logger: logger
        )
        let root = ErrorScope.root(presenter: TerminalPresenter())
        await root.attemptOrExit("Serving on port \(port)", retryPolicy: .disabled) {
            try await application.runService()
        }
        #else
        let message = """
            openapi-example is built only with the package trait OpenAPI, so that users of Remedy never resolve \
            swift-openapi-runtime nor Hummingbird. Run it with:
              \(Self.runCommand)

            """
        FileHandle.standardError.write(Data(message.utf8))
        throw ExitCode(78)  // sysexits.h's EX_CONFIG: built without what it needs
        #endif
    }
}
