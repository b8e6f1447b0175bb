import Foundation
import Remedy
import RemedyTesting
import Testing

/// A chain of services (issue 36): a service that answers an error it received from another names that service's
/// reference as the cause of its own; the client shows the service's reference and logs both.
@Suite(.timeLimit(.minutes(10)))
struct ProblemDetailsCauseReferenceTests {
    private static let orderURL = URL(string: "https://api.example.com/orders/42")!

    private func failure(_ json: String, headers: [String: String] = [:]) -> any Error {
        var all = headers
        all["Content-Type"] = "application/problem+json"
        return ProblemDetailsError.error(
            status: 409, header: { all[$0] }, body: Data(json.utf8), url: Self.orderURL,
            actionTransport: ProblemDetailsError.ActionTransport { _, _ in .init(status: 500) })
    }

    @Test("The error keeps the cause and the texts' language, and its developer description names the cause")
    func theErrorKeepsTheCause() throws {
        let error = try #require(
            failure(
                #"{"title":"Dienst nicht verfügbar","reference":"7KQ2-9F3A","causeReference":"AB12-CD34"}"#,
                headers: ["Content-Language": "de"]) as? ProblemDetailsError)
        #expect(error.supportReference == SupportReference("7KQ2-9F3A"))
        #expect(error.causeReference == SupportReference("AB12-CD34"))
        #expect(error.contentLanguage == "de")
        #expect(error.developerDescription.contains("causeReference: AB12-CD34"))
        #expect(ErrorReport(error).text.contains("AB12-CD34"))
        let plain = try #require(failure(#"{"title":"Busy","reference":"7KQ2-9F3A"}"#) as? ProblemDetailsError)
        #expect(plain.causeReference == nil && plain.contentLanguage == nil)
        #expect(!plain.developerDescription.contains("causeReference"))
    }

    @Test("The client shows the service's reference and logs the cause beside it")
    func theClientsRecordNamesTheCause() async throws {
        let harness = HandlingHarness(answers: [.role(.cancel)])
        let _: Int? = await harness.scope.attempt("Loading the order") {
            throw failure(
                #"{"title":"Order Busy","reference":"7KQ2-9F3A","causeReference":"AB12-CD34"}"#)
        }
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.supportReference == SupportReference("7KQ2-9F3A"))
        let failures = harness.record(of: "Loading the order").failures
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0["reference"] == "7KQ2-9F3A" && $0["cause.reference"] == "AB12-CD34" })
        let received = try #require(harness.logs.entries.first { $0["event"] == "received" })
        #expect(received["cause.reference"] == "AB12-CD34")
    }

    @Test("An error without a cause logs none")
    func noCauseNoMetadata() async throws {
        let harness = HandlingHarness(answers: [.role(.cancel)])
        let _: Int? = await harness.scope.attempt("Loading the order") {
            throw failure(#"{"title":"Order Busy","reference":"7KQ2-9F3A"}"#)
        }
        let entries = harness.logs.entries
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { $0["cause.reference"] == nil })
    }
}
