import Foundation
import Remedy
import RemedyTesting
import Testing

/// A failure that arrives after the person answered is shown, banners included; one that joins an answer
/// whose action is still being carried out is told so and never waits on that action, whatever task it
/// comes from.
@Suite(.timeLimit(.minutes(10)))
struct AnsweredArrivalTests {
    /// A minor failure of a service: shown as a banner that offers Try Again.
    private static let offline = MessageError(
        "The sync service can't be reached.", category: .externalSystemUnavailable, severity: .minor)

    @Test func aRetriedAttemptThatFailsAgainWhileItsBannerIsVisibleIsShownToThePerson() async {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let runs = LockedCounter()
        let value: Int? = await harness.scope.attempt("Syncing") {
            runs.increment()
            throw Self.offline
        }
        #expect(value == nil)
        #expect(harness.presentations.map(\.style) == [.banner, .banner])
        #expect(harness.record(of: "Syncing").outcomes == [.recovered, .gaveUp])
        #expect(runs.value == 2)
    }

    @Test func anAttemptInsideABannersOwnActionThatFailsTheSameWayIsShown() async {
        let harness = HandlingHarness(answers: [.title("Repair")])
        let inner = LockedList<Int?>()
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            inner.append(await harness.scope.attempt("Syncing") { () throws -> Int in throw Self.failure(repair: nil) })
            return .notRecovered
        }
        let value: Int? = await harness.scope.attempt("Syncing") { () throws -> Int in
            throw Self.failure(repair: repair)
        }
        #expect(value == nil)
        #expect(inner.values == [nil])
        #expect(harness.presentations.map(\.style) == [.banner, .banner])
    }

    @Test(arguments: [Severity.minor, .major])
    func anAttemptInADetachedTaskOfTheActionThatFailsTheSameWayDoesNotWaitOnIt(style: Severity) async {
        let harness = HandlingHarness(answers: [.title("Repair")])
        let inner = LockedList<HandlingOutcome>()
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            // Work the action waits for, in a task that inherits nothing from it.
            let outcome = await Task.detached {
                await harness.scope.handle(Self.failure(repair: nil, severity: style)).value
            }.value
            inner.append(outcome)
            return .notRecovered
        }
        let outcome = await harness.scope.handle(Self.failure(repair: repair, severity: style)).value
        #expect(outcome == .presented)
        #expect(inner.values == [.coalesced])
        #expect(harness.presentations.count == 1)
    }

    @Test func aHandlingInACallbackOfTheActionThatFailsTheSameWayDoesNotWaitOnIt() async {
        let harness = HandlingHarness(answers: [.title("Repair")])
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            // A completion handler on a queue of its own, as older APIs call back.
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<HandlingOutcome, Never>) in
                DispatchQueue.global().async {
                    let task = harness.scope.handle(Self.failure(repair: nil, severity: .major))
                    Task.detached { continuation.resume(returning: await task.value) }
                }
            }
            return outcome == .coalesced ? .notRecovered : .recovered
        }
        #expect(await harness.scope.handle(Self.failure(repair: repair, severity: .major)).value == .presented)
        #expect(harness.presentations.count == 1)
    }

    /// The same failure wherever it is made: the action of its option is not part of what a person sees.
    private static func failure(repair: RecoveryOption?, severity: Severity = .minor) -> MessageError {
        let stand = RecoveryOption(title: "Repair", role: .recommended) { .notRecovered }
        return MessageError(
            "The sync index is damaged.", category: .internalInconsistency, severity: severity,
            options: [repair ?? stand])
    }
}
