import Remedy
import RemedyTerminal

/// The app's session: its token, and the sign-in flow that the app-wide 401 rule hands failures to.
actor AccountSession {
    private(set) var token: String?
    private let client: DemoClient
    private let presenter: TerminalPresenter
    private let console: Console
    private let localization: Localization
    private let text: DemoText

    init(
        client: DemoClient,
        presenter: TerminalPresenter,
        console: Console,
        localization: Localization,
        text: DemoText
    ) {
        self.client = client
        self.presenter = presenter
        self.console = console
        self.localization = localization
        self.text = text
    }

    /// The sign-in flow: a sign-in screen (in a terminal, a prompt), then a real `POST /session`.
    ///
    /// - Parameter failure: The error the flow took over.
    /// - Returns: `.recovered` once signed in, so the failed request runs again.
    /// - Throws: When the sign-in request fails; Remedy handles that as a new error.
    func signIn(after failure: HandledError) async throws -> RecoveryOutcome {
        console.step(text("demo.signIn.start"))
        let screen = Presentation(
            title: text("demo.signIn.title"),
            message: text("demo.signIn.message"),
            options: [.signIn { true }],
            category: .authenticationRequired,
            style: .route,
            error: failure.error,
            localization: localization
        )
        guard let choice = await presenter.present(screen), choice.role != .cancel else {
            console.note(text("demo.signIn.notSignedIn"))
            return .notRecovered
        }
        console.step("POST \(client.baseURL.absoluteString)/session")
        let session: SessionToken = try await client.send("session", method: "POST")
        token = session.token
        console.result(text("demo.signIn.done"))
        return .recovered
    }

    private struct SessionToken: Decodable {
        var token: String
    }
}
