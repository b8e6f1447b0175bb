import Foundation
import Logging
import Remedy

// What the benchmarks and `remedy-profile` share besides the error fixtures.

/// Remedy's texts in English, whatever the machine's locale.
package let english = Localization(locale: Locale(identifier: "en"))

/// A resolver in English, created once: its cost is not part of any figure.
package let resolver = ErrorResolver(localization: english)

/// A text cut into the pieces a renderer appends: words and separators.
package func concatenationPieces(of text: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    for character in text {
        current.append(character)
        if character == " " || character == "\n" {
            pieces.append(current)
            current = ""
        }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
}

/// Appends pieces into one new String.
@inline(never)
package func concatenate(_ pieces: [String]) -> String {
    var result = ""
    for piece in pieces {
        result += piece
    }
    return result
}

/// A root scope in English whose presenter answers at once and whose log handler drops what it gets.
package func makeQuietRoot(
    presenter: any ErrorPresenter = SilentPresenter(),
    counter: CountingLogHandler.Counter,
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ErrorScope.Configuration = ErrorScope.Configuration()
) -> ErrorScope {
    ErrorScope.root(
        presenter: presenter,
        localization: english,
        logger: Logger(label: "benchmarks") { _ in CountingLogHandler(counter: counter) },
        clock: clock,
        configuration: configuration
    )
}

/// The root of the handling benchmarks: every failure is presented and answered with Cancel at once.
/// Its clock stands still, so no timer of the system runs, and coalescing is off, so every failure is
/// presented (no answer reused).
///
/// - Parameter answersAtOnce: Whether the presenter answers in `immediateAnswer(to:)` (no task of its
///   own), or only in `present(_:)`.
package func makePresentingRoot(answersAtOnce: Bool = true) -> ErrorScope {
    makeQuietRoot(
        presenter: CancellingPresenter(answersAtOnce: answersAtOnce),
        counter: CountingLogHandler.Counter(),
        clock: FrozenClock(),
        configuration: ErrorScope.Configuration(coalescingWindow: .zero)
    )
}

/// A clock whose time never moves: a sleep until a later instant lasts until its task is cancelled.
///
/// Handling arms a timeout for every presentation and cancels it when the presenter answers. On the
/// continuous clock each timeout is a timer of the system that stays armed after the cancellation, and
/// the work of the timer queue depends on the timing of threads; on this clock it is a parked
/// continuation, so the same work takes the same instructions on every run.
package struct FrozenClock: Clock {
    package let now: ContinuousClock.Instant
    package var minimumResolution: Duration { .zero }

    package init() {
        now = ContinuousClock.now
    }

    package func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        guard deadline > now else { return }
        let sleeper = Sleeper()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                sleeper.park(continuation)
            }
        } onCancel: {
            sleeper.wake()
        }
        throw CancellationError()
    }

    /// One sleep's continuation, resumed once, by the cancellation of its task.
    private final class Sleeper: @unchecked Sendable {
        // Both stored properties are behind the lock.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?
        private var isCancelled = false

        func park(_ continuation: CheckedContinuation<Void, Never>) {
            let resumeNow = lock.withLock {
                if isCancelled { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }

        func wake() {
            let parked = lock.withLock {
                isCancelled = true
                defer { continuation = nil }
                return continuation
            }
            parked?.resume()
        }
    }
}

/// Returns its argument through a call the optimizer can't see into, so work on it can't be folded away.
@inline(never)
package func opaque<Value>(_ value: Value) -> Value {
    value
}

/// The work an `attempt` wraps: opaque to the optimizer, so both figures pay for the same call.
@inline(never)
package func loadValue() async throws -> Int {
    opaque(42)
}

/// A storm: `errorsPerTask` identical errors handed to one root from each of `tasks` tasks at once. They
/// make one presentation with a count, which the presenter holds until every error joined it; every
/// error is handled. The log handler is at the usual `info` level, where Remedy's handling lines
/// (`debug`) are dropped before they are built.
package func runStorm(tasks: Int, errorsPerTask: Int) async {
    let presenter = StormPresenter(occurrences: tasks * errorsPerTask)
    let root = makeQuietRoot(presenter: presenter, counter: CountingLogHandler.Counter())
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
