import Remedy
import RemedyTesting
import Testing

/// The README's quick-start example, compiled and run with a scripted presenter in place of the
/// terminal, so the README stays true to the code.
@Suite(.timeLimit(.minutes(10)))
struct ReadmeExampleTests {
    private actor Cache {
        static let shared = Cache()
        private(set) var purges = 0
        func purge() throws { purges += 1 }
    }

    private struct StorageFullError: PresentableError {
        var title: String? { "Storage Full" }
        var message: String { "There isn't enough space to save the video." }
        var category: ErrorCategory { .resourceExhausted }
        var recoveryOptions: [RecoveryOption] {
            [
                RecoveryOption(title: "Free Up Space", role: .recommended) {
                    try await Cache.shared.purge()
                    return .recovered  // the cause is fixed: the save runs again
                }
            ]
        }
    }

    @Test func freeUpSpacePurgesTheCacheAndSavesAgain() async throws {
        let presenter = ScriptedPresenter([.defaultOption])
        let root = ErrorScope.root(presenter: presenter)
        let purgesBefore = await Cache.shared.purges
        let attempts = LockedAttempts()
        let saved = await root.child("Editor").attempt("Saving the video") {
            guard attempts.next() > 1 else { throw StorageFullError() }
            return "video.mov"
        }
        #expect(saved == "video.mov")
        #expect(await Cache.shared.purges == purgesBefore + 1)
        let presentation = try #require(presenter.presentations.first)
        #expect(presentation.title == "Storage Full")
        #expect(presentation.options.map(\.title) == ["Free Up Space", "Cancel"])
        #expect(presentation.defaultOption?.title == "Free Up Space")
    }

    @Test func cancelGivesNil() async {
        let root = ErrorScope.root(presenter: ScriptedPresenter([.role(.cancel)]))
        let saved: String? = await root.child("Editor").attempt("Saving the video") { throw StorageFullError() }
        #expect(saved == nil)
    }
}

private final class LockedAttempts: Sendable {
    private let count = LockedValue(0)
    func next() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
}
