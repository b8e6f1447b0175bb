import Foundation
import Logging
import Remedy
import RemedyTerminal

/// Everything one run of a scenario uses: a fresh backend and disk, the presenter, the logger, and the
/// app's root error scope.
final class DemoSession: Sendable {
    let console: Console
    let log: DemoLog
    let backend: DemoBackend
    let client: DemoClient
    let disk: DemoDisk
    let presenter: DemoPresenter
    let account: AccountSession
    let root: ErrorScope
    /// The language of Remedy's texts in this run.
    let localization: Localization
    /// The demo's own words, in the same language.
    let text: DemoText

    private init(
        console: Console,
        log: DemoLog,
        backend: DemoBackend,
        disk: DemoDisk,
        presenter: DemoPresenter,
        account: AccountSession,
        root: ErrorScope,
        localization: Localization,
        text: DemoText
    ) {
        self.console = console
        self.log = log
        self.backend = backend
        self.client = DemoClient(baseURL: backend.baseURL, localization: localization)
        self.disk = disk
        self.presenter = presenter
        self.account = account
        self.root = root
        self.localization = localization
        self.text = text
    }

    /// Starts the backend, prepares the disk, and makes the root scope with the app's rules.
    static func start(
        console: Console,
        log: DemoLog,
        presenter: DemoPresenter,
        localization: Localization,
        text: DemoText
    ) async throws -> DemoSession {
        let backend = try await DemoBackend.start()
        let disk = try DemoDisk(freeBytes: 64_000)
        let account = AccountSession(
            client: DemoClient(baseURL: backend.baseURL, localization: localization),
            presenter: presenter.terminal,
            console: console,
            localization: localization,
            text: text
        )
        var configuration = ErrorScope.Configuration()
        configuration.retryPolicy = .disabled  // scenarios that retry automatically ask for it
        let root = ErrorScope.root(
            "App",
            presenter: presenter,
            rules: [
                // App-wide: a 401 anywhere in a tree is the sign-in flow's business.
                .httpStatus(401, .takeOver { failure in try await account.signIn(after: failure) })
            ],
            localization: localization,
            logger: log.logger(),
            configuration: configuration,
            terminate: { _ in
                console.line("\n" + text("demo.fatal.exit"))
                TemporaryFolders.exitRemovingAll(status: 1)
            }
        )
        return DemoSession(
            console: console,
            log: log,
            backend: backend,
            disk: disk,
            presenter: presenter,
            account: account,
            root: root,
            localization: localization,
            text: text
        )
    }

    /// Stops the backend and removes the disk's files.
    func finish() async {
        await backend.stop()
        await disk.removeAll()
    }

    /// Runs a scenario.
    func run(_ scenario: Scenario) async throws {
        console.heading(scenario.title(text), scenario.summary(text))
        switch scenario {
        case .feed: await feed()
        case .storage: await storage()
        case .forecast: await forecast()
        case .unauthorized: await unauthorized()
        case .wrapping: await wrapping()
        case .validation: await validation()
        case .fatal: await fatal()
        case .storm: await storm()
        case .offline: try await offline()
        case .server: try await server()
        }
        console.line("")
        console.line(log.summaryLine())
    }
}
