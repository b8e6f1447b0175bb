import Foundation
import Hummingbird
import Logging
import Remedy
import RemedyHummingbird
import RemedyTesting
import Testing

/// The server speaks from the client's point of view: a failure of the server's own file, database or
/// outbound call is the service's problem, answered with the reference and none of the server's names;
/// the names stay in the server's log, in one line per record.
@Suite(.timeLimit(.minutes(5)))
struct ServerPointOfViewTests {
    /// The routes that fail on the server's own resources, their status, and what their errors name.
    static let serverFailures: [(route: String, status: Int, names: [String])] = [
        ("/missing-file", 500, ["config.json", "remedy-integration"]),
        ("/database", 500, ["library.sqlite", "missing/", "SQLite", "GRDB"]),
        ("/outbound", 503, ["127.0.0.1:", "/notes", "NIOConnectionError", "HTTPClientError", "refused"]),
    ]

    @Test(
        "A missing server file, a database error and a failed outbound call answer the service's problem, naming nothing",
        arguments: RealClient.allCases
    )
    func serverFailuresNameNothing(client: RealClient) async throws {
        try await ProblemServer.with { server in
            for failure in Self.serverFailures {
                let answer = try await client.send(server.baseURL.appending(path: failure.route))
                #expect(answer.status == failure.status, "\(failure.route)")
                let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
                let key = failure.status == 503 ? "catalog.http.serviceUnavailable" : "catalog.http.internalServerError"
                #expect(problem.title == StringsFile.text("\(key).title", language: "en"), "\(failure.route)")
                #expect(problem.detail == StringsFile.text("\(key).message", language: "en"), "\(failure.route)")
                #expect(problem.actions.map(\.id) == ["retry"], "\(failure.route)")
                for name in failure.names {
                    #expect(!answer.text.localizedCaseInsensitiveContains(name), "\(failure.route) names \(name)")
                }
                expectNoDeveloperText(answer.text, path: failure.route)
                // The server's log has what was withheld, under the reference the client got.
                let reference = try #require(problem.supportReference)
                let record = try #require(
                    server.log.entries.first { $0.message.hasPrefix("Answered") && $0["reference"] == "\(reference)" })
                #expect(record["withheld"] != nil)
                #expect(record.level == .info)
                #expect(record["report"]?.isEmpty == false)
            }
        }
    }

    @Test("In German and Japanese the service's problem is told in the client's language", arguments: ["de", "ja"])
    func serverFailuresInTheClientsLanguage(language: String) async throws {
        try await ProblemServer.with { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/missing-file"), headers: ["Accept-Language": language])
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let title = try #require(StringsFile.text("catalog.http.internalServerError.title", language: language))
            #expect(title != StringsFile.text("catalog.http.internalServerError.title", language: "en"))
            #expect(problem.title == title)
            #expect(answer.headers["content-language"] == language)
            #expect(answer.headers["vary"] == "Accept, Accept-Language")
        }
    }

    @Test("The rule can be overridden: a server that calls nothing its own shows the catalog's texts")
    func serverResourceRuleIsOverridable() async throws {
        try await ProblemServer.with({ $0.isServerResourceFailure = { _ in false } }) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/outbound"))
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.title != StringsFile.text("catalog.http.serviceUnavailable.title", language: "en"))
            #expect(problem.title != nil)
        }
    }

    @Test("Every record of a failed request is one physical line, whatever the error's texts hold")
    func recordsAreOneLine() async throws {
        try await ProblemServer.with { server in
            for path in ["/crash", "/constraint", "/missing-file", "/database", "/outbound", "/overload", "/account"] {
                _ = try await RealClient.urlSession.send(server.baseURL.appending(path: path))
            }
            let records = server.log.entries.filter { $0.message.hasPrefix("Answered") }
            #expect(records.count == 7)
            for record in records {
                #expect(!record.message.contains("\n"))
                for (key, value) in record.metadata {
                    #expect(!value.contains("\n") && !value.contains("\r"), "\(key) spans lines: \(value)")
                }
            }
            // A report of several lines (the database failure's: the context layer and its cause) is kept
            // whole, its line breaks escaped.
            let database = try #require(records.first { $0["report"]?.contains("Loading the library") == true })
            let report = try #require(database["report"])
            #expect(report.contains(#"\n"#))
            #expect(report.contains("DatabaseError"))
        }
    }

    @Test("Content-Language names the language of the texts; every answer varies by Accept and Accept-Language")
    func contentLanguageAndVary() async throws {
        try await ProblemServer.with { server in
            for (header, language) in [("tlh", "en"), ("fr-CA", "fr"), ("zh-TW, ja;q=0.5", "ja")] {
                let answer = try await RealClient.urlSession.send(
                    server.baseURL.appending(path: "/overload"), headers: ["Accept-Language": header])
                #expect(answer.headers["content-language"] == language, "\(header)")
                #expect(answer.headers["vary"] == "Accept, Accept-Language")
            }
        }
    }
}
