import Foundation
import Testing

#if OpenAPI
/// The OpenAPI example (`Examples/openapi`), built with the package trait OpenAPI: `openapi-example` runs on a port
/// the system picks, and `openapi-example-client` calls each of its operations through the generated client, as a
/// person would, without a terminal (Remedy picks the fallback option and says so).
@Suite(.timeLimit(.minutes(10)))
struct OpenAPIExampleTests {
    /// Runs `body` with a started server, and stops it afterwards.
    func withServer(_ body: (ExampleServerProcess) async throws -> Void) async throws {
        let server = try await ExampleServerProcess("openapi-example")
        defer { server.stop() }
        try await body(server)
    }

    /// Runs `openapi-example-client` against the server, in a language (`LANG`).
    func client(
        _ arguments: [String], of server: ExampleServerProcess, language: String = "en_US.UTF-8"
    ) async throws -> DemoProcess.Result {
        try await DemoProcess.run(
            arguments + ["--server", server.baseURL.absoluteString],
            executable: "openapi-example-client",
            standardInput: DemoProcess.Input.none,
            environment: ["LC_ALL": "", "LANG": language]
        )
    }

    /// A record that doesn't exist is the catalog's 404, in the person's language, with the reference the server
    /// logged; one that exists loads.
    @Test func aMissingRecordIsNotFoundInThePersonsLanguageWithTheServersReference() async throws {
        try await withServer { server in
            let english = try await client(["record", "--id", "7"], of: server)
            #expect(english.stdout.isEmpty)
            #expect(english.stderr.contains("Not Found"))
            let match = try #require(english.stderr.firstMatch(of: #/Reference ([0-9A-Z]{4}-[0-9A-Z]{4})/#))
            let record = try await server.waitForLine(containing: "reference=\(match.1)")
            #expect(record.contains("status=404"))
            #expect(record.contains("openapi.operation=getRecord"))

            let german = try await client(["record", "--id", "7"], of: server, language: "de_DE.UTF-8")
            #expect(german.status == english.status)
            #expect(german.stderr.contains("Referenz "))
            #expect(!german.stderr.contains("Not Found"))

            let found = try await client(["record", "--id", "1"], of: server)
            #expect(found.status == 0)
            #expect(found.stdout == "1: Invoices 2025 (ada@example.com)\n")
        }
    }

    /// Two invalid fields come back 422, and the client lists each under the message; a valid record is added.
    @Test func theInvalidFieldsAreListedUnderTheMessage() async throws {
        try await withServer { server in
            let invalid = try await client(["create", "--title", " ", "--owner", "ada"], of: server)
            #expect(invalid.status == 65)  // invalid input: a data error
            #expect(invalid.stderr.contains("╭─ ⚠ Check Your Entry"))
            #expect(invalid.stderr.contains("│   • title: Give the record a title.\n"))
            #expect(invalid.stderr.contains("│   • owner: Enter an email address such as ada@example.com.\n"))
            #expect(!invalid.stderr.contains("Try Again"), "invalid input isn't fixed by sending it again")

            let added = try await client(["create", "--title", "Receipts", "--owner", "ada@example.com"], of: server)
            #expect(added.status == 0)
            #expect(added.stdout == "Added record 2.\n")
        }
    }

    /// The overloaded forecast service's 503 becomes the records service's own: Service Unavailable, Try Again,
    /// and the delay; the dependency's address stays in the server's log.
    @Test func anOverloadedDependencyIsUnavailableForNow() async throws {
        try await withServer { server in
            let run = try await client(["forecast"], of: server)
            #expect(run.status == 75)  // a temporary failure
            #expect(run.stderr.contains("Service Unavailable"))
            #expect(run.stderr.contains("Try Again"))
            #expect(!run.stderr.contains("/internal/forecast"), "the dependency stays in the server's log")
            let match = try #require(run.stderr.firstMatch(of: #/Reference ([0-9A-Z]{4}-[0-9A-Z]{4})/#))
            let record = try await server.waitForLine(containing: "reference=\(match.1)")
            #expect(record.contains("status=503"))
        }
    }

    /// A call without a session is 401, and the person is told to sign in; with the session it loads.
    @Test func aSignedOutCallAsksToSignIn() async throws {
        try await withServer { server in
            let signedOut = try await client(["account"], of: server)
            #expect(signedOut.status == 77)  // no permission
            #expect(signedOut.stderr.contains("Sign In Required"))
            let signedIn = try await client(["account", "--session", "example-session"], of: server)
            #expect(signedIn.status == 0)
            #expect(signedIn.stdout == "Ada Lovelace\n")
        }
    }
}
#else
/// Without the trait, the OpenAPI example's executables say how to run them, and end with EX_CONFIG.
@Suite(.timeLimit(.minutes(3)))
struct OpenAPIExampleWithoutTraitTests {
    @Test(arguments: [["openapi-example"], ["openapi-example-client", "record"]])
    func eachExecutableSaysHowToRunIt(command: [String]) async throws {
        let run = try await DemoProcess.run(
            Array(command.dropFirst()), executable: command[0], standardInput: DemoProcess.Input.none)
        #expect(run.status == 78)
        #expect(run.stderr.contains("swift run --traits OpenAPI \(command[0])"))
    }
}
#endif
