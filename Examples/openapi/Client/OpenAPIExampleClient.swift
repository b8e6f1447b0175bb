import ArgumentParser
import Foundation

#if OpenAPI
import Logging
import OpenAPIURLSession
import Remedy
import RemedyOpenAPI
import RemedyTerminal
#endif

/// `openapi-example-client`: calls `openapi-example` through the client swift-openapi-generator wrote for
/// `Examples/openapi/openapi.yaml`, with RemedyOpenAPI's `ProblemDetailsClientMiddleware`, and lets Remedy present
/// each failed answer in the terminal, in the person's language: the server's title and message, the field
/// errors, the actions and the reference.
@main
struct OpenAPIExampleClient: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi-example-client",
        abstract: "Calls openapi-example through its generated client; Remedy presents each failed answer.",
        discussion: """
            Start the server first: swift run --traits OpenAPI openapi-example
            Needs the package trait OpenAPI: swift run --traits OpenAPI openapi-example-client record --id 7
            """,
        subcommands: [RecordCommand.self, CreateCommand.self, ForecastCommand.self, AccountCommand.self]
    )
}

/// Where the server is.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's address, such as http://127.0.0.1:8080.")
    var server = "http://127.0.0.1:8080"

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme), url.host != nil else {
            throw ValidationError("The server's address must start with http:// or https://, not “\(server)”.")
        }
    }

    #if OpenAPI
    /// Runs one call of the generated client as an app does: its failure is presented by Remedy in the person's
    /// language (the one the client asks the server for), and the process ends with the status of how it failed.
    ///
    /// - Parameters:
    ///   - action: What the call does, for the log and the developer report.
    ///   - call: The call, given the generated client.
    /// - Returns: The call's value.
    func attempt<Value>(_ action: String, _ call: (Client) async throws -> Value) async -> Value {
        let localization = Localization.default
        let client = Client(
            serverURL: URL(string: server) ?? URL(fileURLWithPath: "/"),  // `validate()` checked the address
            transport: URLSessionTransport(),
            middlewares: [ProblemDetailsClientMiddleware(localization: localization)]
        )
        let root = ErrorScope.root(
            presenter: TerminalPresenter(),
            localization: localization,
            logger: Logger.stateFile("client.log", tool: "openapi-example-client")
        )
        // No automatic retries: the person sees each answer, and chooses.
        return await root.attemptOrExit(action, retryPolicy: .disabled) { try await call(client) }
    }
    #endif

    /// Says how to run the client with the trait, and ends with EX_CONFIG.
    static func withoutTrait() throws -> Never {
        let message = """
            openapi-example-client is built only with the package trait OpenAPI, so that users of Remedy never \
            resolve swift-openapi-runtime. Run it with:
              swift run --traits OpenAPI openapi-example-client record --id 7

            """
        FileHandle.standardError.write(Data(message.utf8))
        throw ExitCode(78)  // sysexits.h's EX_CONFIG: built without what it needs
    }
}

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "GET /records/{id}: record 1 exists, any other is 404.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The record's number.")
    var id = "7"

    func run() async throws {
        #if OpenAPI
        let record = await options.attempt("Loading record \(id)") { client in
            try await client.getRecord(path: .init(id: id)).ok.body.json
        }
        print("\(record.id): \(record.title) (\(record.owner))")
        #else
        try ServerOptions.withoutTrait()
        #endif
    }
}

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "POST /records: adds a record; 422 naming each invalid field.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The record's title.")
    var title = ""

    @Option(help: "The owner's email address.")
    var owner = ""

    func run() async throws {
        #if OpenAPI
        let record = await options.attempt("Adding the record") { client in
            try await client.createRecord(body: .json(.init(title: title, owner: owner))).created.body.json
        }
        print("Added record \(record.id).")
        #else
        try ServerOptions.withoutTrait()
        #endif
    }
}

struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast", abstract: "GET /forecast: the forecast service is overloaded (503, Retry-After).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        #if OpenAPI
        let forecast = await options.attempt("Loading the forecast") { client in
            try await client.getForecast().ok.body.json
        }
        print(forecast.summary)
        #else
        try ServerOptions.withoutTrait()
        #endif
    }
}

struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "GET /account: 401 without a session.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The session token (X-Session); without it the call is signed out.")
    var session: String?

    func run() async throws {
        #if OpenAPI
        let account = await options.attempt("Loading the account") { client in
            try await client.getAccount(headers: .init(xSession: session)).ok.body.json
        }
        print(account.name)
        #else
        try ServerOptions.withoutTrait()
        #endif
    }
}
