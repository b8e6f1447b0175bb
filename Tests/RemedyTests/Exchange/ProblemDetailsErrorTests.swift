import Foundation
import Testing

@testable import Remedy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's reading of a failed response: which responses are problems, and what a problem becomes.
struct ProblemDetailsErrorTests {
    private static let base = URL(string: "https://api.example.com/orders/42")!

    /// A transport that fails the test if an action is performed: mapping must not send anything.
    private static let unusedTransport = ProblemDetailsError.ActionTransport { method, url in
        Issue.record("unexpected request \(method) \(url)")
        return .init(status: 500)
    }

    private func problemError(
        _ json: String,
        status: Int = 503,
        headers: [String: String] = [:],
        contentType: String = "application/problem+json"
    ) throws -> ProblemDetailsError {
        var all = headers
        all["Content-Type"] = contentType
        let error = ProblemDetailsError.error(
            status: status,
            header: { name in all.first { $0.key.lowercased() == name.lowercased() }?.value },
            body: Data(json.utf8),
            url: Self.base,
            actionTransport: Self.unusedTransport
        )
        return try #require(error as? ProblemDetailsError, "not a problem: \(error)")
    }

    // MARK: - Texts

    @Test func showsTheServersTitleAndDetail() throws {
        let error = try problemError(#"{"title":"Order Locked","detail":"Someone else is editing this order."}"#)
        #expect(error.title == "Order Locked")
        #expect(error.message == "Someone else is editing this order.")
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.title == "Order Locked")
        #expect(presentation.message == "Someone else is editing this order.")
    }

