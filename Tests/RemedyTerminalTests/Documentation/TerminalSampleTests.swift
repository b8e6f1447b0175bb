import Foundation
import Remedy
import RemedyTerminal
import Testing

/// The samples that use the terminal presenter — the README's quick start, the getting-started,
/// handling and command-line articles' tools, and the RemedyTerminal landing page — word for word
/// (``CodeSampleCoverageTests`` in RemedyTests checks that).
///
/// The samples that make a `TerminalPresenter()` with its defaults are compiled and never called: it reads
/// standard input when that is a terminal, which it is when a person runs `swift test`, and would wait for
/// them. The tests run the samples' errors and calls with scripted input and recorded output instead.
@Suite(.timeLimit(.minutes(10)))
struct TerminalSampleTests {
    // MARK: - Stand-ins for the samples' placeholders

    actor Cache {
        static let shared = Cache()
        private(set) var purges = 0

        func purge() throws { purges += 1 }
    }

    struct Draft {}

    struct Videos {
        func save(_ draft: Draft) async throws -> URL { URL(fileURLWithPath: "/videos/draft.mov") }
    }

    struct API {
        func feed() async throws -> [String] { ["Welcome"] }
        func posts() async throws -> [String] { ["Welcome"] }
    }

    /// A service that isn't `Sendable`, like the command-line article's.
    final class NotesServer {
        func notes() async throws -> [String] { throw URLError(.cannotConnectToHost) }
    }

    // MARK: - README: Quick start

    // swift-format-ignore
    struct StorageFullError: PresentableError {
        var title: String? { "Storage Full" }
        var message: String { "There isn't enough space to save the video." }
        var category: ErrorCategory { .resourceExhausted }
        var recoveryOptions: [RecoveryOption] {
            [RecoveryOption(title: "Free Up Space", role: .recommended) {
                try await Cache.shared.purge()
                return .recovered  // the cause is fixed: the save runs again
            }]
        }
    }

    func quickStart(videos: Videos, draft: Draft) async -> URL? {
        let root = ErrorScope.root(presenter: TerminalPresenter())
        // The saved video, or nil when the person chose Cancel.
        let saved = await root.child("Editor").attempt("Saving the video") { try await videos.save(draft) }
        return saved
    }

    // MARK: - Getting started, and the RemedyTerminal landing page

    func gettingStarted(api: API) async -> [String]? {
        let root = ErrorScope.root(presenter: TerminalPresenter())
        let feed = await root.child("Feed").attempt("Loading the feed") {
            try await api.feed()
        }
        return feed
    }

    func terminalLandingPage(api: API) async -> [String]? {
        let root = ErrorScope.root(presenter: TerminalPresenter())
        let posts = await root.child("Feed").attempt("Loading the feed") {
            try await api.feed()
        }
        return posts
    }

    func scriptedPresenter() -> TerminalPresenter {
        let presenter = TerminalPresenter(
            input: .answers(["Try Again"]),
            output: .standardOutput,
            appearance: TerminalAppearance(columns: 60, usesColor: false)
        )
        return presenter
    }

    // MARK: - Handling errors with scopes

    func showPosts(api: API) async {
        let root = ErrorScope.root(presenter: TerminalPresenter())
        let feed = root.child("Feed")

        let posts = await feed.attempt("Loading the feed") {
            try await api.posts()
        }
        guard let posts else { return }  // the person gave up
        print(posts)
    }

    // MARK: - Errors in command-line tools

    struct Sync {
        static func main() async {
            let server = NotesServer()  // your service; it needn't be Sendable
            let root = ErrorScope.root(presenter: TerminalPresenter(), logger: .file("sync.log"))
            let notes = await root.child("Notes").attemptOrExit("Syncing the notes") {
                try await server.notes()
            }  // or the tool exits with the failure's status: 75 while the server can't be reached
            print("\(notes.count) notes")
        }
    }

    // MARK: - Tests

    @Test func freeUpSpacePurgesTheCacheAndTheSaveRunsAgain() async {
        let output = RecordingOutput()
        let root = ErrorScope.root(
            presenter: TerminalPresenter(input: .answers(["Free Up Space"]), output: output),
            localization: Localization(language: "en"),
            logger: .off
        )
        let purgesBefore = await Cache.shared.purges
        let videos = Videos()
        var attempts = 0
        let saved = await root.child("Editor").attempt("Saving the video") {
            attempts += 1
            if attempts == 1 { throw StorageFullError() }
            return try await videos.save(Draft())
        }
        #expect(saved?.lastPathComponent == "draft.mov")
        #expect(await Cache.shared.purges == purgesBefore + 1)
        #expect(output.text.contains("Storage Full"))
        #expect(output.text.contains("1) Free Up Space [f] (default)"))
        #expect(output.text.contains("2) Cancel [c]"))
    }

    @Test func theLandingPagesPresenterAnswersFromItsScript() async {
        let presenter = scriptedPresenter()
        #expect(presenter.appearance?.columns == 60)
        #expect(presenter.appearance?.usesColor == false)
        #expect(presenter.input.canAnswer)
        #expect(await presenter.input.readLine() == "Try Again")
        #expect(await presenter.input.readLine() == nil)
    }
}
