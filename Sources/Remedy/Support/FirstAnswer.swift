/// The first of several answers, handed to the one task that waits for it; later answers are ignored.
struct FirstAnswer<Value: Sendable>: Sendable {
    private let state = LockedValue<(continuation: CheckedContinuation<Value, Never>?, value: Value?)>((nil, nil))

    func give(_ value: Value) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }

    /// Waits for the first answer; `start` runs once the task waits, unless an answer came first. A
    /// cancelled task gives itself `cancelled`, so an answer that never comes can't hang it.
    func value(onCancel cancelled: Value, starting start: () -> Void = {}) async -> Value {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
                let early = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.continuation = continuation
                    return nil
                }
                guard let early else { return start() }
                continuation.resume(returning: early)
            }
        } onCancel: {
            give(cancelled)
        }
    }
}
