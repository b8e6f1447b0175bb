import Remedy
import RemedyTesting
import Testing

/// `attempt` takes the closures people write, wherever they write them: the compiler checks each
/// pattern here, and each test checks the value comes back.
@Suite(.timeLimit(.minutes(10)))
struct AttemptIsolationTests {
    /// A service that is not `Sendable`, as most app services are.
    final class NotesService {
        var notes = ["Milk", "Eggs"]
        func load() async throws -> [String] { notes }
    }

    /// A client that is `Sendable`, as a networking client usually is.
    struct NotesClient: Sendable {
        func load() async throws -> [String] { ["Milk", "Eggs"] }
    }

    /// The operation touches the main actor's state synchronously: it runs there.
    @MainActor final class NotesModel {
        let client = NotesClient()
        var loads = 0
        var notes: [String] = []

        func refresh(in scope: ErrorScope) async {
            notes =
                await scope.attempt("Loading notes") {
                    loads += 1
                    return try await client.load()
                } ?? []
        }
    }

    /// The operation touches the actor's state synchronously: it runs on the actor.
    actor NotesStore {
        let client = NotesClient()
        var loads = 0
        var notes: [String] = []

        func refresh(in scope: ErrorScope) async {
            notes =
                await scope.attempt("Loading notes") {
                    loads += 1
                    return try await client.load()
                } ?? []
        }

        func count() -> Int { notes.count + loads * 100 }
    }

    @MainActor @Test func attemptFromTheMainActorCapturesItsState() async {
        let harness = HandlingHarness(answers: [])
        let model = NotesModel()
        await model.refresh(in: harness.scope)
        #expect(model.notes == ["Milk", "Eggs"])
        #expect(model.loads == 1)
    }

    @Test func attemptFromAnActorCapturesItsState() async {
        let harness = HandlingHarness(answers: [])
        let store = NotesStore()
        await store.refresh(in: harness.scope)
        #expect(await store.count() == 102)
    }

    @Test func attemptFromNonisolatedCodeCapturesANonSendableValue() async {
        let harness = HandlingHarness(answers: [])
        let server = NotesService()
        let notes = await harness.scope.attempt("Loading notes") { try await server.load() }
        server.notes.append("Bread")  // still usable here: it was never sent anywhere
        #expect(notes == ["Milk", "Eggs"])
        #expect(server.notes.count == 3)
    }

    @Test func withContextFromNonisolatedCodeCapturesANonSendableValue() async throws {
        let server = NotesService()
        let notes = try await withContext("Loading notes") { try await server.load() }
        #expect(notes.count == 2)
    }
}
