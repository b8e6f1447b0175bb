/// Not Apple API: lets a test wait, without sleeping, until a fake of the stand-in reaches a state.
///
/// Every fake that changes (a view added, a controller presented, an alert ended) calls ``changed()``; a
/// waiting test re-checks its condition then.
@MainActor
public final class FakeChanges {
    /// The one instance every fake reports to.
    public static let shared = FakeChanges()

    private typealias Waiter = (
        id: Int, condition: @MainActor () -> Bool, continuation: CheckedContinuation<Void, Never>
    )

    private var waiters: [Waiter] = []
    private var lastID = 0

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

    /// Returns once `condition` holds (at once if it already does), or when the waiting task is cancelled —
    /// as a test is at its time limit, which then fails rather than hangs.
    public func wait(until condition: @escaping @MainActor () -> Bool) async {
        if condition() { return }
        lastID += 1
        let id = lastID
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                waiters.append((id, condition, continuation))
            }
        } onCancel: {
            Task { @MainActor in FakeChanges.shared.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume()
    }
}
