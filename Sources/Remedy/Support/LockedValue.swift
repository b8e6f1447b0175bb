import Foundation

/// A value behind a lock, shared by copies. Not `Synchronization.Mutex`: that needs macOS 15 / iOS 18,
/// above Remedy's deployment targets.
package struct LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: the one stored value is only read or written inside `withLock`, with the lock held, so
    // accesses from different threads are serialized; `Value` is `Sendable`, so it may be handed between
    // them. `LockedValueTests` check the mutual exclusion under contention.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage(value)
    }

    /// Not re-entrant: `body` must not call `withLock` on the same box.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.value)
    }
}

extension LockedValue where Value == Void {
    /// A plain lock, for state kept in properties only touched with it held.
    package init() {
        self.init(())
    }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body()
    }
}
