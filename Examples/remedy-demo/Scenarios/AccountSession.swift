import Remedy
import RemedyTerminal

/// The app's session: its token, and the sign-in flow that the app-wide 401 rule hands failures to.
actor AccountSession {
    private(set) var token: String?
    private let client: DemoClient
    private let presenter: TerminalPresenter
    private let console: Console
    private let localization: Localization

    init(client: DemoClient, presenter: TerminalPresenter, console: Console, localization: Localization) {
        self.client = client
        self.presenter = presenter
        self.console = console
        self.localization = localization
    }

    /// The sign-in flow: a sign-in screen (in a terminal, a prompt), then a real `POST /session`.
    ///
    /// - Parameter failure: The error the flow took over.
    /// - Returns: `.recovered` once signed in, so the failed request runs again.
    /// - Throws: When the sign-in request fails; Remedy handles that as a new error.
    func signIn(after failure: HandledError) async throws -> RecoveryOutcome {
        console.step("The app-wide rule takes the 401 over: the sign-in flow starts; the account screen stays open")
        let screen = Presentation(
            title: "Sign In",
            message: "Your session has ended. Sign in as ada@example.com to continue.",
            options: [.signIn { true }],
            category: .authenticationRequired,
            style: .route,
            error: failure.error,
            localization: localization
        )
        guard let choice = await presenter.present(screen), choice.role != .cancel else {
            console.note("Not signed in: the account screen shows what it had.")
            return .notRecovered
        }
        console.step("POST \(client.baseURL.absoluteString)/session")
        let session: SessionToken = try await client.send("session", method: "POST")
        token = session.token
        console.result("Signed in")
        return .recovered
    }

    private struct SessionToken: Decodable {
        var token: String
    }
}
