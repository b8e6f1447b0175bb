import Foundation
import Testing

@testable import Remedy

/// The server side: a problem made from a resolved presentation carries only person-facing text.
struct ProblemDetailsPresentationTests {
    /// An error with a developer's description the problem must never carry.
    private struct OrderStoreFailure: PresentableError {
        var title: String? { "Order Not Saved" }
        var message: String { "The order couldn't be saved. Try again in a moment." }
        var detail: String? { "constraint orders_pkey violated in /srv/app/OrderStore.swift:42" }
        var category: ErrorCategory { .externalSystemUnavailable }
        var recoveryOptions: [RecoveryOption] {
            [
                .retry,
                RecoveryOption(id: "contactSupport", title: "Contact Support") { .notRecovered },
                RecoveryOption(title: "Open Status Page") { .notRecovered },
            ]
        }
        var developerDescription: String { "SQLITE_CONSTRAINT: INSERT INTO orders …" }
    }

    @Test func carriesThePresentationsTextsAndOptionsOnly() throws {
        let presentation = ErrorResolver().presentation(for: OrderStoreFailure())
        let problem = ProblemDetails(
            presentation,
            status: 503,
            instance: "urn:request:7",
            retryAfter: .seconds(30),
            requests: ["contactSupport": .init(method: "POST", href: "/support/tickets")]
        )
        #expect(problem.type == "about:blank")
        #expect(problem.title == "Order Not Saved")
        #expect(problem.detail == "The order couldn't be saved. Try again in a moment.")
        #expect(problem.status == 503)
        #expect(problem.instance == "urn:request:7")
        #expect(problem.category == .externalSystemUnavailable)
        #expect(problem.severity == presentation.severity)
        #expect(problem.retryAfter == .seconds(30))
        #expect(problem.supportReference == presentation.supportReference)
        #expect(problem.actions.map(\.id) == ["retry", "contactSupport", "option3", "cancel"])
        #expect(problem.actions[0].role == .recommended && problem.actions[0].title == "Try Again")
        #expect(problem.actions[1].request == .init(method: "POST", href: "/support/tickets"))
        #expect(problem.actions[2].request == nil)
        #expect(problem.actions[3].role == .cancel)
        let body = String(decoding: problem.encoded(), as: UTF8.self)
        for secret in ["orders_pkey", "OrderStore.swift", "SQLITE", "INSERT"] {
            #expect(!body.contains(secret), "\(secret) leaked into \(body)")
        }
    }

    @Test func anAcknowledgementIsNotAnAction() {
        let presentation = ErrorResolver().presentation(for: MessageError("The file is read-only."))
        #expect(presentation.options.map(\.id) == ["ok"])
        let problem = ProblemDetails(presentation, status: 403)
        #expect(problem.actions.isEmpty)
    }

    @Test func optionIDsSurviveRetitlingAndTheClientReadsThemBack() throws {
        var retitled = RecoveryOption(id: "refresh", title: "Refresh") { .recovered }
        retitled.title = "Neu laden"
        retitled.role = .recommended
        #expect(retitled.id == "refresh")
        #expect(RecoveryOption.signIn { true }.id == "signIn")
        #expect(RecoveryOption(title: "Plain") { .recovered }.id == nil)
        let presentation = Presentation(
            title: "Order Changed",
            message: "Refresh the order to see the changes.",
            options: [retitled, .signIn { true }],
            error: MessageError("x")
        )
        let problem = ProblemDetails(presentation, status: 409, requests: ["refresh": .init(href: "/orders/42")])
        let decoded = try ProblemDetails(decoding: problem.encoded(), contentType: ProblemDetails.mediaType)
        #expect(decoded.actions.map(\.id) == ["refresh", "signIn", "cancel"])
        let error = ProblemDetailsError(
            problem: decoded,
            status: 409,
            url: URL(string: "https://api.example.com/orders/42/save"),
            actionTransport: .init { _, _ in .init(status: 204) }
        )
        #expect(error.recoveryOptions.map(\.id) == ["refresh", "cancel"])
        #expect(error.recoveryOptions.first?.title == "Neu laden")
        #expect(error.requiresSignIn)
    }
}
