import AsyncHTTPClient
import Foundation
import Hummingbird
import InMemoryTracing
import Metrics
import MetricsTestKit
import Remedy
import RemedyHummingbird
import RemedyTesting
import Testing
import Tracing

/// The server side of the round trip (each test but those of Hummingbird's `HTTPError` runs against both
/// frameworks' servers): `ProblemDetailsMiddleware` on a real Hummingbird or Vapor server on
/// loopback, called by URLSession and AsyncHTTPClient. Each failure answers valid problem+json in the
/// language asked for, with no developer text; the report stays in the server's log.
@Suite(.timeLimit(.minutes(5)))
struct ProblemDetailsServerTests {
    /// The failing routes, their statuses, and the catalog keys of the texts a person reads.
    static let failures: [(path: String, status: Int, title: String, message: String)] = [
        ("/constraint", 422, "catalog.database.constraint.title", "catalog.database.constraint.message"),
        ("/account", 401, "catalog.auth.signInRequired.title", "catalog.auth.signInRequired.message"),
        ("/overload", 503, "catalog.http.serviceUnavailable.title", "catalog.http.serviceUnavailable.message"),
        ("/crash", 500, "category.unknown.title", "category.unknown.message"),
    ]

    @Test(
        "Each failure answers valid problem+json, in English by default, with no developer text",
        arguments: ServerKind.allCases, RealClient.allCases
    )
    func eachFailureAnswersProblemDetails(kind: ServerKind, client: RealClient) async throws {
        try await ProblemServer.with(kind) { server in
            for failure in Self.failures {
                let answer = try await client.send(server.baseURL.appending(path: failure.path))
                #expect(answer.status == failure.status, "\(failure.path)")
                #expect(answer.contentType == ProblemDetails.mediaType, "\(failure.path)")
                let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
                #expect(problem.status == failure.status)
                #expect(problem.title == StringsFile.text(failure.title, language: "en"), "\(failure.path)")
                #expect(problem.detail == StringsFile.text(failure.message, language: "en"), "\(failure.path)")
                #expect(answer.headers["content-language"] == "en")
                expectNoDeveloperText(answer.text, path: failure.path)
            }
        }
    }

    @Test(
        "Accept-Language de and ja answer the catalog's German and Japanese texts",
        arguments: ServerKind.allCases, RealClient.allCases(with: ["de", "ja"])
    )
    func localizedByAcceptLanguage(kind: ServerKind, trip: (client: RealClient, language: String)) async throws {
        let (client, language) = trip
        try await ProblemServer.with(kind) { server in
            for failure in Self.failures {
                let answer = try await client.send(
                    server.baseURL.appending(path: failure.path), headers: ["Accept-Language": language])
                let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
                let title = try #require(StringsFile.text(failure.title, language: language))
                let message = try #require(StringsFile.text(failure.message, language: language))
                #expect(title != StringsFile.text(failure.title, language: "en"), "the fixture isn't translated")
                #expect(problem.title == title, "\(failure.path) in \(language)")
                #expect(problem.detail == message, "\(failure.path) in \(language)")
                #expect(answer.headers["content-language"] == language)
                expectNoDeveloperText(answer.text, path: failure.path)
                for action in problem.actions {
                    let key = [
                        "retry": "option.tryAgain", "cancel": "option.cancel", "signIn": "handling.option.signIn",
                    ]
                    let expected = try #require(key[action.id].flatMap { StringsFile.text($0, language: language) })
                    #expect(action.title == expected, "\(action.id) in \(language)")
                }
            }
        }
    }

