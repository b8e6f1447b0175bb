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
        let answer = FirstAnswer<RecoveryRunOutcome>()
        let worker = Task { answer.give(await work()) }
        let timer: Task<Void, Never>? = timeout.map { timeout in
            Task {
                // Cancelled when the work ended first.
                guard (try? await clock.sleep(for: max(timeout, .zero))) != nil else { return }
                answer.give(.timedOut)
            }
        }
        let result = await answer.value(onCancel: .cancelled)
        timer?.cancel()
        // A no-op when the work has ended; otherwise it outlives the race, told to stop.
        worker.cancel()
        return result
    }
}
