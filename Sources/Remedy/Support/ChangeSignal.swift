/// Lets tasks wait for a condition on shared state without polling: whoever changes the state calls
/// ``signal()``. The version is read before the condition, so a change between check and wait is never missed.
package final class ChangeSignal: Sendable {
    private struct Storage: Sendable {
        var version: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: @Sendable () -> Void] = [:]
    }

    private let storage = LockedValue(Storage())

    package init() {}

    package func signal() {
        let waiters = storage.withLock { storage -> [@Sendable () -> Void] in
            storage.version &+= 1
            // Mostly nobody waits: no array of the waiters, and nothing to remove.
            if storage.waiters.isEmpty { return [] }
            defer { storage.waiters.removeAll() }
            return Array(storage.waiters.values)
        }
        for waiter in waiters { waiter() }
    }

    /// Waits until `condition`, checked now and after every signal, holds: `true`; `false` when the calling
    /// task was cancelled first.
    @discardableResult
    package func wait(until condition: () -> Bool) async -> Bool {
        while true {
            let seen = storage.withLock { $0.version }
            if condition() { return true }
            if Task.isCancelled { return false }
            let id = storage.withLock { storage -> UInt64 in
                storage.nextWaiter &+= 1
                return storage.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resume = OnceAction { continuation.resume() }
                    let changed = storage.withLock { storage -> Bool in
                        if storage.version != seen { return true }
                        storage.waiters[id] = { resume.run() }
                        return false
                    }
                    if changed || Task.isCancelled { resume.run() }
                }
            } onCancel: {
                let waiter = storage.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?()
            }
            storage.withLock { _ = $0.waiters.removeValue(forKey: id) }
        }
    }
}

/// Runs an action at most once, however often it is asked to.
package final class OnceAction: Sendable {
    private let action: LockedValue<(@Sendable () -> Void)?>

    package init(_ action: @escaping @Sendable () -> Void) {
        self.action = LockedValue(action)
    }

    package func run() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
