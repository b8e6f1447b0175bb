import Benchmark
import Foundation
import Remedy
import RemedyBenchmarkSupport

// Every figure stands next to a baseline measured in the same run, so ratios hold on any machine.
// `ratios.sh` reads the results and checks them against the targets of the performance issue.
//
// Names are `group.operation[.variant]`; `ratios.sh` refers to them, so rename both together.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = slow(samples: 100)

    registerBaselines()
    registerResolution()
    registerReports()
    registerDeepChains()
    registerContextStacks()
    registerHandling()
}

// MARK: - Configuration

/// How long each benchmark runs: the full length, or a short smoke run for CI
/// (`REMEDY_BENCHMARK_SHORT=1`, which `ratios.sh --short` sets).
struct RunLength {
    var maximumDuration: Duration
    var maximumSamples: Int
    var warmupSamples: Int

    static let current: RunLength =
        ProcessInfo.processInfo.environment["REMEDY_BENCHMARK_SHORT"].map { !$0.isEmpty && $0 != "0" } == true
        ? RunLength(maximumDuration: .milliseconds(250), maximumSamples: 50, warmupSamples: 1)
        : RunLength(maximumDuration: .seconds(3), maximumSamples: 100_000, warmupSamples: 3)

    /// A configuration measuring wall time and mallocs, in nanoseconds per operation.
    ///
    /// - Parameters:
    ///   - scalingFactor: `.kilo` for operations under a few microseconds (each sample then times 1,000
    ///     runs), `.one` for slower ones.
    ///   - samples: The most samples to take.
    func configuration(scalingFactor: BenchmarkScalingFactor, samples: Int? = nil) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: warmupSamples,
            scalingFactor: scalingFactor,
            maxDuration: maximumDuration,
            maxIterations: min(samples ?? maximumSamples, maximumSamples)
        )
    }
}

/// Registers a benchmark of an operation that takes well under a millisecond: each sample times 1,000
/// runs (scaling factor `.kilo`), and the name ends in `.x1000` so `ratios.sh` divides samples back.
func fastBenchmark(_ name: String, _ body: @escaping Benchmark.BenchmarkClosure) {
    Benchmark("\(name).x1000", configuration: RunLength.current.configuration(scalingFactor: .kilo), closure: body)
}

/// Registers a benchmark of an async operation that takes well under a millisecond (see the synchronous
/// variant).
func fastBenchmark(_ name: String, _ body: @escaping Benchmark.BenchmarkAsyncClosure) {
    Benchmark("\(name).x1000", configuration: RunLength.current.configuration(scalingFactor: .kilo), closure: body)
}

/// The configuration of operations that take milliseconds: a few samples are enough.
func slow(samples: Int) -> Benchmark.Configuration {
    RunLength.current.configuration(scalingFactor: .one, samples: samples)
}

/// Runs `body` once per scaled iteration, keeping its result alive so the optimizer can't drop it.
@inline(__always)
func measure<Result>(_ benchmark: Benchmark, _ body: () -> Result) {
    for _ in benchmark.scaledIterations {
        blackHole(body())
    }
}

// MARK: - Baselines

