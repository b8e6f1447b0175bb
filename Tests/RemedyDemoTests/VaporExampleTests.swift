import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if Vapor
/// The Vapor article's app (`Examples/vapor`), built with the package trait Vapor and run as its article says:
/// on 127.0.0.1, on a free port (`serve --port 0`, Vapor's own command line). A failing route is answered with
/// Problem Details in the request's language, and the `reason` a client never reads is in the log at `info`,
/// Vapor's default level.
@Suite(.timeLimit(.minutes(3)))
struct VaporExampleTests {
    @Test func theArticlesAppAnswersAMissingUserWithProblemDetails() async throws {
        let server = try await ExampleServerProcess(
            "vapor-example", arguments: ["serve", "--port", "0"], listening: "Server started on http://127.0.0.1:")
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("users/42"))
        request.setValue("de", forHTTPHeaderField: "Accept-Language")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 404)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        #expect(http.value(forHTTPHeaderField: "Content-Language") == "de")
        let body = String(decoding: data, as: UTF8.self)
        #expect(body.contains(#""status":404"#))
        #expect(!body.contains("table users"), "the reason reached the client: \(body)")
        let reference = try #require(body.firstMatch(of: /"reference":"([0-9A-Z]{4}-[0-9A-Z]{4})"/)?.1)
        // At Vapor's default level the reason is in the log, under the reference the client read.
        let record = try await server.waitForLine(containing: String(reference))
        #expect(record.contains("missing in table users"))
        #expect(record.contains("INFO"), "not at info: \(record)")
    }
}
#else
/// Without the package trait Vapor, the Vapor example says how to run it.
@Suite(.timeLimit(.minutes(2)))
struct VaporExampleTraitMissingTests {
    @Test func theVaporExampleSaysHowToRunItWithTheTrait() async throws {
        let run = try await DemoProcess.run([], executable: "vapor-example")
        #expect(run.status == 78)
        #expect(run.stderr.contains("swift run --traits Vapor vapor-example"))
    }
}
#endif
