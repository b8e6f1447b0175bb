import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal

/// `server-example-client`: calls `server-example` as an app would, and lets Remedy present each failed
/// answer in the terminal: the server's title and message, the field errors, the actions and the reference.
@main
struct ServerExampleClient: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server-example-client",
        abstract: "Calls server-example; Remedy presents each failed answer in the terminal.",
        discussion: "Start the server first: swift run --traits Hummingbird server-example",
        subcommands: [Report.self, AccountCommand.self, SignUp.self, AddNote.self]
    )
}

/// Where the server is.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    /// Runs one operation against the server as an app does: its failures are presented by Remedy, and
    /// a 401 is taken over by the sign-in flow, after which the operation runs again.
    ///
    /// - Parameters:
    ///   - action: What the operation does, for the log and the developer report.
    ///   - idempotent: Whether running it twice does no harm.
    ///   - operation: The work, given the API and the session's token.
    /// - Returns: The operation's value.
    /// - Throws: `ExitCode.failure` when the person was told why it failed.
    func attempt<Value>(
        _ action: String,
        idempotent: Bool = true,
        _ operation: (ExampleAPI, String?) async throws -> Value
    ) async throws -> Value {
        guard let baseURL = URL(string: server), ["http", "https"].contains(baseURL.scheme) else {
            throw ValidationError("The server's address must start with http:// or https://, not “\(server)”.")
        }
        let api = ExampleAPI(baseURL: baseURL)
        let presenter = TerminalPresenter()  // alerts as prompts, on standard error
        let session = Session(api: api, presenter: presenter)
        let root = ErrorScope.root(
            presenter: presenter,
            rules: [.httpStatus(401, .takeOver { failure in try await session.signIn(after: failure) })]
        )
        // No automatic retries: the person sees each answer, and chooses.
        let value = await root.attempt(action, idempotent: idempotent, retryPolicy: .disabled) {
            try await operation(api, await session.token)
        }
        guard let value else { throw ExitCode.failure }
        return value
    }
}

struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "GET /report: the server's report.txt.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let report = try await options.attempt("Loading the report") { api, _ in
            try await api.send("GET", "report")
        }
        print(String(decoding: report, as: UTF8.self))
    }
}

struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "GET /account: signs in when the server asks for it, then loads the account."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let account = try await options.attempt("Loading the account") { api, token in
            try await api.send("GET", "account", token: token)
        }
        print(String(decoding: account, as: UTF8.self))
    }
}

struct SignUp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "POST /signup: sends the sign-up form's fields.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The form's name field.")
    var name = ""

    @Option(help: "The form's email field.")
    var email = ""

    func run() async throws {
        _ = try await options.attempt("Signing up", idempotent: false) { api, _ in
            try await api.send("POST", "signup", body: ExampleAPI.form(["name": name, "email": email]))
        }
        print("Signed up as \(name).")
    }
}

struct AddNote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "POST /notes: sends a note as JSON; without --title the body lacks its title."
    )

    @OptionGroup var options: ServerOptions

    @Option(help: "The note's title; left out of the body when not given.")
    var title: String?

    @Option(help: "The note's text.")
    var text = ""

    func run() async throws {
        let note = try await options.attempt("Adding the note", idempotent: false) { api, _ in
            try await api.send("POST", "notes", body: try ExampleAPI.json(NewNote(title: title, text: text)))
        }
        print(String(decoding: note, as: UTF8.self))
    }

    private struct NewNote: Encodable {
        var title: String?
        var text: String
    }
}
