import Foundation
import Testing

#if GRPC
/// The gRPC example (`Examples/grpc`), built with the package trait GRPC: `grpc-example-server` runs on a port the
/// system picks, and `grpc-example-client` calls each of its failing methods without a terminal (Remedy picks the
/// fallback option and says so): each failure is presented in the person's language, with the server's reference,
/// which the server's log line carries.
@Suite(.timeLimit(.minutes(5)))
struct GRPCExampleTests {
    /// Runs the client's `all` against a started server, in a language.
    func callEveryMethod(language: String) async throws -> (DemoProcess.Result, ExampleServerProcess) {
        let server = try await ExampleServerProcess("grpc-example-server", listening: "Listening on http://127.0.0.1:")
        let address = "127.0.0.1:\(server.baseURL.port ?? 0)"
        let run = try await DemoProcess.run(
            ["--server", address, "--language", language, "all"], executable: "grpc-example-client",
            standardInput: DemoProcess.Input.none)
        return (run, server)
    }

    @Test func everyFailureIsPresentedInGermanWithTheServersReference() async throws {
        let (run, server) = try await callEveryMethod(language: "de")
        defer { server.stop() }
        #expect(run.status == 0)
        #expect(run.stdout == "> get 8\n> create  soon\n> export\n> delete 7\n")
        // A missing record, invalid input with the service's own words for two fields, an overloaded dependency
        // with Try Again, a signed-out call.
        for title in ["Nicht gefunden", "Eingabe prüfen", "Dienst nicht verfügbar", "Anmeldung erforderlich"] {
            #expect(run.stderr.contains(title), "no “\(title)” in:\n\(run.stderr)")
        }
        #expect(run.stderr.contains("• title: Gib einen Titel ein."))
        #expect(run.stderr.contains("• year: Gib das Jahr als Zahl ein, etwa 1998."))
        #expect(run.stderr.contains("1) Erneut versuchen [e] (Standard)"))
        for leak in ["export.internal", "table records", "session token", "HTTPStatusError"] {
            #expect(!run.all.contains(leak), "the client shows “\(leak)”")
        }
        let references = run.stderr.matches(of: #/Referenz ([0-9A-Z]{4}-[0-9A-Z]{4})/#).map { String($0.1) }
        #expect(references.count == 4)
        for reference in references {
            let record = try await server.waitForLine(containing: "reference=\(reference)")
            #expect(record.contains(" info grpc-example-server:"), "not at info: \(record)")
        }
        let export = try await server.waitForLine(containing: "rpc.method=remedy.examples.Records/Export")
        #expect(export.contains("export.internal"), "the log keeps the dependency the client never reads")
    }

    @Test func theClientsLanguageReachesTheService() async throws {
        let (run, server) = try await callEveryMethod(language: "ja")
        defer { server.stop() }
        #expect(run.status == 0)
        #expect(run.stderr.contains("タイトルを入力してください。"))
        #expect(!run.stderr.contains("Enter a title."))
    }
}
#else
/// Without the package trait GRPC, the gRPC example says how to run it.
@Suite(.timeLimit(.minutes(2)))
struct GRPCExampleTraitMissingTests {
    @Test(arguments: ["grpc-example-server", "grpc-example-client"])
    func theGRPCExampleSaysHowToRunItWithTheTrait(executable: String) async throws {
        let run = try await DemoProcess.run([], executable: executable)
        #expect(run.status == 78)
        #expect(run.stderr.contains("swift run --traits GRPC \(executable)"))
    }
}
#endif
