import Observation

/// What the root ``ErrorScope`` is showing right now, observable by SwiftUI and anything else that
/// uses Observation.
///
/// The root's scheduler updates it: ``current`` is the blocking presentation (alert, route or
/// fatal) being shown, ``banners`` are the minor ones shown alongside. A SwiftUI view binds to it
/// directly:
///
/// ```swift
/// struct ErrorOverlay: View {
///     let state: PresentationState
///     var body: some View {
///         VStack {
///             ForEach(state.banners, id: \.groupingKey) { BannerView($0) }
///         }
///     }
/// }
/// ```
///
/// The state is safe to read from any thread. It changes off the main actor: UIKit or AppKit code that
/// reacts in `withObservationTracking`'s `onChange` hops to the main actor itself.
public final class PresentationState: Observable, Sendable {
    /// Numbered in the order the scheduler took it.
    struct Snapshot: Sendable {
        var version: UInt64 = 0
        var current: (entry: UInt64, presentation: Presentation)?
        var banners: [(entry: UInt64, presentation: Presentation)] = []
        var waitingCount = 0
    }

    private let registrar = ObservationRegistrar()
    private let storage = LockedValue(Snapshot())
    private let changes = ChangeSignal()

    package init() {}

    /// The blocking presentation being shown, or `nil`. Its ``Presentation/occurrences`` grows while
    /// identical errors join it.
    public var current: Presentation? {
        registrar.access(self, keyPath: \.current)
        return storage.withLock { $0.current?.presentation }
    }

    /// The banners being shown, oldest first. Each goes away after the configured banner duration.
    public var banners: [Presentation] {
        registrar.access(self, keyPath: \.banners)
        return storage.withLock { $0.banners.map(\.presentation) }
    }

    /// How many blocking presentations wait behind ``current``.
    package var waitingCount: Int {
        registrar.access(self, keyPath: \.waitingCount)
        return storage.withLock { $0.waitingCount }
    }

    // MARK: - Updates (by the scheduler)

    /// Called without the scheduler's lock: observers may hand in errors from `onChange`.
    func publish(_ snapshot: Snapshot) {
        let changed = storage.withLock { storage -> (current: Bool, banners: Bool, waitingCount: Bool)? in
            guard snapshot.version > storage.version else { return nil }
            return (
                !Self.same(storage.current.map { [$0] } ?? [], snapshot.current.map { [$0] } ?? []),
                !Self.same(storage.banners, snapshot.banners),
                storage.waitingCount != snapshot.waitingCount
            )
        }
        guard let changed else { return }
        if changed.current { registrar.willSet(self, keyPath: \.current) }
        if changed.banners { registrar.willSet(self, keyPath: \.banners) }
        if changed.waitingCount { registrar.willSet(self, keyPath: \.waitingCount) }
        // The values replaced are released after the lock: a presentation's actions may hold the last
        // reference to the root scope, whose release closes the scheduler, which publishes.
        let replaced = storage.withLock { storage -> Snapshot? in
            guard snapshot.version > storage.version else { return nil }
            defer { storage = snapshot }
            return storage
        }
        if changed.current { registrar.didSet(self, keyPath: \.current) }
        if changed.banners { registrar.didSet(self, keyPath: \.banners) }
        if changed.waitingCount { registrar.didSet(self, keyPath: \.waitingCount) }
        withExtendedLifetime(replaced) {}
        changes.signal()
    }

    private static func same(
        _ lhs: [(entry: UInt64, presentation: Presentation)],
        _ rhs: [(entry: UInt64, presentation: Presentation)]
    ) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy {
                $0.entry == $1.entry && $0.presentation.occurrences == $1.presentation.occurrences
            }
    }

    // MARK: - Waiting (for tests)

    /// Waits until a condition holds; `false` when cancelled first. Observation's `onChange` fires before
    /// a change, so this waits on a signal sent after each.
    @discardableResult
    package func wait(until condition: (PresentationState) -> Bool) async -> Bool {
        await changes.wait { condition(self) }
    }
}
