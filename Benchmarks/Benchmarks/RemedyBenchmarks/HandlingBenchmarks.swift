import Benchmark
import Foundation
import Logging
import Remedy
import RemedyBenchmarkSupport

func registerHandling() {
    // Every error is presented: coalescing is off, so no answer is reused. The log handler is at the
    // usual `info` level, where Remedy's handling lines (`debug`) are dropped before they are built.
    fastBenchmark("handle.major") { benchmark in
        let presenter = CancellingPresenter()
        let root = makeQuietRoot(
            presenter: presenter,
            counter: CountingLogHandler.Counter(),
            configuration: ErrorScope.Configuration(coalescingWindow: .zero)
        )
        let error: any Error = DraftNotSavedError()
        var gaveUp = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let outcome = await root.handle(error).value
            if outcome == .gaveUp { gaveUp += 1 }
            blackHole(outcome)
        }
        benchmark.stopMeasurement()
        let count = benchmark.scaledIterations.count
        precondition(gaveUp == count && presenter.presentationCount == count, "every error is presented")
    }

    fastBenchmark("baseline.directCall") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? await loadValue())
        }
    }

    fastBenchmark("attempt.success") { benchmark in
        let root = makeQuietRoot(counter: CountingLogHandler.Counter())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await root.attempt("Loading the value") { try await loadValue() })
        }
    }

    // 10,000 identical errors from 1,000 tasks at once: one presentation with a count, every error
    // handled. The presenter holds the alert until all of them joined it. The log handler is at the usual
    // `info` level, where Remedy's handling lines (`debug`) are dropped before they are built.
    Benchmark("storm.10000", configuration: slow(samples: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            let tasks = 1_000
            let errorsPerTask = 10
            let counter = CountingLogHandler.Counter()
            let presenter = StormPresenter(occurrences: tasks * errorsPerTask)
            let root = makeQuietRoot(presenter: presenter, counter: counter)
            presenter.state = root.state
            let coalesced = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        let handling = (0..<errorsPerTask).map { _ in root.handle(DraftNotSavedError()) }
                        var coalesced = 0
                        for task in handling where await task.value == .coalesced {
                            coalesced += 1
                        }
                        return coalesced
                    }
                }
                return await group.reduce(0, +)
            }
            precondition(coalesced == tasks * errorsPerTask - 1, "every error but the first joins: \(coalesced)")
            precondition(presenter.presentationCount == 1, "one presentation: \(presenter.presentationCount)")
        }
    }
}
