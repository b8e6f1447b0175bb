// Runs one of the benchmarked operations in a loop, without package-benchmark, so a profiler sees only
// Remedy's work:
//
//     swift build -c release --product remedy-profile
//     valgrind --tool=callgrind --toggle-collect='*measuredRuns*' \
//         .build/release/remedy-profile presentation.localizedError 1000
//
// Every run starts with one untimed call (warming caches such as string tables and conformance lookups),
// then runs the operation the given number of times and prints the time per operation.
//
// Every job of Swift concurrency runs on the main thread, one at a time (`SerialLoop`), so the work is
// the same on every run: on the global executor, how often dispatch wakes a worker thread depends on
// the timing of threads, and the count gate (`Benchmarks/gate.sh`) counts instructions.
import Foundation
import Remedy
import RemedyBenchmarkSupport

// The main thread stays synchronous (no top-level `await`): valgrind can't run dispatch's main-queue
// signal thread. It runs the serial loop instead, which runs the operations' task.
let operations: [String: @Sendable () async -> Void] = [
    "presentation.localizedError": { _ = resolver.presentation(for: opaque(ForecastUnavailableError())) },
    // The floor of every operation here (the loop's async call), and the baselines of ratios.sh, with the
    // error as an `any Error` as there.
    "baseline.noop": { _ = opaque(ForecastUnavailableError() as any Error) },
    "baseline.localizedError.errorDescription": {
        _ = (opaque(ForecastUnavailableError() as any Error) as? any LocalizedError)?.errorDescription
    },
    "baseline.urlError.nsErrorLocalizedDescription": {
        _ = (opaque(URLError(.notConnectedToInternet) as any Error) as NSError).localizedDescription
    },
    "presentation.urlError": { _ = resolver.presentation(for: opaque(URLError(.notConnectedToInternet))) },
    // What a scope's queue reads of it too: its grouping key (kept per entry, type and code).
    "presentation.urlError.groupingKey": {
        _ = resolver.presentation(for: opaque(URLError(.notConnectedToInternet))).groupingKey
    },
    "presentation.tree3": { _ = resolver.presentation(for: opaque(threeLevelTree)) },
    "report.tree3.summary": { _ = ErrorReport(opaque(threeLevelTree)).summary },
    "report.tree3.text": { _ = ErrorReport(opaque(threeLevelTree)).text },
    "report.tree3declared.text": { _ = ErrorReport(opaque(threeLevelDeclaredTree)).text },
    "report.tree3declared.summary": { _ = ErrorReport(opaque(threeLevelDeclaredTree)).summary },
    "report.tree3declared.groupingKey": { _ = ErrorReport(opaque(threeLevelDeclaredTree)).groupingKey },
    "presentation.tree3declared": { _ = resolver.presentation(for: opaque(threeLevelDeclaredTree)) },
    "report.tree3.groupingKey": { _ = ErrorReport(opaque(threeLevelTree)).groupingKey },
    // The same tree through `WrappingError` without `declaredCaseName`: one `Mirror` per node for its case.
    "presentation.tree3wrapping": { _ = resolver.presentation(for: opaque(threeLevelWrappingTree)) },
    "report.tree3wrapping.text": { _ = ErrorReport(opaque(threeLevelWrappingTree)).text },
    "report.tree3wrapping.summary": { _ = ErrorReport(opaque(threeLevelWrappingTree)).summary },
    "report.tree3wrapping.groupingKey": { _ = ErrorReport(opaque(threeLevelWrappingTree)).groupingKey },
    "baseline.tree3.stringDescribing": { _ = String(describing: opaque(threeLevelTree)) },
    // The grouping key's gate: `String(reflecting:)` of the same tree.
    "baseline.tree3.stringReflecting": { _ = String(reflecting: opaque(threeLevelTree)) },
    // The floor of the reflected tree's operations: a Mirror and its first child for each enum node.
    "baseline.tree3.mirrorFloor": {
        let found = reflectCases(of: opaque(threeLevelTreeEnumNodes))
        precondition(found == 2)
    },
    "chain.walk.1000": {
        var nodes = 0
        for _ in ErrorTree(opaque(chain1000)) { nodes += 1 }
        precondition(nodes == 1_000)
    },
    "chain.walk.10000": {
        var nodes = 0
        for _ in ErrorTree(opaque(chain10000)) { nodes += 1 }
        precondition(nodes == 10_000)
    },
    "chain.mirrorFloor.10000": {
        let found = reflectCases(of: opaque(causeHoldingNodes10000))
        precondition(found == 9_999)
    },
    "chain.summary.1000": { _ = ErrorReport(opaque(chain1000)).summary },
    "chain.summary.10000": { _ = ErrorReport(opaque(chain10000)).summary },
    "chain.text.1000": { _ = ErrorReport(opaque(chain1000)).text },
    "chain.text.10000": { _ = ErrorReport(opaque(chain10000)).text },
    "context100k.build": { _ = makeContextStack(layers: 100_000) },
    "handle.major": { _ = await presentingRoot.handle(DraftNotSavedError()).value },
    // The same with a presenter that answers only in `present(_:)`, in a task of its own.
    "handle.major.waiting": { _ = await waitingPresentingRoot.handle(DraftNotSavedError()).value },
    "attempt.success": { _ = await quietRoot.attempt("Loading the value") { try await loadValue() } },
    // The baseline of `attempt.success`: the same work in a plain do/catch.
    "baseline.doCatch": {
        do {
            _ = try await loadValue()
        } catch {
            preconditionFailure("loadValue doesn't throw")
        }
    },
    "storm.1000": { await runStorm(tasks: 100, errorsPerTask: 10) },
    "storm.10000": { await runStorm(tasks: 1_000, errorsPerTask: 10) },
    // A failed request through `ProblemDetailsMiddleware` in German (the other `server.failure.*` are below).
    "server.failure.httpError.de": {
        _ = await problemServer.respond(to: FailureShape.httpError.path, acceptLanguage: "de-CH, de;q=0.9, en;q=0.5")
    },
    "problemDetails.encoded": { _ = opaque(overloadProblem).encoded() },
    "server.success.plain": { _ = await plainServer.respond(to: "/hello") },
    "server.success.problemDetails": { _ = await problemServer.respond(to: "/hello") },
    "attempt.failure": {
        let value = await presentingRoot.attempt("Saving the draft") { () throws(DraftNotSavedError) -> Int in
            throw DraftNotSavedError()
        }
        precondition(value == nil, "the person cancelled, so the attempt gives up")
    },
]

