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
/// The state is safe to read from any thread. It changes in the tasks that handle errors and hear from
/// the presenter, not on the main actor: UIKit or AppKit code that reacts to changes in `withObservationTracking`'s `onChange` hops to the
/// main actor itself. (The SwiftUI presenters of the planned `RemedyUI` module are Apple-only and not
/// part of this package yet.)
public final class PresentationState: Observable, Sendable {
    private struct Storage: Sendable {
        /// The current presentation, shared with the scheduler (a reference, not a copy of every text),
        /// and its count of occurrences, which grows in place as identical errors join.
        var current: SharedPresentation?
        var currentOccurrences = 0
        var banners: [Presentation] = []
        var waitingCount = 0
    }

    private let registrar = ObservationRegistrar()
    /// The key path of ``current``, made once: the scheduler changes `current` twice per presentation, and
    /// a key path literal is looked up in the runtime's cache each time it is evaluated.
    private static let currentKeyPath: KeyPath<PresentationState, Presentation?> & Sendable = \.current
    private let storage = LockedValue(Storage())
    private let changes = ChangeSignal()

    /// Creates an empty state.
    public init() {}

    /// The blocking presentation being shown, or `nil`. Its ``Presentation/occurrences`` grows while
    /// identical errors join it.
    public var current: Presentation? {
        registrar.access(self, keyPath: \.current)
        let current = storage.withLock { storage in storage.current.map { ($0, storage.currentOccurrences) } }
        guard let (shown, occurrences) = current else { return nil }
        return shown.presentation(occurrences: occurrences)
    }

    /// The banners being shown, oldest first. Each goes away after the configured banner duration.
    public var banners: [Presentation] {
        registrar.access(self, keyPath: \.banners)
        return storage.withLock { $0.banners }
    }

    /// How many blocking presentations wait behind ``current``.
    public var waitingCount: Int {
        registrar.access(self, keyPath: \.waitingCount)
        return storage.withLock { $0.waitingCount }
    }

    // MARK: - Updates (by the scheduler)

    func setCurrent(_ presentation: SharedPresentation?) {
        registrar.withMutation(of: self, keyPath: Self.currentKeyPath) {
            storage.withLock { storage in
                storage.current = presentation
                storage.currentOccurrences = presentation?.value.occurrences ?? 0
            }
        }
        changes.signal()
    }

    /// Sets the count of occurrences of the current presentation, in place: an identical error joined it.
    func setCurrentOccurrences(_ occurrences: Int) {
        registrar.withMutation(of: self, keyPath: Self.currentKeyPath) {
            storage.withLock { $0.currentOccurrences = occurrences }
        }
        changes.signal()
    }

    func setBanners(_ banners: [Presentation]) {
        registrar.withMutation(of: self, keyPath: \.banners) {
            storage.withLock { $0.banners = banners }
        }
        changes.signal()
    }

    func setWaitingCount(_ count: Int) {
        guard storage.withLock({ $0.waitingCount != count }) else { return }
        registrar.withMutation(of: self, keyPath: \.waitingCount) {
            storage.withLock { $0.waitingCount = count }
        }
        changes.signal()
    }

    // MARK: - Waiting (for tests)

    /// Waits until a condition on the state holds, without polling or sleeping.
    ///
    /// Observation's `onChange` fires before a value changes; this waits on a signal sent after each
    /// change, so it can't miss one.
    ///
    /// - Parameter condition: The condition, checked now and after every change.
    /// - Returns: `true` when the condition held, `false` when the calling task was cancelled first.
    @discardableResult
    package func wait(until condition: (PresentationState) -> Bool) async -> Bool {
        await changes.wait { condition(self) }
    }
}
