#if canImport(Synchronization)
import Synchronization
#endif

/// A number that threads change and read without holding a lock of their own: an atomic where the
/// platform has `Synchronization` (always on Linux), else a number behind a lock. Which of the two is
/// decided once per counter, by the platform, so both can't serve one counter.
///
/// Every operation is one indivisible step on the one number (sequentially consistent), as it was behind a
/// lock: an increment is never lost, and a read sees every change that happened before it.
class SharedCounter: @unchecked Sendable {
    // @unchecked: the base class holds nothing; each subclass keeps its number in a Sendable box (an
    // `Atomic` or a `LockedValue`) and touches it only through that box's operations.

    /// A counter starting at zero.
    static func make() -> SharedCounter {
        #if canImport(Synchronization)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return AtomicCounter()
        }
        #endif
        return LockedCounter()
    }

    fileprivate init() {}

    /// Adds `delta` (wrapping around on overflow) and returns the new value.
    @discardableResult
    func add(_ delta: Int) -> Int {
        preconditionFailure("SharedCounter.add(_:) is implemented by its subclasses")
    }

    /// The current value.
    func load() -> Int {
        preconditionFailure("SharedCounter.load() is implemented by its subclasses")
    }
}

private final class LockedCounter: SharedCounter, @unchecked Sendable {
    private let value = LockedValue<Int>(0)

    override func add(_ delta: Int) -> Int {
        value.withLock { value in
            value &+= delta
            return value
        }
    }

    override func load() -> Int {
        value.withLock { $0 }
    }
}

#if canImport(Synchronization)
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class AtomicCounter: SharedCounter, @unchecked Sendable {
    private let value = Atomic<Int>(0)

    override func add(_ delta: Int) -> Int {
        value.wrappingAdd(delta, ordering: .sequentiallyConsistent).newValue
    }

    override func load() -> Int {
        value.load(ordering: .sequentiallyConsistent)
    }
}
#endif
