import Foundation

/// Bridges a callback that may be called never, once or many times into an async value: the first call
/// counts, and a cancelled waiter gets `false`, so a callback that never comes can't hang it.
enum OnceContinuation {
    static func value(_ start: (@escaping @Sendable (Bool) -> Void) -> Void) async -> Bool {
        let box = LockedValue<(continuation: CheckedContinuation<Bool, Never>?, result: Bool?)>((nil, nil))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let early = box.withLock { state -> Bool? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                    return
                }
                start { value in
                    let waiting = box.withLock { state -> CheckedContinuation<Bool, Never>? in
                        guard state.result == nil else { return nil }
                        state.result = value
                        defer { state.continuation = nil }
                        return state.continuation
                    }
                    waiting?.resume(returning: value)
                }
            }
        } onCancel: {
            let waiting = box.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard state.result == nil else { return nil }
                state.result = false
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(returning: false)
        }
    }
}
