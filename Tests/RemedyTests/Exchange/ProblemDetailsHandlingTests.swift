import Foundation
import Remedy
import RemedyTesting
import Testing

/// A Problem Details response handled end to end through a root scope: the server's actions work.
@Suite(.timeLimit(.minutes(10)))
struct ProblemDetailsHandlingTests {
    private static let orderURL = URL(string: "https://api.example.com/orders/42")!

    /// The error a client reads from a response with this body.
    private func failure(
        status: Int,
        _ json: String,
        headers: [String: String] = [:],
        transport: ProblemDetailsError.ActionTransport
    ) -> any Error {
        var all = headers
        all["Content-Type"] = "application/problem+json"
        return ProblemDetailsError.error(
            status: status,
            header: { all[$0] },
            body: Data(json.utf8),
            url: Self.orderURL,
            actionTransport: transport
        )
    }

    /// A transport that records the requests it is asked to send and answers with a status.
    private final class RecordingTransport: Sendable {
        let requests = LockedValue<[String]>([])
        let status: Int

        init(status: Int) { self.status = status }

        var transport: ProblemDetailsError.ActionTransport {
            ProblemDetailsError.ActionTransport { method, url in
                self.requests.withLock { $0.append("\(method) \(url.absoluteString)") }
                return .init(status: self.status)
            }
        }
    }

    @Test func tryAgainRunsTheOperationAgainAndTheSecondAttemptSucceeds() async throws {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let unused = RecordingTransport(status: 500)
        let calls = LockedCounter()
        let order = await harness.scope.attempt("Loading the order") {
            if calls.increment() == 1 {
                throw failure(
                    status: 409,
                    #"{"title":"Order Busy","detail":"Another device is saving this order.","reference":"7KQ2-9F3A","#
                        + #""actions":[{"id":"retry","title":"Try Again","role":"recommended"}]}"#,
                    transport: unused.transport
                )
            }
            return "order 42"
        }
        #expect(order == "order 42")
        #expect(calls.value == 2)
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.title == "Order Busy")
        #expect(presentation.message == "Another device is saving this order.")
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
        #expect(unused.requests.withLock { $0 }.isEmpty)
        // The screen and the client's log show the server's reference.
        #expect(presentation.supportReference.description == "7KQ2-9F3A")
        let failures = harness.record(of: "Loading the order").failures
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0["reference"] == "7KQ2-9F3A" })
    }

    @Test func aLinkActionSendsItsRequestAndA2xxRetriesTheOperation() async throws {
        let harness = HandlingHarness(answers: [.title("Refresh Order")])
        let server = RecordingTransport(status: 204)
        let calls = LockedCounter()
        let order = await harness.scope.attempt("Saving the order") {
            if calls.increment() == 1 {
                throw failure(
                    status: 409,
                    #"{"title":"Order Changed","detail":"Refresh the order to see the changes.","actions":["#
                        + #"{"id":"refresh","title":"Refresh Order","request":{"method":"POST","href":"refresh"}}]}"#,
                    transport: server.transport
                )
            }
            return "saved"
        }
        #expect(order == "saved")
        #expect(calls.value == 2)
        #expect(server.requests.withLock { $0 } == ["POST https://api.example.com/orders/refresh"])
    }

    @Test func aLinkActionThatFailsIsHandledAsANewError() async throws {
        let harness = HandlingHarness(answers: [.title("Refresh Order")], otherwise: .role(.cancel))
        let server = RecordingTransport(status: 500)
        let calls = LockedCounter()
        let order: String? = await harness.scope.attempt("Saving the order") {
            calls.increment()
            throw failure(
                status: 409,
                #"{"title":"Order Changed","actions":["#
                    + #"{"id":"refresh","title":"Refresh Order","request":{"href":"/orders/42/refresh"}}]}"#,
                transport: server.transport
            )
        }
        #expect(order == nil)
        #expect(calls.value == 1)
        #expect(server.requests.withLock { $0 } == ["POST https://api.example.com/orders/42/refresh"])
        // The failed refresh (a plain HTTP 500) is presented after the problem, with the catalog's text.
        #expect(harness.presentations.count == 2)
        #expect(
            harness.presentations.last?.title == ErrorResolver().presentation(for: HTTPStatusError(status: 500)).title)
    }

    @Test func aSignInActionGoesToTheAppsTakeOverRuleThenTheOperationRunsAgain() async throws {
        let signedIn = LockedValue(false)
        let signIns = LockedCounter()
        let harness = HandlingHarness(rules: [
            .httpStatus(
                401,
                .takeOver { _ in
                    signIns.increment()
                    signedIn.withLock { $0 = true }
                    return .recovered
                }
            )
        ])
        let unused = RecordingTransport(status: 500)
        let calls = LockedCounter()
        let profile = await harness.scope.attempt("Loading the profile") {
            calls.increment()
            guard signedIn.withLock({ $0 }) else {
                throw failure(
                    status: 401,
                    #"{"title":"Session Expired","detail":"Sign in again to continue.","#
                        + #""actions":[{"id":"signIn","title":"Sign In","role":"recommended"}]}"#,
                    transport: unused.transport
                )
            }
            return "Ada"
        }
        #expect(profile == "Ada")
        #expect(signIns.value == 1)
        #expect(calls.value == 2)
        #expect(harness.presentations.isEmpty)
        #expect(harness.record(of: "Loading the profile").outcomes == [.takenOver])
    }

    @Test func theServersRetryAfterIsTheWaitBeforeTheAutomaticRetry() async throws {
        let harness = HandlingHarness(
            configuration: testConfiguration(
                retryPolicy: .exponential(maximumRetries: 1, initialDelay: .milliseconds(100), randomFraction: { 0 })
            )
        )
        let unused = RecordingTransport(status: 500)
        let calls = LockedCounter()
        let result = Task {
            await harness.scope.attempt("Loading the feed") {
                if calls.increment() == 1 {
                    throw failure(
                        status: 503,
                        #"{"title":"Busy","detail":"Try again in a moment.","retryAfter":7}"#,
                        transport: unused.transport
                    )
                }
                return "feed"
            }
        }
        #expect(await harness.clock.waitForSleepRequest(of: .seconds(7)))
        #expect(calls.value == 1)
        harness.clock.advance(by: .seconds(7))
        #expect(await result.value == "feed")
        #expect(calls.value == 2)
        #expect(harness.presentations.isEmpty)
        #expect(harness.record(of: "Loading the feed").automaticRetries == 1)
    }
}
