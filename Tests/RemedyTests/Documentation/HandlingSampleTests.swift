import Foundation
import Remedy
import RemedyTesting
import Testing

/// The samples of the landing page and of the handling article that need no terminal, word for word
/// (``CodeSampleCoverageTests`` checks that), run against a scripted presenter.
@Suite(.timeLimit(.minutes(10)))
struct HandlingSampleTests {
    // MARK: - Stand-ins for the samples' placeholders

    struct API {
        var failures: Int
        let calls = LockedValue(0)

        func posts() async throws -> [String] {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if call <= failures { throw HTTPStatusError(status: 500) }
            return ["Welcome"]
        }
    }

    actor Session {
        private(set) var signIns = 0
        func signIn() throws { signIns += 1 }
    }

    struct PaymentSDKError: Error {
        enum Code { case userCancelled, declined }
        var code: Code
    }

    struct PaymentError: PresentableError {
        init(_ error: PaymentSDKError) {}
        var message: String { "The card was declined. Try another card." }
        var category: ErrorCategory { .invalidInput }
    }

    actor Database {
        private(set) var isClosed = false
        func close() { isClosed = true }
    }

    // MARK: - The landing page

    func loadPosts(presenter: any ErrorPresenter, api: API) async -> [String]? {
        let root = ErrorScope.root(presenter: presenter)
        let posts = await root.child("Feed").attempt("Loading the feed") { try await api.posts() }
        // posts is nil when the person gave up
        return posts
    }

    func resolvedMessageError(freeUpSpace: RecoveryOption) -> Presentation {
        let error = MessageError(
            "There isn't enough space to save the video.",
            title: "Storage Full",
            category: .resourceExhausted,
            options: [freeUpSpace]
        )
        let presentation = ErrorResolver().presentation(for: error)
        // "Storage Full" — "There isn't enough space to save the video." [Free Up Space] [Cancel]
        return presentation
    }

    // MARK: - Rules

    // swift-format-ignore
    func scopes(presenter: any ErrorPresenter, session: Session) -> (ErrorScope, ErrorScope, ErrorScope) {
        let root = ErrorScope.root(presenter: presenter, rules: [
            // A 401 anywhere in any tree: sign in, then the failed operation runs again.
            .httpStatus(401, .takeOver { _ in
                try await session.signIn()
                return .recovered
            }),
        ])

        let checkout = root.child("Checkout", rules: [
            // A third-party SDK's errors become the app's own; its cancellation is never shown.
            .matching(PaymentSDKError.self) { error, _ in
                error.code == .userCancelled ? .silence : .replace(PaymentError(error))
            },
        ])

        let sync = root.child("Background Sync", rules: [
            .severity(...Severity.minor, .silence),   // no banners for background work
        ])
        return (root, checkout, sync)
    }

    // MARK: - Fatal errors

    func closeOnFatalErrors(_ root: ErrorScope, database: Database) {
        root.addFatalCleanup { await database.close() }
    }

    // MARK: - Tests

    @Test func theLandingPageAttemptReturnsThePostsOrNil() async {
        let retried = await loadPosts(presenter: ScriptedPresenter([.title("Try Again")]), api: API(failures: 1))
        #expect(retried == ["Welcome"])
        let cancelled = await loadPosts(presenter: ScriptedPresenter([.role(.cancel)]), api: API(failures: 1))
        #expect(cancelled == nil)
    }

    @Test func theLandingPageMessageErrorIsPairedWithCancel() {
        let presentation = resolvedMessageError(freeUpSpace: RecoveryOption(title: "Free Up Space") { .recovered })
        #expect(presentation.title == "Storage Full")
        #expect(presentation.message == "There isn't enough space to save the video.")
        #expect(presentation.options.count == 2)
        #expect(presentation.options.first?.title == "Free Up Space")
        #expect(presentation.options.last?.role == .cancel)
    }

    @Test func a401AnywhereSignsInAndRunsTheOperationAgain() async {
        let presenter = ScriptedPresenter()
        let session = Session()
        let (_, checkout, _) = scopes(presenter: presenter, session: session)
        var calls = 0
        let paid = await checkout.attempt("Paying") {
            calls += 1
            if calls == 1 { throw HTTPStatusError(status: 401) }
            return "receipt"
        }
        #expect(paid == "receipt")
        #expect(await session.signIns == 1)
        #expect(presenter.presentations.isEmpty)
    }

    @Test func thePaymentSDKsCancellationIsSilencedAndItsOtherErrorsReplaced() async {
        let presenter = ScriptedPresenter()
        let (_, checkout, _) = scopes(presenter: presenter, session: Session())
        let cancelled: String? = await checkout.attempt("Paying") { throw PaymentSDKError(code: .userCancelled) }
        #expect(cancelled == nil)
        #expect(presenter.presentations.isEmpty)
        let declined: String? = await checkout.attempt("Paying") { throw PaymentSDKError(code: .declined) }
        #expect(declined == nil)
        #expect(presenter.presentations.map(\.message) == ["The card was declined. Try another card."])
    }

    @Test func backgroundSyncShowsNoMinorErrors() async {
        let presenter = ScriptedPresenter()
        let (_, _, sync) = scopes(presenter: presenter, session: Session())
        let synced: Int? = await sync.attempt("Syncing", idempotent: false) {
            throw MessageError("The sync is behind.", severity: .minor)
        }
        #expect(synced == nil)
        #expect(presenter.presentations.isEmpty)
    }

    @Test func theFatalCleanupClosesTheDatabase() async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        let database = Database()
        closeOnFatalErrors(harness.scope, database: database)
        harness.scope.handle(FatalError("The library is damaged."))
        #expect(await harness.waitForTerminations(1))
        #expect(await database.isClosed)
    }
}
