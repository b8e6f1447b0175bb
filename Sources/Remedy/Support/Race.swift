/// Runs other people's code (recovery actions, take-over handlers, cleanup hooks), which may ignore
/// cancellation and never return, without ever hanging the caller: it gets the work's outcome,
/// ``RecoveryRunOutcome/timedOut`` on the injected clock, or ``RecoveryRunOutcome/cancelled`` when it is
/// cancelled, whichever comes first. Work that outlives the race is cancelled and left to finish alone.
enum Race {
    static func run(
        timeout: Duration?,
        clock: any Clock<Duration>,
        _ work: @escaping @Sendable () async -> RecoveryRunOutcome
    ) async -> RecoveryRunOutcome {
        typealias Continuation = CheckedContinuation<RecoveryRunOutcome, Never>
        let box = LockedValue<(continuation: Continuation?, result: RecoveryRunOutcome?)>((nil, nil))
        @Sendable func finish(_ result: RecoveryRunOutcome) {
            let waiting = box.withLock { state -> Continuation? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(returning: result)
        }
        let worker = Task { finish(await work()) }
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
            await withCheckedContinuation { (continuation: Continuation) in
                let early = box.withLock { state -> RecoveryRunOutcome? in
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
        // A no-op when the work has ended; otherwise it outlives the race, told to stop.
        worker.cancel()
        return result
    }
}
