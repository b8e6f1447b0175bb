// Runs one of the benchmarked operations in a loop, without package-benchmark, so a profiler sees only
// Remedy's work:
//
//     swift build -c release --product remedy-profile
//     valgrind --tool=callgrind --toggle-collect='*measuredRuns*' \
//         .build/release/remedy-profile presentation.localizedError 1000
//
// Every run starts with one untimed call (warming caches such as string tables and conformance lookups),
// then runs the operation the given number of times and prints the time per operation.
import Foundation
import Remedy
import RemedyBenchmarkSupport

// The main thread stays synchronous (no top-level `await`): valgrind can't run dispatch's main-queue
// signal thread. Async operations run in a detached task (not on the blocked main actor) it waits for.
let operations: [String: @Sendable () async -> Void] = [
    "presentation.localizedError": { _ = resolver.presentation(for: opaque(ForecastUnavailableError())) },
    "presentation.localizedError.message": { _ = resolver.message(for: opaque(ForecastUnavailableError())) },
    "presentation.urlError": { _ = resolver.presentation(for: opaque(URLError(.notConnectedToInternet))) },
    "presentation.tree3": { _ = resolver.presentation(for: opaque(threeLevelTree)) },
    "report.tree3.summary": { _ = ErrorReport(opaque(threeLevelTree)).summary },
    "report.tree3.text": { _ = ErrorReport(opaque(threeLevelTree)).text },
    "report.tree3declared.summary": { _ = ErrorReport(opaque(threeLevelDeclaredTree)).summary },
    "report.tree3declared.groupingKey": { _ = ErrorReport(opaque(threeLevelDeclaredTree)).groupingKey },
    "presentation.tree3declared": { _ = resolver.presentation(for: opaque(threeLevelDeclaredTree)) },
    "report.tree3.groupingKey": { _ = ErrorReport(opaque(threeLevelTree)).groupingKey },
    "baseline.tree3.stringDescribing": { _ = String(describing: opaque(threeLevelTree)) },
    "chain.walk.10000": {
        var nodes = 0
        for _ in ErrorTree(opaque(chain10000)) { nodes += 1 }
        precondition(nodes == 10_000)
    },
    "chain.summary.10000": { _ = ErrorReport(opaque(chain10000)).summary },
    "chain.text.10000": { _ = ErrorReport(opaque(chain10000)).text },
    "context100k.build": { _ = makeContextStack(layers: 100_000) },
    "handle.major": { _ = await quietRoot.handle(DraftNotSavedError()).value },
    "attempt.success": { _ = await quietRoot.attempt("Loading the value") { try await loadValue() } },
]

let chain10000 = makeChain(depth: 10_000)
let quietRoot = makeQuietRoot(counter: CountingLogHandler.Counter())

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let operation = operations[name] else {
    let names = operations.keys.sorted().joined(separator: "\n  ")
    FileHandle.standardError.write(Data("usage: remedy-profile OPERATION [COUNT]\noperations:\n  \(names)\n".utf8))
    exit(64)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000

/// The measured loop, in a function of its own so a profiler can count only what runs inside it:
/// `valgrind --tool=callgrind --toggle-collect='*measuredRuns*' …`.
@inline(never)
func measuredRuns(_ count: Int, of operation: @Sendable () async -> Void) async {
    for _ in 0..<count {
        await operation()
    }
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    await operation()
    let clock = ContinuousClock()
    let start = clock.now
    await measuredRuns(count, of: operation)
    let elapsed = clock.now - start
    print("\(name): \(count) runs, \(elapsed / count) each")
    done.signal()
}
done.wait()
