import ArgumentParser
import Foundation
import Logging
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

    /// Parses the command line and runs the command; every failure, the parser's too, is presented by Remedy
    /// and ends the process with the command-line article's status: 64 for a bad command line (a `--server`
    /// that isn't an http or https address), 75 for a server that stayed unreachable, 77 for a refused sign-in.
    static func main() async {
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages(message(for:))  // the parser's own words for a bad command line
        let root = ErrorScope.root(
            presenter: TerminalPresenter(), catalog: catalog, logger: ServerOptions.log)
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let error where exitCode(for: error) == .success {
            exit(withError: error)  // --help: the parser prints it, and exits with 0
        } catch {
            await root.exit(withError: error)  // presented, recorded, and the status of how it ended
        }
    }
}

/// Where the server is.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's address, such as http://127.0.0.1:8080.")
    var server = "http://127.0.0.1:8080"

    /// Where the client's records go: its folder of logs (`~/.local/state/server-example-client`), not the
    /// folder it runs in.
    static let log = Logger.stateFile("client.log", tool: "server-example-client")

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme), url.host != nil else {
            throw ValidationError("The server's address must start with http:// or https://, not “\(server)”.")
        }
    }

    /// Runs one operation against the server as an app does: its failures are presented by Remedy, and
    /// a 401 is taken over by the sign-in flow, after which the operation runs again.
    ///
    /// - Parameters:
    ///   - action: What the operation does, for the log and the developer report.
    ///   - idempotent: Whether running it twice does no harm.
    ///   - operation: The work, given the API and the session's token.
    /// - Returns: The operation's value; without one the process ends with the status of how it failed.
    func attempt<Value>(
        _ action: String,
        idempotent: Bool = true,
        _ operation: (ExampleAPI, String?) async throws -> Value
    ) async -> Value {
        // `validate()` checked the address.
        let api = ExampleAPI(baseURL: URL(string: server) ?? URL(fileURLWithPath: "/"))
        let presenter = TerminalPresenter()  // alerts as prompts, on standard error
        let session = Session(api: api, presenter: presenter)
        let root = ErrorScope.root(
            presenter: presenter,
            rules: [.httpStatus(401, .takeOver { failure in try await session.signIn(after: failure) })],
            logger: Self.log
        )
        // No automatic retries: the person sees each answer, and chooses.
        return await root.attemptOrExit(action, idempotent: idempotent, retryPolicy: .disabled) {
            try await operation(api, await session.token)
        }
    }
}

struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "GET /report: the server's report.txt.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let report = await options.attempt("Loading the report") { api, _ in
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
        let account = await options.attempt("Loading the account") { api, token in
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
        _ = await options.attempt("Signing up", idempotent: false) { api, _ in
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
        let note = await options.attempt("Adding the note", idempotent: false) { api, _ in
            try await api.send("POST", "notes", body: try ExampleAPI.json(NewNote(title: title, text: text)))
        }
        print(String(decoding: note, as: UTF8.self))
    }

    private struct NewNote: Encodable {
        var title: String?
        var text: String
    }
}
