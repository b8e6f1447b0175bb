#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#else
#error("LockedValue needs pthread mutexes")
#endif

/// A value behind a lock: the small lock box for shared mutable state.
///
/// The value and its mutex live in one allocation (as in swift-nio's `NIOLockedValueBox`): boxes are made
/// for every handled failure (its recovery group, a context layer's list, a race), and `NSLock` costs two
/// allocations of its own besides the box. `Synchronization.Mutex` would do the same, but it needs
/// macOS 15 / iOS 18, above Remedy's deployment targets.
///
/// Copies share one value and one lock.
package struct LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `ManagedBuffer` is explicitly not Sendable, because its header and elements can be
    // reached without synchronization. `Storage` only reaches them in `withLock`, with its mutex held
    // (see `Storage`), so sharing it between threads is safe.
    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// Not re-entrant: `body` must not call `withLock` on the same box.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// The value (the header) and a `pthread_mutex_t` (the one element), tail-allocated in one object.
    ///
    /// Why the unsafe pointers are safe: `ManagedBuffer` hands out pointers to its header and elements
    /// that stay valid for the lifetime of the object, and each pointer is used only inside the closure
    /// that received it, while `self` is alive. The mutex is initialized exactly once, in `make`, before
    /// the object is shared, and destroyed exactly once, in `deinit`, when nobody can lock it any more. A
    /// pthread mutex must not move once initialized; the elements of a `ManagedBuffer` never move.
    ///
    /// The value is only read or written between `pthread_mutex_lock` and `pthread_mutex_unlock` of the
    /// object's own mutex (`withLock`), so accesses from different threads are serialized; `Value` is
    /// `Sendable`, so it may be handed between them. `LockedValueTests` check the mutual exclusion under
    /// contention (and under the thread sanitizer), that the lock is released when the body throws, and
    /// that the value is released with the box.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in value }
            // `create` returns the dynamic type it was called on (`Storage`), typed as its superclass.
            // A checked cast: the optimizer removes it, and a wrong type would trap instead of corrupting.
            let storage = buffer as! Storage
            storage.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            return storage
        }

        deinit {
            withUnsafeMutablePointerToElements { mutex in
                let status = pthread_mutex_destroy(mutex)
                precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
                _ = mutex.deinitialize(count: 1)
            }
        }

        /// Runs `body` with the mutex held, without touching the value.
        func withMutex<Result>(_ body: () throws -> Result) rethrows -> Result {
            try withUnsafeMutablePointerToElements { mutex in
                let status = pthread_mutex_lock(mutex)
                precondition(status == 0, "pthread_mutex_lock failed: \(status)")
                defer { pthread_mutex_unlock(mutex) }
                return try body()
            }
        }

        func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            try withUnsafeMutablePointers { value, mutex in
                let status = pthread_mutex_lock(mutex)
                precondition(status == 0, "pthread_mutex_lock failed: \(status)")
                defer { pthread_mutex_unlock(mutex) }
                return try body(&value.pointee)
            }
        }
    }
}

extension LockedValue where Value == Void {
    /// A plain lock, for state that lives elsewhere (in properties that are only touched with it held).
    package init() {
        self.init(())
    }

    /// Runs `body` with the lock held.
    ///
    /// Not re-entrant: `body` must not take the same lock. There is no value to hand to `body`: an
    /// `inout` access to an empty value is still an access, which the thread sanitizer reports as a race
    /// with the object's header.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try storage.withMutex(body)
    }
}
