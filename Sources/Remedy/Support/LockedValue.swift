import Foundation

/// A value behind a lock: the small lock box for shared mutable state.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 / iOS 18; `NSLock` works on every
/// deployment target Remedy supports.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `lock`, so access is serialized.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
