import Foundation
import Remedy
import RemedyTesting
import Testing

/// The ready-made rules, and the order rules run in.
@Suite(.timeLimit(.minutes(10)))
struct ErrorRuleTests {
    private func decides(_ rule: ErrorRule, _ error: any Error, silence expected: Bool) throws -> Bool {
        let decision = try rule.decision(for: HandledError(error))
        if case .silence = decision { return expected }
        if case .passOn = decision { return !expected }
        return false
    }

    @Test(arguments: [
        CancellationError() as any Error,
        URLError(.cancelled),
        CocoaError(.userCancelled),
        MessageError("stopped", category: .cancellation),
        ContextError("Loading", wrapping: CancellationError()),
    ])
    func everyKindOfCancellationIsSilent(_ error: any Error) {
        #expect(HandledError(error).isSilent)
    }

    @Test func otherErrorsAreNotSilent() {
        #expect(!HandledError(HTTPStatusError(status: 500)).isSilent)
        #expect(!HandledError(URLError(.timedOut)).isSilent)
    }

    @Test func categoryAndSeverityRulesMatchTheResolvedError() throws {
        let input = MessageError("x", category: .invalidInput, severity: .minor)
        #expect(try decides(.category(.invalidInput, .silence), input, silence: true))
        #expect(try decides(.category(.permissionDenied, .silence), input, silence: false))
        #expect(try decides(.severity(...Severity.minor, .silence), input, silence: true))
        #expect(try decides(.severity(Severity.major..., .silence), input, silence: false))
    }

    @Test func matchingFindsATypeAnywhereInTheTree() throws {
        let error = ContextError("Loading", wrapping: ProfileServiceError.request(.http(HTTPStatusError(status: 401))))
        let rule = ErrorRule.matching(HTTPStatusError.self) { http, _ in http.status == 401 ? .silence : .passOn }
        #expect(try decides(rule, error, silence: true))
        #expect(try decides(.httpStatus(401, .silence), error, silence: true))
        #expect(try decides(.httpStatus(403, .silence), error, silence: false))
    }

    @Test func rulesRunFromTheInnermostScopeOutwards() async {
        let order = LockedList<String>()
        let harness = HandlingHarness(rules: [
            ErrorRule("root") { _ in
                order.append("root")
                return .passOn
            }
        ])
        let child = harness.scope.child(
            "Screen",
            rules: [
                ErrorRule("screen") { _ in
                    order.append("screen")
                    return .passOn
                }
            ]
        )
        let request = child.child(
            "Request",
            rules: [
                ErrorRule("request") { _ in
                    order.append("request")
                    return .passOn
                }
            ]
        )
        #expect(await request.handle(Boom()).value == .gaveUp)
        #expect(order.values == ["request", "screen", "root"])
        #expect(request.path == "App/Screen/Request")
        #expect(request.root === harness.scope)
    }

    @Test func anInnerSilenceStopsTheErrorBeforeAnOuterTakeOver() async {
        let takenOver = LockedCounter()
        let harness = HandlingHarness(rules: [
            .severity(
                Severity.minor...,
                .takeOver { _ in
                    takenOver.increment()
                    return .notRecovered
                })
        ])
        let quiet = harness.scope.child("Background", rules: [.silence { _ in true }])
        #expect(await quiet.handle(Boom()).value == .silenced)
        #expect(takenOver.value == 0)
        #expect(await harness.scope.handle(Boom()).value == .takenOver)
        #expect(takenOver.value == 1)
    }

    @Test func aReplacementGoesOnToTheNextRules() async {
        let harness = HandlingHarness(rules: [.category(.invalidInput, .silence)])
        let child = harness.scope.child(
            "Form",
            rules: [.matching(Boom.self) { _, _ in .replace(MessageError("Fix the form.", category: .invalidInput)) }]
        )
        #expect(await child.handle(Boom()).value == .silenced)
        #expect(harness.presentations.isEmpty)
    }
}
