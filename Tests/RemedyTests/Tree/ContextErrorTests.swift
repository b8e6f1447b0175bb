import Foundation
import Remedy
import Testing

/// `ContextError` and `withContext` in sync, async and typed-throws code, and 100,000 layers.
@Suite(.timeLimit(.minutes(10)))
struct ContextErrorTests {
    typealias Leaf = TreeFixtures.Leaf

    enum LoadError: Error, Equatable { case missing }

    func load(failing: Bool) throws(LoadError) -> Int {
        if failing { throw .missing }
        return 42
    }

    func fetch(failing: Bool) async throws -> Int {
        if failing { throw Leaf.timeout }
        return 7
    }

    @Test func wrappingAContextErrorAddsALayerInsteadOfNesting() {
        let inner = ContextError("Parsing", wrapping: Leaf.timeout)
        let outer = ContextError("Loading", wrapping: inner)
        #expect(outer.layerCount == 2)
        #expect(outer.layers.map(\.message) == ["Loading", "Parsing"])
        #expect(outer.underlying as? Leaf == .timeout)
        #expect(outer.outermostLayer.message == "Loading")
        #expect(outer.innermostLayer.message == "Parsing")
        #expect(ErrorTree(outer).count == 2)
    }

    @Test func eachLayerRecordsWhereItWasAdded() {
        let line = #line + 1
        let error = ContextError("Loading", wrapping: Leaf.timeout)
        #expect(error.layers == [ContextError.Layer("Loading", fileID: #fileID, line: line)])
        #expect(#fileID == "RemedyTests/ContextErrorTests.swift")
    }

    @Test func withContextReturnsTheValueAndDoesNotBuildTheMessage() throws {
        var built = 0
        func message() -> String {
            built += 1
            return "Loading"
        }
        let value = try withContext(message()) { 5 }
        #expect(value == 5)
        #expect(built == 0)
    }

    @Test func withContextWrapsWhatTheOperationThrows() {
        let line = #line + 2
        do {
            try withContext("Reading the settings") { throw Leaf.notFound }
            Issue.record("withContext must rethrow")
        } catch {
            #expect(error.underlying as? Leaf == .notFound)
            #expect(error.layers == [ContextError.Layer("Reading the settings", fileID: #fileID, line: line)])
        }
    }

