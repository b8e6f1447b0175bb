/// The end of a raced piece of work: its value, the timeout, or the caller's cancellation.
enum RaceOutcome<Value: Sendable>: Sendable {
    case value(Value)
    case timedOut
    case cancelled
}

/// Runs work that may never return, without ever hanging the caller.
///
/// Presenters, recovery actions, take-over handlers and cleanup hooks are other people's code: they may
/// ignore cancellation and never return. The work runs in an unstructured task; the caller waits for
/// whichever comes first: the work's value, the timeout on the injected clock, or its own cancellation.
/// Work that outlives the race is cancelled and left to finish on its own; nobody waits for it.
enum Race {
    static func run<Value: Sendable>(
        timeout: Duration?,
        clock: any Clock<Duration>,
        _ work: @escaping @Sendable () async -> Value
    ) async -> RaceOutcome<Value> {
        let box = LockedValue<
            (continuation: CheckedContinuation<RaceOutcome<Value>, Never>?, result: RaceOutcome<Value>?)
        >(
            (nil, nil)
        )
        @Sendable func finish(_ result: RaceOutcome<Value>) {
            let waiting = box.withLock { state -> CheckedContinuation<RaceOutcome<Value>, Never>? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(returning: result)
        }
        let worker = Task {
            let value = await work()
            finish(.value(value))
        }
        let timer: Task<Void, Never>? = timeout.map { timeout in
            Task {
                do {
                    try await clock.sleep(for: max(timeout, .zero))
                    finish(.timedOut)
                } catch {
                    // Cancelled: the work ended first.
                }
            }
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RaceOutcome<Value>, Never>) in
                let early = box.withLock { state -> RaceOutcome<Value>? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            finish(.cancelled)
        }
        timer?.cancel()
        if case .value = result {} else { worker.cancel() }
        return result
    }
}

/// Catches what an async throwing body throws, as a `Result`.
func captureResult<Success>(_ body: () async throws -> Success) async -> Result<Success, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
