import Foundation
import Remedy
import Testing

/// The callback form of the attempter, which AppKit's sheets use: recovery is reported only once the action
/// finished.
@Suite(.timeLimit(.minutes(10)))
struct ErrorRecoveryAttempterTests {
    /// A one-way signal an action can wait on, released by the test.
    final class Gate: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream()
        }

        func wait() async {
            for await _ in stream { return }
        }

        func open() {
            continuation.yield()
            continuation.finish()
        }
    }

    struct Reports: Sendable {
        let stream: AsyncStream<Bool>
        let continuation: AsyncStream<Bool>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream()
        }

        func next() async -> Bool? {
            for await value in stream { return value }
            return nil
        }
    }

    @Test func recoveryIsReportedOnlyAfterTheActionFinished() async {
        let started = Gate()
        let release = Gate()
        let finished = LockedFlag()
        let option = RecoveryOption(title: "Free Up Space", role: .recommended) {
            started.open()
            await release.wait()
            finished.set()
            return .recovered
        }
        let reports = Reports()
        let attempter = ErrorRecoveryAttempter(options: [option, .cancel])
        attempter.attemptRecovery(optionIndex: 0) { recovered in
            // The action must be over by the time recovery is reported.
            reports.continuation.yield(recovered && finished.isSet)
        }
        await started.wait()
        #expect(!finished.isSet)
        release.open()
        #expect(await reports.next() == true)
    }

    @Test func anOptionThatDoesNotRecoverIsReportedAsNotRecovered() async {
        let reports = Reports()
        let attempter = ErrorRecoveryAttempter(options: [.retry, .cancel])
        attempter.attemptRecovery(optionIndex: 1) { reports.continuation.yield($0) }
        #expect(await reports.next() == false)
    }

    @Test func anActionThatThrowsIsReportedAsNotRecovered() async {
        struct Broken: Error {}
        let reports = Reports()
        let attempter = ErrorRecoveryAttempter(options: [RecoveryOption(title: "Repair") { throw Broken() }])
        attempter.attemptRecovery(optionIndex: 0) { reports.continuation.yield($0) }
        #expect(await reports.next() == false)
    }

    @Test(arguments: [-1, 2, Int.max])
    func anIndexOutOfRangeIsReportedAtOnceAndRunsNothing(index: Int) {
        let ran = LockedFlag()
        let reported = LockedFlag()
        let recovered = LockedFlag()
        let option = RecoveryOption(title: "Try Again", role: .recommended) {
            ran.set()
            return .recovered
        }
        ErrorRecoveryAttempter(options: [option, .cancel]).attemptRecovery(optionIndex: index) {
            reported.set()
            if $0 { recovered.set() }
        }
        #expect(reported.isSet)
        #expect(!recovered.isSet)
        #expect(!ran.isSet)
    }
}

/// A flag set from any thread.
struct LockedFlag: Sendable {
    private let value = LockedValue(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() { value.withLock { $0 = true } }
}