    @Test(
        "Accept-Language q-values pick the language; unknown, malformed or refused ones fall back to English",
        arguments: ServerKind.allCases,
        [
            ("fr;q=0.2, ja;q=0.9, de;q=0.5", "ja"),
            ("de-CH", "de"),
            ("zh-CN, en;q=0.5", "zh-Hans"),
            ("tlh, de;q=0.1", "de"),
            ("de;q=0, ja;q=0", "en"),
            ("ja;q=abc, de;q=2", "en"),
            ("tlh", "en"),
            (";;;,,,=q", "en"),
            (String(repeating: "x-bogus-tag-here, ", count: 2_000) + "de", "en"),
        ]
    )
    func acceptLanguageQualities(kind: ServerKind, pair: (header: String, language: String)) async throws {
        let (header, language) = pair
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept-Language": header])
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(answer.headers["content-language"] == language)
            #expect(problem.title == StringsFile.text("category.unknown.title", language: language))
        }
    }

    @Test(
        "The overload keeps the framework's 503 (HTTPError, Abort) and its Retry-After, in the header and the body",
        arguments: ServerKind.allCases)
    func overloadCarriesRetryAfter(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/overload"))
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "7")
            #expect(problem.retryAfter == .seconds(7))
            // Cancel is the client's own: never sent, so the client's scope offers the server's Try Again.
            #expect(problem.actions.map(\.id) == ["retry"])
            // The framework's own message (HTTPError's message, Abort's reason) is developer text.
            #expect(!answer.text.contains("pool exhausted"))
        }
    }

    @Test(
        "The expired session answers 401 with a sign-in action that names the sign-in request",
        arguments: ServerKind.allCases)
    func expiredSessionOffersSignIn(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/account"))
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(answer.status == 401)
            let signIn = try #require(problem.actions.first)
            #expect(signIn.id == "signIn")
            #expect(signIn.role == .recommended)
            #expect(signIn.request == ProblemDetails.Action.Request(method: "POST", href: "/session"))
            #expect(!problem.actions.contains { $0.role == .cancel })
        }
    }

    @Test(
        "Statuses thrown as HTTPStatusError and the framework's errors are kept; a redirect is not a failure",
        arguments: ServerKind.allCases)
    func statusesAreKept(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let conflict = try await RealClient.urlSession.send(server.baseURL.appending(path: "/conflict"))
            #expect(conflict.status == 409)
            #expect(conflict.contentType == ProblemDetails.mediaType)
            let missing = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/no/such/route"))
            #expect(missing.status == 404)
            #expect(try ProblemDetails(decoding: missing.body, contentType: missing.contentType).status == 404)

            let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
            let redirect = try await client.execute(
                HTTPClientRequest(url: server.baseURL.appending(path: "/redirect").absoluteString),
                timeout: .seconds(10)
            )
            try await client.shutdown()
            #expect(redirect.status == .seeOther)
            #expect(redirect.headers["location"] == ["/elsewhere"])
            #expect(redirect.headers["content-type"].first != ProblemDetails.mediaType)
        }
    }

    @Test("An app's texts win: its presentable HTTPResponseError keeps its status, its catalog entry its texts")
    func appTextsWin() async throws {
        try await ProblemServer.with({
            $0.catalog.register { error, _ in
                guard let error = error as? HTTPError, error.status == .serviceUnavailable else { return nil }
                return ErrorInterpretation(
                    title: "Busy", message: "We're busy. Come back in a minute.", isTransient: true)
            }
        }) { server in
            let missing = try await RealClient.urlSession.send(server.baseURL.appending(path: "/invoices/8"))
            let invoice = try ProblemDetails(decoding: missing.body, contentType: missing.contentType)
            #expect(missing.status == 404)
            #expect(invoice.title == "No Such Invoice")
            #expect(invoice.detail == "There's no invoice 8. Check the number and try again.")
            let overload = try await RealClient.urlSession.send(server.baseURL.appending(path: "/overload"))
            let busy = try ProblemDetails(decoding: overload.body, contentType: overload.contentType)
            #expect(overload.status == 503)
            #expect(busy.title == "Busy")
            #expect(busy.detail == "We're busy. Come back in a minute.")
        }
    }

    @Test("The problem type is the app's: given the problem as sent and the error the route threw")
    func problemTypeIsTheApps() async throws {
        let seen = LockedCalls()
        try await ProblemServer.with({
            $0.problemType = { problem, error in
                seen.append("\(problem.status ?? 0) \(problem.title ?? "") \(type(of: error))")
                return (error as? HTTPError)?.status == .serviceUnavailable
                    ? "https://example.com/probs/busy" : "about:blank"
            }
        }) { server in
            let overload = try await RealClient.urlSession.send(server.baseURL.appending(path: "/overload"))
            let busy = try ProblemDetails(decoding: overload.body, contentType: overload.contentType)
            #expect(busy.type == "https://example.com/probs/busy")
            #expect(busy.status == 503)
            let conflict = try await RealClient.urlSession.send(server.baseURL.appending(path: "/conflict"))
            #expect(
                try ProblemDetails(decoding: conflict.body, contentType: conflict.contentType).type == "about:blank")
        }
        let calls = seen.all
        #expect(calls.count == 2)
        #expect(
            calls.first
                == "503 \(StringsFile.text("catalog.http.serviceUnavailable.title", language: "en") ?? "") HTTPError")
    }

    @Test(
        "The problem type is asked once per answer sent, never for the answers made once at start",
        arguments: ServerKind.allCases
    )
    func problemTypeIsAskedOncePerAnswer(kind: ServerKind) async throws {
        // Without rules and with the built-in catalog alone, lone status errors are answered from answers made
        // when the middleware is made: the app's closure must not run for those, only for each answer sent.
        let seen = LockedCalls()
        try await ProblemServer.with(
            kind,
            {
                $0.rules = []
                $0.problemType = { problem, _ in
                    seen.append("\(problem.status ?? 0)")
                    return "https://example.com/probs/\(problem.status ?? 0)"
                }
            }
        ) { server in
            #expect(seen.all.isEmpty)
            var sent: [String] = []
            for code in [503, 404, 503] {
                let answer = try await RealClient.asyncHTTPClient.send(
                    server.baseURL.appending(path: "/status/\(code)"))
                let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
                #expect(problem.type == "https://example.com/probs/\(code)")
                sent.append("\(code)")
            }
            // A browser's page for the same error, and an answer made the general way (a header of no meaning).
            _ = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/status/409"), headers: ["Accept": ProblemPageServerTests.browserAccept]
            )
            sent.append("409")
            let general = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/status/429").appending(queryItems: [
                    URLQueryItem(name: "header", value: nil)
                ]))
            #expect(
                try ProblemDetails(decoding: general.body, contentType: general.contentType).type
                    == "https://example.com/probs/429")
            sent.append("429")
            #expect(seen.all == sent)
        }
    }

    @Test(
        "A lone status error is answered from the answer made once per language exactly as any other is answered",
        arguments: ServerKind.allCases, ["en", "de", "ja"]
    )
    func statusAnswersMadeOnceReadAsTheGeneralOnes(kind: ServerKind, language: String) async throws {
        // Without rules and with the built-in catalog alone, a lone HTTPError without headers is answered from
        // an answer made once; one with a header of no meaning takes the general way. Both must read the same
        // but for the reference, for every status the catalog names and one it doesn't.
        try await ProblemServer.with(kind, { $0.rules = [] }) { server in
            for code in [400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504, 418] {
                let url = server.baseURL.appending(path: "/status/\(code)")
                let headers = ["Accept-Language": language]
                let made = try await RealClient.asyncHTTPClient.send(url, headers: headers)
                let general = try await RealClient.asyncHTTPClient.send(
                    url.appending(queryItems: [URLQueryItem(name: "header", value: nil)]), headers: headers)
                var madeProblem = try ProblemDetails(decoding: made.body, contentType: made.contentType)
                var generalProblem = try ProblemDetails(decoding: general.body, contentType: general.contentType)
                #expect(made.status == code)
                #expect(general.status == code)
                #expect(madeProblem.supportReference != nil)
                #expect(
                    madeProblem.supportReference != generalProblem.supportReference, "each answer its own reference")
                madeProblem.supportReference = nil
                generalProblem.supportReference = nil
                #expect(madeProblem == generalProblem, "\(code) in \(language)")
                #expect(made.headers["content-language"] == general.headers["content-language"])
                #expect(made.headers["vary"] == general.headers["vary"])
                #expect(general.headers["x-test"] == "1")
            }
            let references = server.log.entries.compactMap { $0.metadata["reference"] }
            #expect(Set(references).count == references.count, "every record names its own reference")
        }
    }

    @Test(
        "A cancellation is never presented: answered as an error nobody handled, a 500 without a body",
        arguments: ServerKind.allCases)
    func cancellationIsPassedOn(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/cancelled"))
            #expect(answer.status == 500)
            #expect(answer.contentType != ProblemDetails.mediaType)
            #expect(answer.body.isEmpty)
            #expect(!server.log.entries.contains { $0.message.hasPrefix("Answered") })
        }
    }

    @Test(
        "A server rule that takes an error over and recovers runs the route again, once", arguments: ServerKind.allCases
    )
    func takeOverRunsTheRouteAgain(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/taken-over"))
            #expect(answer.status == 200)
            #expect(answer.text == #"{"value":"rebuilt"}"#)
            #expect(await server.requests(to: "taken-over") == 2)
        }
    }

    @Test(
        "A take-over at the rerun limit answers Problem Details instead of running the route again",
        arguments: ServerKind.allCases)
    func takeOverAtTheLimitAnswers(kind: ServerKind) async throws {
        try await ProblemServer.with(kind, { $0.maximumReruns = 0 }) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/taken-over"))
            #expect(answer.status == 500)
            #expect(answer.contentType == ProblemDetails.mediaType)
            #expect(await server.requests(to: "taken-over") == 1)
        }
    }

    @Test(
        "The developer report is logged with the request id, never sent; 5xx and 4xx at info (issue 36), never error",
        arguments: ServerKind.allCases)
    func reportIsLoggedWithTheRequestID(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let crash = try await RealClient.urlSession.send(server.baseURL.appending(path: "/crash"))
            _ = try await RealClient.urlSession.send(server.baseURL.appending(path: "/constraint"))
            let answered = server.log.entries.filter { $0.message.hasPrefix("Answered") }
            #expect(answered.count == 2)
            let crashLine = try #require(answered.first { $0["status"] == "500" })
            #expect(crashLine.level == .info)
            #expect(crashLine["report"]?.contains(#"SELEC * FROM invoices"#) == true)
            #expect(crashLine["report"]?.contains("/srv/app/Sources/Billing/InvoiceStore.swift") == true)
            let requestID = try #require(crashLine[kind.requestIDMetadataKey])
            #expect(!requestID.isEmpty)
            // One record per failed request, with the reference the client got.
            let reference = try #require(
                try ProblemDetails(decoding: crash.body, contentType: crash.contentType).supportReference)
            #expect(crashLine["reference"] == reference.description)
            #expect(server.log.entries.filter { $0[kind.requestIDMetadataKey] == requestID }.count == 1)
            #expect(crashLine["error.type"] == "IntegrationTests.LeakyFailure")
            #expect(!crash.text.contains(requestID), "the request id is the log's, not the client's")
            let constraintLine = try #require(answered.first { $0["status"] == "422" })
            // Every answer's reference is one a person may read out: its record is at the default level, in both
            // frameworks (issue 36; it was `debug` under Hummingbird).
            #expect(constraintLine.level == .info)
            #expect(constraintLine["report"]?.contains("INSERT INTO player") == true)
            #expect(!server.log.entries.contains { $0.level >= .error })
            expectNoDeveloperText(crash.text, path: "/crash")
        }
    }

    @Test(
        "The error is recorded on the active span (an error status only for 5xx) and counted",
        arguments: ServerKind.allCases)
    func spanAndCounter(kind: ServerKind) async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        try await ProblemServer.with(
            kind,
            {
                $0.tracer = tracer
                $0.metricsFactory = metrics
            }
        ) { server in
            for path in ["/crash", "/constraint"] {
                _ = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: path))
            }
        }
        let spans = tracer.finishedSpans
        let crash = try #require(spans.first { $0.operationName == "/crash" })
        #expect(crash.errors.count == 1)
        #expect(crash.errors.first?.error is LeakyFailure)
        #expect(crash.status?.code == .error)
        #expect(crash.attributes["remedy.category"]?.toSpanAttribute() == .string("unknown"))
        let constraint = try #require(spans.first { $0.operationName == "/constraint" })
        #expect(constraint.errors.count == 1)
        #expect(constraint.status == nil, "a 4xx is not an error of the server's span")

        let counters = metrics.counters(label: "remedy_problems")
        #expect(counters.count == 2)
        let crashCounter = try #require(counters.first { $0.dimensions.contains { $0 == ("status", "500") } })
        #expect(crashCounter.totalValue == 1)
        #expect(crashCounter.dimensions.contains { $0 == ("category", "unknown") })
        // Dimensions of bounded cardinality only: never the grouping key, whose values grow with the failures.
        #expect(crashCounter.dimensions.map(\.0).sorted() == ["category", "status"])
        #expect(crash.attributes["error.type"]?.toSpanAttribute() == .string("IntegrationTests.LeakyFailure"))
    }

    @Test(
        "Without a span or with recording off, nothing is recorded, and counting can be turned off",
        arguments: ServerKind.allCases)
    func recordsCanBeTurnedOff(kind: ServerKind) async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        try await ProblemServer.with(
            kind,
            {
                $0.tracer = tracer
                $0.metricsFactory = metrics
                $0.recordsErrorsOnSpans = false
                $0.countsProblems = false
            }
        ) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/crash"))
            #expect(answer.status == 500)
        }
        let span = try #require(tracer.finishedSpans.first { $0.operationName == "/crash" })
        #expect(span.errors.isEmpty)
        #expect(span.status == nil)
        #expect(metrics.counters(label: "remedy_problems").isEmpty)
    }
}