/// A failed request for every shape of error a route throws: plain Hummingbird answering the throw itself
/// (`server.failure.plain.<shape>`), the same recording each failure at `info` (`server.failure.logged.<shape>`),
/// and `ProblemDetailsMiddleware` answering it (`server.failure.<shape>`).
let serverFailures: [String: @Sendable () async -> Void] = FailureShape.allCases.reduce(into: [:]) {
    operations, shape in
    operations["server.failure.plain.\(shape.rawValue)"] = { _ = await plainServer.respond(failing: shape) }
    operations["server.failure.logged.\(shape.rawValue)"] = { _ = await loggingServer.respond(failing: shape) }
    operations["server.failure.\(shape.rawValue)"] = { _ = await problemServer.respond(failing: shape) }
}
let plainServer = FailingServer(answersProblems: false)
let loggingServer = FailingServer(answersProblems: false, logsFailures: true)
let problemServer = FailingServer(answersProblems: true)
let chain1000 = makeChain(depth: 1_000)
let chain10000 = makeChain(depth: 10_000)
let causeHoldingNodes10000 = causeHoldingNodes(of: chain10000)
let quietRoot = makeQuietRoot(counter: CountingLogHandler.Counter())
/// The root of the handling operations the count gate measures (`Benchmarks/gate.sh`): see
/// `makePresentingRoot`. On a real clock, timers and coalescing depend on the timing of threads, and a
/// count must not.
let presentingRoot = makePresentingRoot()
let waitingPresentingRoot = makePresentingRoot(answersAtOnce: false)

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let operation = operations[name] ?? serverFailures[name] else {
    let names = (operations.keys.sorted() + serverFailures.keys.sorted()).joined(separator: "\n  ")
    FileHandle.standardError.write(Data("usage: remedy-profile OPERATION [COUNT]\noperations:\n  \(names)\n".utf8))
    exit(64)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
/// `REMEDY_PROFILE_REPEAT=K` runs the operation K times per run: a regression made on purpose, with which
/// `gate.sh --self-test` proves that each kind of gate fails.
let repeats = ProcessInfo.processInfo.environment["REMEDY_PROFILE_REPEAT"].flatMap { Int($0) } ?? 1

/// The measured loop, in a function of its own so a profiler can count only what runs inside it:
/// `valgrind --tool=callgrind --toggle-collect='*measuredRuns*' …`.
@inline(never)
func measuredRuns(_ count: Int, of operation: @Sendable () async -> Void) async {
    for _ in 0..<count {
        for _ in 0..<repeats {
            await operation()
        }
    }
}

/// Runs the jobs of the global executor on the thread that calls `run()`, in the order they come.
final class SerialLoop: @unchecked Sendable {
    static let shared = SerialLoop()

    // `jobs`, `head` and `isFinished` are behind the condition's lock.
    private let condition = NSCondition()
    /// The queue: `jobs[head...]`, oldest first. Taking a job moves `head` instead of removing the first
    /// element, which would move every other job: a storm queues thousands.
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var isFinished = false

    func push(_ job: UnownedJob) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    func finish() {
        condition.withLock {
            isFinished = true
            condition.signal()
        }
    }

    /// Runs jobs until `finish()` was called and no job is left.
    func run() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while head == jobs.count && !isFinished {
                    condition.wait()
                }
                guard head < jobs.count else { return nil }
                let job = jobs[head]
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                }
                return job
            }
            guard let next else { return }
            // On the global executor's own behalf, so a job runs with no isolation, as it does there,
            // and a nonisolated call doesn't hop.
            next.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
        }
    }
}

/// Sends every job of the global executor to the serial loop, through the runtime's enqueue hook.
func installSerialLoop() {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    guard let symbol = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook") else {
        fatalError("remedy-profile: the Swift runtime has no swift_task_enqueueGlobal_hook")
    }
    symbol.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in SerialLoop.shared.push(job) }
}

// `REMEDY_PROFILE_THREADS=1` leaves the jobs on the global executor's threads, to time an operation with
// its thread switches (never for counting: see above).
if ProcessInfo.processInfo.environment["REMEDY_PROFILE_THREADS"] != "1" {
    installSerialLoop()
}
Task.detached {
    await operation()
    let clock = ContinuousClock()
    let start = clock.now
    await measuredRuns(count, of: operation)
    let elapsed = clock.now - start
    print("\(name): \(count) runs, \(elapsed / count) each")
    SerialLoop.shared.finish()
}
SerialLoop.shared.run()