    @Test func stripsControlCharactersAndBoundsTheLength() throws {
        let long = String(repeating: "word ", count: 600)
        let error = try problemError(
            #"{"title":"Bad\u0000 \u202Eevil\u202C\ttitle\n","detail":"\#(long)"}"#
        )
        #expect(error.title == "Bad evil title")
        #expect(error.message.count == ProblemDetailsError.maximumMessageLength)
        #expect(error.message.hasSuffix("…"))
        let longTitle = try problemError(#"{"title":"\#(String(repeating: "T", count: 500))"}"#)
        #expect(longTitle.title?.count == ProblemDetailsError.maximumTitleLength)
    }

    @Test func aProblemWithoutTextShowsTheCategorysCalmText() throws {
        let error = try problemError(#"{"title":"  \n ","category":"externalSystemUnavailable"}"#)
        #expect(error.title == nil)
        #expect(error.message.isEmpty)
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.message == ErrorCategory.externalSystemUnavailable.messageWithoutRetry())
    }

    @Test func theServersReferenceIsTheFailures() throws {
        let error = try problemError(#"{"title":"T","reference":"7KQ2-9F3A"}"#)
        let reference = try #require(SupportReference("7KQ2-9F3A"))
        #expect(error.supportReference == reference)
        #expect(HandledError(error).supportReference == reference)
        #expect(ErrorResolver().presentation(for: error).supportReference == reference)
        // Wrapped in the app's own error, the reference still comes through.
        #expect(HandledError(WrappedFailure(underlying: error)).supportReference == reference)
        let without = try problemError(#"{"title":"T"}"#)
        #expect(without.supportReference == nil)
    }

    // MARK: - Category and severity

    @Test func keepsTheServersCategoryAndSeverityWithinBounds() throws {
        let declined = try problemError(#"{"title":"T","category":"paymentDeclined","severity":"minor"}"#, status: 402)
        #expect(declined.category.identifier == "paymentDeclined")
        #expect(declined.severity == .minor)
        // A server can't make a client's failure fatal, nor silence it as a cancellation.
        let fatal = try problemError(#"{"title":"T","severity":"fatal","category":"cancellation"}"#, status: 503)
        #expect(fatal.severity == .critical)
        #expect(fatal.category == .externalSystemUnavailable)
        #expect(ErrorResolver().resolve(fatal).isSilent == false)
        // Without a category, the HTTP status gives one.
        let plain = try problemError(#"{"title":"T"}"#, status: 403)
        #expect(plain.category == .permissionDenied)
    }

    // MARK: - Actions

    @Test func actionsBecomeOptions() throws {
        let error = try problemError(
            """
            {"title":"T","actions":[
              {"id":"retry","title":"Nochmal","role":"recommended"},
              {"id":"refresh","title":"Refresh Order","role":"normal",
               "request":{"method":"post","href":"/orders/42/refresh"}},
              {"id":"cancel","title":"Abbrechen","role":"cancel"},
              {"id":"signIn","title":"Sign In","role":"recommended"},
              {"id":"noRequest","title":"Call Us"},
              {"id":"elsewhere","title":"Elsewhere","request":{"href":"https://evil.example.net/x"}},
              {"id":"script","title":"Script","request":{"href":"javascript:alert(1)"}}
            ]}
            """,
            status: 409
        )
        let options = error.recoveryOptions
        #expect(options.map(\.id) == ["retry", "refresh", "cancel"])
        #expect(options[0].isRetry)
        #expect(options[1].title == "Refresh Order" && options[1].role == .normal)
        #expect(options[2].role == .cancel)
        #expect(error.requiresSignIn)
        #expect(error.httpStatuses == [409, 401])
    }

    @Test func actionURLsStayOnTheOriginOfTheResponse() {
        let base = Self.base
        #expect(ProblemDetailsError.actionURL("/a?b=1", base: base)?.absoluteString == "https://api.example.com/a?b=1")
        #expect(
            ProblemDetailsError.actionURL("refresh", base: base)?.absoluteString
                == "https://api.example.com/orders/refresh")
        #expect(ProblemDetailsError.actionURL("https://api.example.com/x", base: base) != nil)
        #expect(ProblemDetailsError.actionURL("http://api.example.com/x", base: base) == nil)
        #expect(ProblemDetailsError.actionURL("https://api.example.com:8443/x", base: base) == nil)
        #expect(ProblemDetailsError.actionURL("//evil.example.net/x", base: base) == nil)
        #expect(ProblemDetailsError.actionURL("file:///etc/passwd", base: base) == nil)
        #expect(ProblemDetailsError.actionURL("/relative", base: nil) == nil)
        // Changed by issue 23: without the response's URL there is no origin to stay on, so an absolute URL
        // is refused too (it was followed to any host).
        #expect(ProblemDetailsError.actionURL("https://api.example.com/x", base: nil) == nil)
        // Default ports and the host's case don't make another origin.
        #expect(ProblemDetailsError.actionURL("https://API.example.com:443/x", base: base) != nil)
    }

    // MARK: - Facts for the handling

    @Test func aSignInActionMakesTheFailureAn401ForRules() throws {
        let error = try problemError(#"{"title":"T","actions":[{"id":"signIn","title":"Sign In"}]}"#, status: 403)
        #expect(HandledError(error).contains(httpStatus: 401))
        #expect(HandledError(error).contains(httpStatus: 403))
        let plain = try problemError(#"{"title":"T"}"#, status: 403)
        #expect(!HandledError(plain).contains(httpStatus: 401))
        let unauthorized = try problemError(#"{"title":"T"}"#, status: 401)
        #expect(HandledError(unauthorized).contains(httpStatus: 401))
        // Wrapped in the app's own error, the fact is still found.
        #expect(HandledError(WrappedFailure(underlying: error)).contains(httpStatus: 401))
        // The public tree query agrees with what rules see.
        #expect(ErrorTree(WrappedFailure(underlying: error)).contains(httpStatus: 401))
        #expect(ErrorTree(error).contains(httpStatus: 403))
        #expect(!ErrorTree(plain).contains(httpStatus: 401))
    }

    @Test func retryAfterIsTheLongerOfMemberAndHeaderAndMakesTheFailureTransient() throws {
        let member = try problemError(#"{"title":"T","retryAfter":30}"#, status: 429, headers: ["Retry-After": "10"])
        #expect(member.retryAfter == .seconds(30))
        let header = try problemError(#"{"title":"T","retryAfter":5}"#, status: 429, headers: ["retry-after": "45"])
        #expect(header.retryAfter == .seconds(45))
        let handled = HandledError(member)
        #expect(handled.interpretation.retryAfter == .seconds(30))
        #expect(handled.isTransient)
        // A conflict without a wait is not transient; a busy service is.
        #expect(!HandledError(try problemError(#"{"title":"T"}"#, status: 409)).isTransient)
        #expect(HandledError(try problemError(#"{"title":"T"}"#, status: 503)).isTransient)
        #expect(ErrorResolver().resolve(WrappedFailure(underlying: member)).interpretation.retryAfter == .seconds(30))
        // The public interpretation says the same as the handling's.
        let interpretation = ErrorResolver().interpretation(of: WrappedFailure(underlying: member))
        #expect(interpretation.retryAfter == .seconds(30))
        #expect(interpretation.isTransient)
    }

    // MARK: - Responses that aren't problems

    @Test func responsesThatAreNotProblemsBecomeHTTPStatusErrorsWithCalmText() throws {
        let secret = "SELECT * FROM orders WHERE id = 42"
        let cases: [(String, String?)] = [
            ("<html><body>502 Bad Gateway: \(secret)</body></html>", "text/html"),
            ("", "application/problem+json"),
            ("not json \(secret)", "application/problem+json"),
            (#"["\#(secret)"]"#, "application/problem+json"),
            (#"{"error":true,"reason":"\#(secret)"}"#, "application/json"),
            (#"{"title":"\#(secret)"}"#, nil),
            (#"{"title":"\#(secret)"}"#, "text/plain"),
        ]
        for (body, contentType) in cases {
            let error = ProblemDetailsError.error(
                status: 502,
                header: { $0 == "Content-Type" ? contentType : nil },
                body: Data(body.utf8),
                url: Self.base,
                actionTransport: Self.unusedTransport
            )
            let http = try #require(error as? HTTPStatusError, "\(body) \(contentType ?? "nil")")
            #expect(http.status == 502)
            let presentation = ErrorResolver().presentation(for: error)
            #expect(!presentation.title.contains("SELECT") && !presentation.message.contains("SELECT"))
            #expect(presentation.message == ErrorResolver().presentation(for: HTTPStatusError(status: 502)).message)
        }
    }

    @Test func keepsOnlyTheStartOfABodyThatIsNotAProblem() throws {
        let page = Data(repeating: UInt8(ascii: "x"), count: 5 << 20)
        let error = ProblemDetailsError.error(status: 500, header: { _ in "text/html" }, body: page)
        let http = try #require(error as? HTTPStatusError)
        #expect(http.body?.count == 4_096)
    }

    @Test func applicationJSONWithAStandardMemberIsAProblem() throws {
        let error = try problemError(
            #"{"title":"Order Locked"}"#, status: 409, contentType: "Application/JSON; charset=UTF-8")
        #expect(error.title == "Order Locked")
    }

    // MARK: - URLSession entry points

    @Test func validatePassesSuccessAndThrowsForFailures() throws {
        let url = Self.base
        func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPURLResponse {
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        }
        try ProblemDetailsError.validate(Data("ok".utf8), response(200))
        try ProblemDetailsError.validate(Data(), response(304))
        try ProblemDetailsError.validate(
            Data(), URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
        let body = Data(#"{"title":"Order Locked","status":409}"#.utf8)
        #expect {
            try ProblemDetailsError.validate(body, response(409, ["Content-Type": "application/problem+json"]))
        } throws: { error in
            (error as? ProblemDetailsError)?.title == "Order Locked" && (error as? ProblemDetailsError)?.url == url
        }
        #expect {
            try ProblemDetailsError.validate(Data("<html>".utf8), response(500, ["Content-Type": "text/html"]))
        } throws: { error in
            (error as? HTTPStatusError)?.status == 500
        }
        // Header names are looked up case-insensitively.
        #expect {
            try ProblemDetailsError.validate(body, response(409, ["content-type": "application/problem+json"]))
        } throws: { error in
            (error as? ProblemDetailsError)?.status == 409
        }
        #expect {
            try ProblemDetailsError.validate(body, response(409, ["Content-Type": "text/html"]))
        } throws: { error in
            error is HTTPStatusError
        }
    }
}

/// An app's error that wraps a cause, as a networking layer's would.
private struct WrappedFailure: WrappingError {
    var underlying: any Error
    var underlyingErrors: [any Error] { [underlying] }
}