/// What the platform costs for the same job: the figures every ratio is taken against.
func registerBaselines() {
    let localizedError: any Error = ForecastUnavailableError()
    fastBenchmark("baseline.localizedError.errorDescription") { benchmark in
        measure(benchmark) { (identity(localizedError) as? any LocalizedError)?.errorDescription }
    }

    let urlError: any Error = URLError(.notConnectedToInternet)
    fastBenchmark("baseline.urlError.nsErrorLocalizedDescription") { benchmark in
        measure(benchmark) { (identity(urlError) as NSError).localizedDescription }
    }

    fastBenchmark("baseline.tree3.stringDescribing") { benchmark in
        measure(benchmark) { String(describing: identity(threeLevelTree)) }
    }

    // The least any reflected operation on the tree costs: a Mirror and its first child per enum node.
    fastBenchmark("baseline.tree3.mirrorFloor") { benchmark in
        measure(benchmark) { reflectCases(of: identity(threeLevelTreeEnumNodes)) }
    }

    fastBenchmark("baseline.tree3declared.stringDescribing") { benchmark in
        measure(benchmark) { String(describing: identity(threeLevelDeclaredTree)) }
    }

    fastBenchmark("baseline.tree3wrapping.stringDescribing") { benchmark in
        measure(benchmark) { String(describing: identity(threeLevelWrappingTree)) }
    }

    // The floor of any rendering: concatenating the very bytes it produces into a new String.
    let summaryPieces = concatenationPieces(of: ErrorReport(threeLevelTree).summary)
    fastBenchmark("baseline.tree3.summary.concatenate") { benchmark in
        measure(benchmark) { concatenate(identity(summaryPieces)) }
    }

    let textPieces = concatenationPieces(of: ErrorReport(threeLevelTree).text)
    fastBenchmark("baseline.tree3.text.concatenate") { benchmark in
        measure(benchmark) { concatenate(identity(textPieces)) }
    }
}

// MARK: - Resolution

func registerResolution() {
    let localizedError: any Error = ForecastUnavailableError()
    fastBenchmark("presentation.localizedError") { benchmark in
        measure(benchmark) { resolver.presentation(for: identity(localizedError)) }
    }

    let urlError: any Error = URLError(.notConnectedToInternet)
    fastBenchmark("presentation.urlError") { benchmark in
        measure(benchmark) { resolver.presentation(for: identity(urlError)) }
    }

    fastBenchmark("presentation.tree3") { benchmark in
        measure(benchmark) { resolver.presentation(for: identity(threeLevelTree)) }
    }

    fastBenchmark("presentation.tree3declared") { benchmark in
        measure(benchmark) { resolver.presentation(for: identity(threeLevelDeclaredTree)) }
    }

    // `WrappingError` without `declaredCaseName`: informational, next to the declared tree.
    fastBenchmark("presentation.tree3wrapping") { benchmark in
        measure(benchmark) { resolver.presentation(for: identity(threeLevelWrappingTree)) }
    }
}

// MARK: - Reports

func registerReports() {
    fastBenchmark("report.tree3.summary") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelTree)).summary }
    }

    fastBenchmark("report.tree3.text") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelTree)).text }
    }

    fastBenchmark("report.tree3.groupingKey") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelTree)).groupingKey }
    }

    // The same tree with `WrappingError` conformances that state their case names: Remedy's own share,
    // without reflection.
    fastBenchmark("report.tree3declared.summary") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelDeclaredTree)).summary }
    }

    fastBenchmark("report.tree3declared.text") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelDeclaredTree)).text }
    }

    fastBenchmark("report.tree3declared.groupingKey") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelDeclaredTree)).groupingKey }
    }

    // `WrappingError` conformances without `declaredCaseName`: one `Mirror` per node for its case.
    fastBenchmark("report.tree3wrapping.text") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelWrappingTree)).text }
    }

    fastBenchmark("report.tree3wrapping.groupingKey") { benchmark in
        measure(benchmark) { ErrorReport(identity(threeLevelWrappingTree)).groupingKey }
    }
}

// MARK: - Deep chains

