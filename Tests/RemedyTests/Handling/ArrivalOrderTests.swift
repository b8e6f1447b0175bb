import Foundation
import Remedy
import RemedyTesting
import Testing

/// Errors one task hands in one after the other are presented in the order it handed them in, whichever
/// of their handlings reaches the scheduler first.
@Suite(.timeLimit(.minutes(10)))
struct ArrivalOrderTests {
    @Test(arguments: 0..<20)
    func tenDifferentErrorsHandedInByOneTaskArePresentedInTheirOrder(run: Int) async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        let messages = (1...10).map { "Step \($0) of run \(run) failed." }
        let handlings = messages.map { harness.scope.handle(MessageError($0)) }
        for handling in handlings {
            #expect(await handling.value == .presented)
        }
        #expect(harness.presentations.map(\.message) == messages)
    }

    @Test func anAlertHandedInLaterWaitsForAnEarlierOneStillOnItsWay() async {
        let presenter = ScriptedPresenter([.held(.defaultOption)], otherwise: .defaultOption)
        let root = ErrorScope.root(presenter: presenter, clock: TestClock())
        let first = root.handle(MessageError("The first step failed."))
        let second = root.handle(MessageError("The second step failed."))
        await presenter.waitForPresentations(1)
        presenter.release()
        #expect(await first.value == .presented)
        #expect(await second.value == .presented)
        #expect(presenter.presentations.map(\.message) == ["The first step failed.", "The second step failed."])
    }
}