    @Test func withContextTakesTypedThrowsOperations() throws {
        #expect(try withContext("Loading") { try load(failing: false) } == 42)
        let typed: () throws(LoadError) -> Int = { try load(failing: true) }
        let error = #expect(throws: ContextError.self) {
            try withContext("Loading", typed)
        }
        #expect(error?.underlying as? LoadError == .missing)
    }

    @Test func withContextWorksInAsyncCode() async throws {
        let value = try await withContext("Fetching") { try await fetch(failing: false) }
        #expect(value == 7)
        do {
            _ = try await withContext("Fetching") { try await fetch(failing: true) }
            Issue.record("withContext must rethrow")
        } catch {
            #expect(error.underlying as? Leaf == .timeout)
            #expect(error.layers.map(\.message) == ["Fetching"])
        }
    }

    @MainActor final class Model {
        var attempts = 0
        func refresh() async throws {
            try await withContext("Refreshing") {
                await Task.yield()
                attempts += 1  // main-actor state, touched inside the async operation
                throw Leaf.timeout
            }
        }
    }

    @Test @MainActor func withContextRunsTheOperationInTheCallersIsolation() async {
        let model = Model()
        do {
            try await model.refresh()
            Issue.record("refresh must throw")
        } catch {
            #expect(error is ContextError)
        }
        #expect(model.attempts == 1)
    }

    @Test func nestedWithContextCallsGiveFlatLayersOutermostFirst() {
        let error = #expect(throws: ContextError.self) {
            try withContext("Loading forecast") {
                try withContext("Parsing forecast") {
                    _ = try JSONDecoder().decode(TreeFixtures.Forecast.self, from: Data("{}".utf8))
                }
            }
        }
        #expect(error?.layers.map(\.message) == ["Loading forecast", "Parsing forecast"])
        #expect(error?.underlying is DecodingError)
    }

    @Test func wrappingAnOlderValueAgainDoesNotDisturbNewerOnes() {
        let base = ContextError("base", wrapping: Leaf.timeout)
        let first = ContextError("first", wrapping: base)
        let second = ContextError("second", wrapping: base)
        let third = ContextError("third", wrapping: first)
        #expect(base.layers.map(\.message) == ["base"])
        #expect(first.layers.map(\.message) == ["first", "base"])
        #expect(second.layers.map(\.message) == ["second", "base"])
        #expect(third.layers.map(\.message) == ["third", "first", "base"])
    }

    @Test func concurrentWrapsOfOneErrorEachGetTheirOwnLayer() async {
        let base = ContextError("base", wrapping: Leaf.timeout)
        let results = await withTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                group.addTask { ContextError("task \(index)", wrapping: base).layers.map(\.message) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(Set(results.map(\.first)).count == 64)
        #expect(results.allSatisfy { $0.count == 2 && $0.last == "base" })
    }

    @Test func anOuterOverrideWinsFieldByField() {
        let inner = ContextError(
            "Saving",
            wrapping: Leaf.timeout,
            presentation: .init(title: "Inner", message: "Inner message", options: [.retry])
        )
        let outer = ContextError("Syncing", wrapping: inner, presentation: .init(title: "Outer", severity: .critical))
        let override = outer.presentationOverride
        #expect(override?.title == "Outer")
        #expect(override?.message == "Inner message")
        #expect(override?.severity == .critical)
        #expect(override?.options.count == 1)
        #expect(ContextError("Plain", wrapping: inner).presentationOverride?.title == "Inner")
    }

    @Test func descriptionsAreTheReportsSummaryAndText() {
        let line = #line + 1
        let error = ContextError("Loading", wrapping: ContextError("Parsing", wrapping: Leaf.timeout))
        #expect(error.description == "Loading: Parsing: Leaf.timeout")
        #expect(String(describing: error) == error.description)
        #expect(
            error.debugDescription == """
                Loading
                  at: RemedyTests/ContextErrorTests.swift:\(line)
                Caused by:
                  1: Parsing
                     at: RemedyTests/ContextErrorTests.swift:\(line)
                  2: Leaf.timeout
                """
        )
    }

    @Test func descriptionsOfAContextOverAVeryDeepCauseAreBounded() {
        let chain = TreeFixtures.LinkError.chain(count: 50_000)
        defer { chain.dismantle() }
        let error = ContextError("Loading", wrapping: chain)
        #expect(error.description.hasPrefix("Loading: "))
        #expect(error.debugDescription.utf8.count <= ErrorLimits.default.maximumReportBytes)
    }

    // MARK: - 100,000 layers

    /// Builds, walks, renders and releases 100,000 layers; returns what the checks need.
    @Sendable static func hundredThousandLayers() -> (
        layers: Int, nodes: Int, summary: String, textBytes: Int, key: String
    ) {
        var error: any Error = Leaf.timeout
        for index in 0..<100_000 {
            error = ContextError("layer \(index)", wrapping: error)
        }
        let context = error as? ContextError
        let report = ErrorReport(error)
        let result = (
            context?.layerCount ?? 0,
            ErrorTree(error).count,
            report.summary,
            report.text.utf8.count + report.json.utf8.count,
            report.groupingKey
        )
        error = Leaf.timeout  // releases the 100,000 layers here
        return result
    }

    @Test func aHundredThousandLayersBuildWalkRenderAndRelease() {
        let result = Self.hundredThousandLayers()
        #expect(result.layers == 100_000)
        #expect(result.nodes == 2)
        #expect(result.summary.hasPrefix("layer 99999: layer 99998: "))
        #expect(result.summary.hasSuffix(": layer 1: layer 0: Leaf.timeout"))
        #expect(result.summary.utf8.count <= ErrorLimits.default.maximumSummaryLength)
        #expect(result.textBytes <= 2 * ErrorLimits.default.maximumReportBytes)
        #expect(result.key.count == 16)
    }

    @Test func aHundredThousandLayersNeedNoDeepStack() async {
        let box = LockedBox<(layers: Int, nodes: Int, summary: String, textBytes: Int, key: String)?>(nil)
        await TreeFixtures.onSmallStack {
            box.value = Self.hundredThousandLayers()
        }
        #expect(box.value?.layers == 100_000)
        #expect(box.value?.nodes == 2)
        #expect(box.value?.summary.hasSuffix("Leaf.timeout") == true)
    }
}

/// A value handed from a thread back to a test.
final class LockedBox<Value>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