/// Developer text never reaches the client: no SQL, no type names, no paths, no library messages.
func expectNoDeveloperText(_ text: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let fragments =
        developerFragments + [
            "SELEC", "invoices", "LeakyFailure", "SessionExpired", "SessionStore", "/srv/", "HTTPError", "StaleCache",
            "UNIQUE constraint", "player.email", "pool exhausted", "Hummingbird", "Remedy.", "error.type",
        ]
    for fragment in fragments {
        #expect(!text.contains(fragment), "\(path) sends “\(fragment)”: \(text)", sourceLocation: sourceLocation)
    }
}

/// Remedy's string tables read straight from the source tree, independently of the code under test.
enum StringsFile {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of a key in a language, from any of Remedy's tables; `nil` when it has none.
    static func text(_ key: String, language: String) -> String? {
        tables(language)[key]
    }

    private static let cache = LockedTables()

    private static func tables(_ language: String) -> [String: String] {
        if let cached = cache.get(language) { return cached }
        var texts: [String: String] = [:]
        let folder = root.appending(path: "Sources/Remedy/Resources/\(language).lproj")
        for table in ["Remedy", "Catalog", "Handling", "Page"] {
            guard let contents = try? String(contentsOf: folder.appending(path: "\(table).strings"), encoding: .utf8)
            else { continue }
            texts.merge(parse(contents)) { first, _ in first }
        }
        cache.set(language, texts)
        return texts
    }

