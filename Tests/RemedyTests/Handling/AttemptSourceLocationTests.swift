import Remedy
import RemedyTesting
import Testing

@Suite(.timeLimit(.minutes(10)))
struct AttemptSourceLocationTests {
    @Test func theActionLayerRecordsWhereAttemptWasCalled() async throws {
        let harness = HandlingHarness(answers: [.role(.cancel)])
        let expectedLine = #line + 1
        let value: Int? = await harness.scope.attempt("Loading the feed") { throw HTTPStatusError(status: 500) }
        #expect(value == nil)
        let presentation = try #require(harness.presentations.first)
        let context = try #require(presentation.error as? ContextError)
        let layer = try #require(context.layers.first)
        #expect(layer.message == "Loading the feed")
        #expect(layer.fileID == #fileID)
        #expect(layer.line == expectedLine)
    }

    @Test func twoActionsFailingTheSameWayGroupApart() async throws {
        // The two presentations look the same; without a coalescing window both are shown.
        var configuration = HandlingHarness.defaultConfiguration
        configuration.coalescingWindow = .zero
        let harness = HandlingHarness(answers: [.role(.cancel), .role(.cancel)], configuration: configuration)
        let first: Int? = await harness.scope.attempt("Loading the feed") { throw HTTPStatusError(status: 500) }
        let second: Int? = await harness.scope.attempt("Loading the inbox") { throw HTTPStatusError(status: 500) }
        #expect(first == nil && second == nil)
        #expect(harness.presentations.count == 2)
        let keys = harness.presentations.map(\.groupingKey)
        #expect(keys.count == 2 && keys[0] != keys[1])
    }
}
