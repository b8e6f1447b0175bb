/// Not Apple API: lets a test wait, without sleeping, until a fake of the stand-in reaches a state.
///
/// Every fake that changes (a view added, a controller presented, an alert ended) calls ``changed()``; a
/// waiting test re-checks its condition then.
@MainActor
public final class FakeChanges {
    /// The one instance every fake reports to.
    public static let shared = FakeChanges()

    private var waiters: [(condition: @MainActor () -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// Re-checks the conditions of the waiting tests and resumes those that hold.
    public func changed() {
        var ready: [CheckedContinuation<Void, Never>] = []
        waiters.removeAll { waiter in
            guard waiter.condition() else { return false }
            ready.append(waiter.continuation)
            return true
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `condition` holds (at once if it already does).
    public func wait(until condition: @escaping @MainActor () -> Bool) async {
        if condition() { return }
        await withCheckedContinuation { waiters.append((condition, $0)) }
    }
}
