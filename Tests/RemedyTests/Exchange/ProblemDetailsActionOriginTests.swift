import Foundation
import Logging
import RemedyTesting
import Testing

@testable import Remedy

/// A client that never acts outside the origin of the response a problem came from (issue 23): no origin,
/// another origin, a redirect, a method outside the set, and thousands of actions. Nothing is sent where it
/// mustn't be, and every refusal is logged on one line.
@Suite(.timeLimit(.minutes(10)))
struct ProblemDetailsActionOriginTests {
    private static let orderURL = URL(string: "https://api.example.com/orders/42")!

    /// A transport that records what it is asked to send and answers with a scripted response.
    private final class RecordingTransport: Sendable {
        let requests = LockedValue<[String]>([])
        let log = LogRecording()
        private let answer: @Sendable (URL) -> ProblemDetailsError.ActionTransport.Response

        init(
            answer: @escaping @Sendable (URL) -> ProblemDetailsError.ActionTransport.Response = { _ in
                .init(status: 204)
            }
        ) {
            self.answer = answer
        }

        var transport: ProblemDetailsError.ActionTransport {
            ProblemDetailsError.ActionTransport(logger: log.logger()) { method, url in
                self.requests.withLock { $0.append("\(method) \(url.absoluteString)") }
                return self.answer(url)
            }
        }

        var sent: [String] { requests.withLock { $0 } }

        /// The refusals logged, by reason.
        var refusals: [String] { log.entries.compactMap { $0["refused"] } }
    }

    private func problemError(
        actions: String,
        url: URL? = orderURL,
        transport: RecordingTransport
    ) throws -> ProblemDetailsError {
        let error = ProblemDetailsError.error(
            status: 409,
            header: { $0 == "Content-Type" ? ProblemDetails.mediaType : nil },
            body: Data(#"{"title":"Order Changed","actions":[\#(actions)]}"#.utf8),
            url: url,
            actionTransport: transport.transport
        )
        return try #require(error as? ProblemDetailsError)
    }

    private func link(_ id: String, method: String = "POST", href: String, role: String = "normal") -> String {
        #"{"id":"\#(id)","title":"\#(id)","role":"\#(role)","request":{"method":"\#(method)","href":"\#(href)"}}"#
    }

    // MARK: - Where an action may go

    @Test func withoutTheResponsesURLNoLinkActionIsOffered() throws {
        let transport = RecordingTransport()
        let error = try problemError(
            actions: [
                #"{"id":"retry","title":"Try Again"}"#,
                link("absolute", method: "DELETE", href: "https://evil.example.net/x"),
                link("relative", href: "/orders/42/refresh"),
            ].joined(separator: ","),
            url: nil,
            transport: transport
        )
        #expect(error.recoveryOptions.map(\.id) == ["retry"])
        #expect(transport.sent.isEmpty)
        #expect(transport.refusals == ["noOrigin", "noOrigin"])
    }

    @Test(
        "An action on another origin is refused",
        arguments: [
            "http://api.example.com/orders/42/refresh",  // scheme switch https → http
            "https://api.example.com:8443/orders/42/refresh",  // another port
            "https://evil.example.net/orders/42/refresh",  // another host
            "//evil.example.net/x",  // another host, scheme-relative
            "https://api.example.com@evil.example.net/x",  // user info that looks like the host
            "https://api.example.com.evil.example.net/x",  // a host that starts like it
            "ftp://api.example.com/x", "javascript:alert(1)", "file:///etc/passwd",
        ]
    )
    func anActionOnAnotherOriginIsRefused(href: String) throws {
        let transport = RecordingTransport()
        let error = try problemError(actions: link("elsewhere", href: href), transport: transport)
        #expect(error.recoveryOptions.isEmpty)
        #expect(transport.sent.isEmpty)
        #expect(transport.refusals.count == 1)
        #expect(["otherOrigin", "notHTTP"].contains(transport.refusals.first ?? ""))
    }

    @Test(arguments: ["https://API.Example.com:443/orders/42/refresh", "/orders/42/refresh", "refresh"])
    func anActionOnTheSameOriginIsOffered(href: String) async throws {
        let transport = RecordingTransport()
        let error = try problemError(actions: link("refresh", href: href), transport: transport)
        let option = try #require(error.recoveryOptions.first)
        #expect(try await option.perform() == .recovered)
        #expect(transport.sent.count == 1)
        #expect(transport.sent.first?.hasPrefix("POST https://") == true)
        #expect(transport.refusals.isEmpty)
    }

    @Test(arguments: ["TRACE", "CONNECT", "OPTIONS", "HEAD", "PROPFIND"])
    func aMethodOutsideTheSetIsRefused(method: String) throws {
        let transport = RecordingTransport()
        let error = try problemError(actions: link("odd", method: method, href: "/orders/42"), transport: transport)
        #expect(error.recoveryOptions.isEmpty)
        #expect(transport.refusals == ["methodNotAllowed"])
    }

    @Test func theDocumentedMethodsAreSent() async throws {
        #expect(ProblemDetailsError.actionMethods == ["GET", "POST", "PUT", "PATCH", "DELETE"])
        for method in ["get", "Post", "PUT", "patch", "DELETE"] {
            let transport = RecordingTransport()
            let error = try problemError(actions: link("act", method: method, href: "/a"), transport: transport)
            _ = try await #require(error.recoveryOptions.first).perform()
            #expect(transport.sent == ["\(method.uppercased()) https://api.example.com/a"])
        }
    }

    // MARK: - Answers Remedy doesn't take

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsAFailureAndNeverFollowed(status: Int) async throws {
        let transport = RecordingTransport { _ in
            .init(status: status, headers: ["Location": "https://evil.example.net/steal"])
        }
        let error = try problemError(
            actions: link("delete", method: "DELETE", href: "/orders/42"), transport: transport)
        let option = try #require(error.recoveryOptions.first)
        await #expect {
            try await option.perform()
        } throws: { error in
            (error as? HTTPStatusError)?.status == status
        }
        #expect(transport.sent == ["DELETE https://api.example.com/orders/42"])
        #expect(transport.refusals == ["redirect"])
        let line = try #require(transport.log.entries.last)
        #expect(line["url"] == "https://evil.example.net/steal")
    }

