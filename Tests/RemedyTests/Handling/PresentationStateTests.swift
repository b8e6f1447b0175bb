import Observation
import Remedy
import RemedyTesting
import Testing

/// The root's observable state, as a SwiftUI view would bind to it, tested with Observation on Linux.
@Suite(.timeLimit(.minutes(10)))
struct PresentationStateTests {
    @Test func observersLearnWhenAnAlertAppearsAndGoes() async throws {
        let harness = HandlingHarness(answers: [.held(.role(.cancel))])
        let state = harness.scope.state
        let changed = LockedCounter()
        withObservationTracking {
            _ = state.current
        } onChange: {
            changed.increment()
        }
        let task = harness.scope.handle(HTTPStatusError(status: 500))
        await changed.wait(until: 1)
        await state.wait { $0.current != nil }
        #expect(state.current?.options.map(\.title) == ["OK"])

        let dismissed = LockedCounter()
        withObservationTracking {
            _ = state.current
        } onChange: {
            dismissed.increment()
        }
        harness.presenter.release()
        #expect(await task.value == .gaveUp)
        await dismissed.wait(until: 1)
        #expect(state.current == nil)
    }

    @Test func observersLearnAboutBannersAndTheirCount() async {
        let harness = HandlingHarness(catalog: .testing)
        let state = harness.scope.state
        let changed = LockedCounter()
        withObservationTracking {
            _ = state.banners
        } onChange: {
            changed.increment()
        }
        harness.scope.handle(ConnectionRefused())
        await changed.wait(until: 1)
        await state.wait { $0.banners.count == 1 }
        harness.scope.handle(ConnectionRefused())
        await state.wait { $0.banners.first?.occurrences == 2 }
        #expect(state.banners.count == 1)
    }

    @Test func theWaitingCountFollowsTheQueue() async {
        let harness = HandlingHarness(otherwise: .held(.dismiss))
        let changed = LockedCounter()
        let state = harness.scope.state
        withObservationTracking {
            _ = state.waitingCount
        } onChange: {
            changed.increment()
        }
        harness.scope.handle(HTTPStatusError(status: 500))
        await harness.presenter.waitForPresentations(1)
        harness.scope.handle(Boom())
        await changed.wait(until: 1)
        await state.wait { $0.waitingCount == 1 }
        harness.presenter.release()
        await state.wait { $0.waitingCount == 0 && $0.current == nil }
        #expect(harness.presentations.count == 2)
    }
}