/// A 10,000-deep chain of nested errors, and a 1,000-deep one to show that the costs grow linearly.
func registerDeepChains() {
    for depth in [1_000, 10_000] {
        // Built on first use, in the warm-up, not each time the suite registers its benchmarks.
        let chain = { depth == 1_000 ? chain1000 : chain10000 }
        Benchmark("chain.walk.\(depth)", configuration: slow(samples: 200)) { benchmark in
            measure(benchmark) {
                var nodes = 0
                for _ in ErrorTree(identity(chain())) { nodes += 1 }
                precondition(nodes == depth, "walked \(nodes) of \(depth) nodes")
                return nodes
            }
        }

        Benchmark("chain.summary.\(depth)", configuration: slow(samples: 200)) { benchmark in
            measure(benchmark) { ErrorReport(identity(chain())).summary }
        }

        // The floor of every walk of the chain: a Mirror and its first child per node that holds a cause,
        // with the nodes handed in already found (no cast). Three walks (walk, summary, text) cost at least
        // three times this.
        if depth == 10_000 {
            let nodes = { causeHoldingNodes10000 }
            Benchmark("chain.mirrorFloor.\(depth)", configuration: slow(samples: 200)) { benchmark in
                measure(benchmark) {
                    let found = reflectCases(of: identity(nodes()))
                    precondition(found == depth - 1, "reflected \(found) of \(depth - 1) nodes")
                    return found
                }
            }
        }

        // The full report is capped (64 KiB by default): the walk is what grows with the depth.
        Benchmark("chain.text.\(depth)", configuration: slow(samples: 200)) { benchmark in
            measure(benchmark) { ErrorReport(identity(chain())).text }
        }

        // Each sample releases 10,000 nodes at either depth (ten 1,000-deep chains, or one 10,000-deep
        // chain), so both figures come from samples of the same length and memory footprint: a sample of
        // one 1,000-deep chain lasts about 40 µs, a tenth of the deeper one's, and is a tenth as likely
        // to be interrupted on a loaded machine and fits in a cache the deeper one doesn't. The name
        // says how many chains a sample releases (`.x10`), and `ratios.sh` divides the samples back.
        let chainsPerSample = 10_000 / depth
        let name = "chain.release.\(depth)" + (chainsPerSample > 1 ? ".x\(chainsPerSample)" : "")
        Benchmark(name, configuration: slow(samples: 200)) { benchmark in
            for _ in benchmark.scaledIterations {
                let holders = (0..<chainsPerSample).map { _ in ErrorHolder(makeChain(depth: depth)) }
                benchmark.startMeasurement()
                for holder in holders {
                    holder.release()
                }
                benchmark.stopMeasurement()
            }
        }
    }
}

// MARK: - Context stacks

/// A `ContextError` of 100,000 layers: built, walked, reported and released, on the main thread and on
/// a thread with a 512 KiB stack.
func registerContextStacks() {
    let layers = 100_000

    Benchmark("context100k.build", configuration: slow(samples: 20)) { benchmark in
        measure(benchmark) { makeContextStack(layers: layers) }
    }

    Benchmark("context100k.walk", configuration: slow(samples: 50)) { benchmark in
        measure(benchmark) {
            var nodes = 0
            for node in ErrorTree(identity(contextStack)) {
                nodes += 1
                blackHole(node)
            }
            return nodes
        }
    }

    Benchmark("context100k.summary", configuration: slow(samples: 50)) { benchmark in
        measure(benchmark) { ErrorReport(identity(contextStack)).summary }
    }

    Benchmark("context100k.text", configuration: slow(samples: 50)) { benchmark in
        measure(benchmark) { ErrorReport(identity(contextStack)).text }
    }

    Benchmark("context100k.release", configuration: slow(samples: 20)) { benchmark in
        for _ in benchmark.scaledIterations {
            let holder = ErrorHolder(makeContextStack(layers: layers))
            benchmark.startMeasurement()
            holder.release()
            benchmark.stopMeasurement()
        }
    }

    Benchmark("context100k.all.stack512KiB", configuration: slow(samples: 20)) { benchmark in
        measure(benchmark) {
            onThread(stackSize: 512 * 1_024) {
                let stack = makeContextStack(layers: layers)
                var nodes = 0
                for _ in ErrorTree(stack) { nodes += 1 }
                blackHole(ErrorReport(stack).summary)
                blackHole(ErrorReport(stack).text)
                precondition(nodes == 2, "a context stack is one node over its cause")
            }
        }
    }
}

/// Fixtures built on first use (globals are lazy): registering the suite stays cheap.
let chain1000 = makeChain(depth: 1_000)
let chain10000 = makeChain(depth: 10_000)
let causeHoldingNodes10000 = causeHoldingNodes(of: chain10000)
let contextStack = makeContextStack(layers: 100_000)