    /// `"key" = "value";` lines, with `\"`, `\\` and `\n` escapes.
    static func parse(_ contents: String) -> [String: String] {
        var texts: [String: String] = [:]
        for line in contents.split(separator: "\n") {
            let scalars = Array(line)
            guard scalars.first == "\"" else { continue }
            var strings: [String] = []
            var index = 0
            while index < scalars.count, strings.count < 2 {
                guard scalars[index] == "\"" else {
                    index += 1
                    continue
                }
                index += 1
                var string = ""
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count {
                        index += 1
                        string.append(scalars[index] == "n" ? "\n" : scalars[index])
                    } else {
                        string.append(scalars[index])
                    }
                    index += 1
                }
                index += 1
                strings.append(string)
            }
            if strings.count == 2 { texts[strings[0]] = strings[1] }
        }
        return texts
    }
}

/// The parsed tables by language, behind a lock.
private final class LockedTables: @unchecked Sendable {
    // @unchecked: `tables` is only touched while holding `lock`.
    private let lock = NSLock()
    private var tables: [String: [String: String]] = [:]

    func get(_ language: String) -> [String: String]? {
        lock.withLock { tables[language] }
    }

    func set(_ language: String, _ texts: [String: String]) {
        lock.withLock { tables[language] = texts }
    }
}

/// What a closure the server calls saw, behind a lock.
private final class LockedCalls: @unchecked Sendable {
    // @unchecked: `calls` is only touched while holding `lock`.
    private let lock = NSLock()
    private var calls: [String] = []

    var all: [String] { lock.withLock { calls } }

    func append(_ call: String) {
        lock.withLock { calls.append(call) }
    }
}