    @Test func anAnswerFromAnotherOriginIsAFailureEvenWhenItIsA2xx() async throws {
        let transport = RecordingTransport { _ in
            .init(status: 200, url: URL(string: "https://evil.example.net/steal"))
        }
        let error = try problemError(actions: link("refresh", href: "/orders/42/refresh"), transport: transport)
        await #expect(throws: HTTPStatusError.self) {
            try await #require(error.recoveryOptions.first).perform()
        }
        #expect(transport.refusals == ["otherOrigin"])
    }

    @Test func aRefusedRedirectIsHandledAsANewErrorNeverRecovered() async throws {
        let harness = HandlingHarness(answers: [.title("refresh")], otherwise: .role(.cancel))
        let transport = RecordingTransport { _ in
            .init(status: 307, headers: ["Location": "http://127.0.0.1:9/steal"])
        }
        let calls = LockedCounter()
        let order: String? = await harness.scope.attempt("Saving the order") {
            calls.increment()
            throw try problemError(actions: link("refresh", href: "/orders/42/refresh"), transport: transport)
        }
        #expect(order == nil)
        #expect(calls.value == 1, "the operation never ran again: the redirect was not a recovery")
        #expect(harness.presentations.count == 2)
        #expect(harness.record(of: "Saving the order").outcomes.allSatisfy { $0 != .recovered })
        // The refused redirect is shown with the catalog's calm text of its status, never as a raw error.
        let shown = try #require(harness.presentations.last)
        // Inside the attempt it offers Try Again, so the status's text keeps its "Try again" sentence.
        let entry = try #require(ErrorCatalog.builtInEntry(named: "http.unexpectedStatus"))
        #expect(shown.options.contains { $0.isRetry })
        #expect(shown.message == entry.interpretation().message)
        #expect(!shown.message.contains("127.0.0.1"))
    }

    // MARK: - Redirects of the URLSession transport

    @Test(
        "The URLSession transport follows a redirect only on the origin, keeping the method",
        arguments: [
            ("GET", 302, "https://api.example.com/b", true),
            ("GET", 301, "https://api.example.com:443/b", true),
            ("DELETE", 307, "https://api.example.com/b", true),
            ("POST", 308, "https://api.example.com/b", true),
            ("POST", 303, "https://api.example.com/b", false),  // would become a GET
            ("DELETE", 301, "https://api.example.com/b", false),
            ("PUT", 302, "https://api.example.com/b", false),
            ("GET", 307, "http://api.example.com/b", false),  // scheme switch
            ("POST", 307, "https://api.example.com:8443/b", false),  // another port
            ("DELETE", 307, "https://evil.example.net/b", false),  // another host
            ("GET", 302, "file:///etc/passwd", false),
        ])
    func urlSessionRedirects(method: String, status: Int, to location: String, followed: Bool) throws {
        let origin = try #require(HTTPOrigin(Self.orderURL))
        let refusal = ActionRedirectDelegate.refusal(
            from: origin, method: method, status: status, to: URL(string: location))
        #expect((refusal == nil) == followed, "\(method) \(status) → \(location): \(String(describing: refusal))")
    }

    @Test func originsCompareSchemeHostAndPortWithDefaultPorts() throws {
        let origin = try #require(HTTPOrigin(URL(string: "https://API.example.com/a")!))
        #expect(origin == HTTPOrigin(URL(string: "https://api.example.com:443/b?c")!))
        #expect(origin != HTTPOrigin(URL(string: "http://api.example.com/a")!))
        #expect(origin != HTTPOrigin(URL(string: "https://api.example.com:444/a")!))
        #expect(HTTPOrigin(URL(string: "http://localhost/")!)?.port == 80)
        #expect(HTTPOrigin(URL(string: "mailto:a@example.com")!) == nil)
        #expect(origin.description == "https://api.example.com:443")
    }

    // MARK: - A bounded alert

    @Test func tenThousandActionsGiveABoundedAlert() throws {
        let transport = RecordingTransport()
        let actions = (0..<10_000).map { link("a\($0)", href: "/orders/\($0)") }.joined(separator: ",")
        let error = try problemError(actions: actions, transport: transport)
        #expect(error.problem.actions.count == 10_000)
        #expect(error.recoveryOptions.map(\.id) == ["a0", "a1"])
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.options.count == ProblemDetailsError.maximumActionOptions)
        #expect(presentation.options.last?.role == .cancel)
        // One line says what was left out, not ten thousand.
        #expect(transport.log.entries.count == 1)
        #expect(transport.log.entries.first?["unread"] == "\(10_000 - ProblemDetailsError.maximumActionsRead)")
        #expect(transport.sent.isEmpty)
    }

    @Test func theKeptActionsAreTheCancelTheFirstRecommendedThenTheOthersInOrder() throws {
        let transport = RecordingTransport()
        let error = try problemError(
            actions: [
                link("first", href: "/1"), link("second", href: "/2"),
                #"{"id":"cancel","title":"Cancel","role":"cancel"}"#,
                link("best", href: "/3", role: "recommended"), link("fourth", href: "/4"),
            ].joined(separator: ","),
            transport: transport
        )
        #expect(error.recoveryOptions.map(\.id) == ["first", "cancel", "best"])
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.options.count == 3)
        #expect(transport.log.entries.first?["actions"]?.contains("second") == true)
    }

    @Test func everyRefusalIsOneLine() throws {
        let transport = RecordingTransport()
        _ = try problemError(
            actions: link("evil\\nid", href: "https://evil.example.net/a\\u2028b\\r\\nX-Injected: 1"),
            transport: transport)
        let entry = try #require(transport.log.entries.first)
        for value in [entry.message] + Array(entry.metadata.values) {
            #expect(!value.contains("\n") && !value.contains("\r") && !value.contains("\u{2028}"))
        }
        #expect(entry.level == .info)
    }
}
