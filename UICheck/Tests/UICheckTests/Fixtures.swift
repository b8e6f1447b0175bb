import Foundation
import Observation
import Remedy
import RemedyTesting
import StandInSupport
import Testing
import UIKit

/// What the tests share: the storage scenario's presentation, a root scope on a test clock, and waiting
/// without sleeping.
enum Fixtures {
    static let english = Localization(locale: Locale(identifier: "en"))

    /// Saving failed for lack of space: Try Again (recommended), Free Up Space, Cancel. Its Try Again is its
    /// own option (Remedy's ready-made `.retry` is offered only where the error has no other way out).
    struct StorageFull: PresentableError {
        var freeUpSpace: RecoveryOption
        var title: String? { "Not Enough Storage" }
        var message: String { "The note couldn't be saved because the device is full." }
        var recoveryOptions: [RecoveryOption] {
            [RecoveryOption(title: "Try Again", role: .recommended) { .recovered }, freeUpSpace, .cancel]
        }
    }

    /// A minor failure: a banner, with Try Again as its one action.
    struct SyncDelayed: PresentableError {
        var title: String? { "Sync Delayed" }
        var message: String { "Your notes will sync when the connection is back." }
        var severity: Severity { .minor }
        var recoveryOptions: [RecoveryOption] { [.retry] }
    }

    /// A critical failure: the session expired; its screen is the app's sign-in.
    struct SessionExpired: PresentableError {
        var title: String? { "Signed Out" }
        var message: String { "Sign in again to keep syncing." }
        var severity: Severity { .critical }
        var recoveryOptions: [RecoveryOption] { [.retry] }
    }

    static func freeUpSpace(_ ran: LockedCounter = LockedCounter()) -> RecoveryOption {
        RecoveryOption(title: "Free Up Space") {
            ran.increment()
            return .recovered
        }
    }

    static func storagePresentation(freeUpSpace: RecoveryOption = Fixtures.freeUpSpace()) -> Presentation {
        ErrorResolver(catalog: .empty, localization: english)
            .presentation(for: StorageFull(freeUpSpace: freeUpSpace))
    }

    /// A fatal error's presentation: another alert than the storage one.
    static func fatalPresentation() -> Presentation {
        ErrorResolver(catalog: .empty, localization: english)
            .presentation(for: FatalError("The notes database is damaged beyond repair."))
    }

    /// A root scope on a test clock: no automatic retries or minimum duration, English texts, logs kept in
    /// memory, and a terminate function that only counts.
    static func root(
        presenter: any ErrorPresenter,
        clock: TestClock = TestClock(),
        bannerDuration: Duration = .seconds(4),
        terminations: LockedCounter = LockedCounter()
    ) -> ErrorScope {
        var configuration = HandlingHarness.defaultConfiguration
        configuration.bannerDuration = bannerDuration
        return ErrorScope.root(
            presenter: presenter,
            catalog: .empty,
            localization: english,
            logger: LogRecording().logger(),
            clock: clock,
            configuration: configuration,
            terminate: { _ in terminations.increment() }
        )
    }
}

/// The suites that set `UIApplication.shared.delegate`, where the responder chain ends: one test at a time.
@Suite(.serialized)
enum AppDelegateSuites {}

/// A counter safe to bump from any task.
final class LockedCounter: Sendable {
    private let lock = NSLock()
    // Read and written only while `lock` is held.
    nonisolated(unsafe) private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// Starts presenting, and returns once the presenter has presented, queued, been refused or begun waiting:
/// it runs on the main actor up to its first wait, right after the start is announced.
@MainActor
func presenting(
    _ presentation: Presentation, with presenter: any ErrorPresenter
) async -> Task<RecoveryOption?, any Error> {
    final class Started { var value = false }
    let started = Started()
    let task = Task {
        started.value = true
        FakeChanges.shared.changed()
        return try await presenter.present(presentation)
    }
    await fakes { started.value }
    return task
}

/// Returns once a fake of the stand-in reaches a state.
@MainActor
func fakes(until condition: @escaping @MainActor () -> Bool) async {
    await FakeChanges.shared.wait(until: condition)
}

/// Returns once an observable condition holds, re-checking it whenever what it read changes.
@MainActor
func observed(until condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            withObservationTracking {
                _ = condition()
            } onChange: {
                continuation.resume()
            }
        }
    }
}

/// The controller on top of what `controller` presents (through RemedyUI's host, to the alert or route
/// above it), or `nil` when it presents nothing.
@MainActor
func topmost(over controller: UIViewController) -> UIViewController? {
    var top = controller.presentedViewController
    while let next = top?.presentedViewController { top = next }
    return top
}
