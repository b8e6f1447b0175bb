import Benchmark
import Foundation
import Logging
import Remedy
import RemedyBenchmarkSupport

func registerHandling() {
    // Every error presented, no answer reused (coalescing off), answered with Cancel at once; logged at
    // debug, so the quiet root's info-level handler gets nothing, as in an app at its usual log level.
    fastBenchmark("handle.major") { benchmark in
        let root = makePresentingRoot()
        let error: any Error = DraftNotSavedError()
        var gaveUp = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if await root.handle(error).value == .gaveUp { gaveUp += 1 }
        }
        benchmark.stopMeasurement()
        precondition(gaveUp == benchmark.scaledIterations.count, "every error is shown and cancelled")
    }

    fastBenchmark("attempt.failure") { benchmark in
        let root = makePresentingRoot()
        var gaveUp = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let value = await root.attempt("Saving the draft") { () throws(DraftNotSavedError) -> Int in
                throw DraftNotSavedError()
            }
            if value == nil { gaveUp += 1 }
        }
        benchmark.stopMeasurement()
        precondition(gaveUp == benchmark.scaledIterations.count, "the person cancelled, so every attempt gives up")
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
            await runStorm(tasks: 1_000, errorsPerTask: 10)
        }
    }
}
