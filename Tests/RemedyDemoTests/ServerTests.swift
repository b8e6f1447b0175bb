import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if Hummingbird
/// The `server` scenario and `remedy-demo serve`, built with the package trait Hummingbird
/// (`swift test --traits Hummingbird`): a real Hummingbird server on loopback, its failures answered
/// with Problem Details, and the demo's client presenting them.
@Suite(.timeLimit(.minutes(10)))
struct ServerTests {
    @Test func serverScenarioPresentsTheServersTextsAndActions() async throws {
        let run = try await DemoProcess.run(
            ["server", "--answer", "OK", "--answer", "Sign In", "--answer", "Try Again", "--answer", "Cancel"])
        #expect(run.status == 0)
        // The constraint violation: the server's own title and message, nothing to retry.
        #expect(run.stderr.contains("╭─ ⚠ User Name Taken"))
        #expect(run.stderr.contains("Someone already uses the name “ada”. Choose another one."))
        #expect(run.stderr.contains("  1) OK [o] (default)\nPress Enter for OK: OK\n"))
        // The expired session: the app's sign-in flow signs in with the server, then the request runs again.
        #expect(run.stdout.contains("The app-wide rule takes the 401 over"))
        #expect(run.count("/session", in: run.stdout) == 1)
        #expect(run.stdout.contains("✓ Account: Ada, Family plan — loaded on attempt 2"))
        // The overload: the server's Try Again, chosen, and the second request succeeds.
        #expect(run.stderr.contains("╭─ ⚠ Service Unavailable"))
        #expect(run.stderr.contains("  1) Try Again [t] (default)\n  2) Cancel [c]\n"))
        #expect(run.count("/reports/today\n", in: run.stdout) == 2)
        #expect(run.stdout.contains("✓ Report “Today”: 128 orders"))
        // The unexpected error: a calm message; its SQL and paths stayed on the server.
        #expect(run.stderr.contains("╭─ ⚠ Something Went Wrong"))
        for fragment in ["SELECT", "INSERT", "SQLITE", "/srv/", "InvoiceStore", "UNIQUE", "SessionExpired"] {
            #expect(!run.all.contains(fragment), "the person's run shows “\(fragment)”")
        }
        #expect(run.stdout.contains("Handled errors: 4 (1 shown, 1 handled by the app, then tried again, 1 tried\n"))
    }

    @Test func reportShowsTheSameReferenceOnBothSides() async throws {
        let run = try await DemoProcess.run(
            [
                "server", "--report", "--answer", "OK", "--answer", "Sign In", "--answer", "Try Again", "--answer",
                "Cancel",
            ]
        )
        #expect(run.status == 0)
        let records = run.stdout.components(separatedBy: "── log ")
        // The server's line for the unexpected error, with its SQL and path: the developer's side.
        let answered = try #require(records.first { $0.hasPrefix("info: Answered 500") })
        // (The report keeps its indentation, so its long line wraps after "FROM".)
        #expect(answered.contains("SELECT id, totl FROM"))
        #expect(answered.contains("hb.request.id: "))
        let match = try #require(
            answered.range(of: #"reference: [0-9A-Z]{4}-[0-9A-Z]{4}"#, options: .regularExpression))
        let reference = String(answered[match].dropFirst("reference: ".count))
        // The client's records of the same failure, and the person's alert, carry the same reference.
        let client = records.filter { $0.contains("Loading invoice 42") }
        #expect(client.count == 2)
        #expect(client.allSatisfy { $0.contains("reference: \(reference)") })
        #expect(run.stderr.contains("Reference \(reference)"))
        #expect(!run.stderr.contains("SELECT"))
    }

    @Test func serveListsItsFailingRoutesAndAnswersProblemDetails() async throws {
        let serve = try await ExampleServerProcess("remedy-demo", arguments: ["serve", "--port", "0"])
        defer { serve.stop() }
        let baseURL = serve.baseURL
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }

        let (listing, _) = try await session.data(from: baseURL)
        let routes = try JSONDecoder().decode(Listing.self, from: listing).routes
        #expect(routes.map(\.path) == ["/accounts", "/account", "/reports/today", "/invoices/42"])

        for route in routes {
            var request = URLRequest(url: baseURL.appending(path: route.path))
            request.httpMethod = route.method
            request.setValue("de", forHTTPHeaderField: "Accept-Language")
            let (body, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode >= 400, "\(route.path) answered \(http.statusCode)")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            let text = String(decoding: body, as: UTF8.self)
            for fragment in [
                "SELECT", "INSERT", "SQLITE", "/srv/", ".swift", "SessionExpired", "ReportQueue", "UNIQUE",
            ] {
                #expect(!text.contains(fragment), "\(route.path) sends “\(fragment)”: \(text)")
            }
        }
        let (crash, _) = try await session.data(from: baseURL.appending(path: "/invoices/42"))
        #expect(String(decoding: crash, as: UTF8.self).contains(#""status":500"#))
    }

    @Test(arguments: LanguageTests.translated)
    func serverScenarioSpeaksThePersonsLanguageOnBothSides(language: String) async throws {
        let run = try await DemoProcess.run(
            ["server", "--language", language, "--answer", "1", "--answer", "1", "--answer", "1", "--answer", "2"])
        #expect(run.status == 0)
        let words = try LanguageTests.table(language)
        // The server's own error, worded on the server in the request's Accept-Language.
        #expect(run.stderr.contains(try #require(words["demo.server.error.nameTaken.title"])))
        for phrase in try LanguageTests.englishPhrases(absentFrom: language) {
            #expect(!run.all.contains(phrase), "English in \(language): \(phrase)")
        }
    }

    @Test func aBusyPortIsAnErrorHandledByRemedy() async throws {
        let occupied = try OccupiedPort()
        let run = try await DemoProcess.run(["serve", "--port", "\(occupied.port)"])
        withExtendedLifetime(occupied) {}
        // The command-line article's status for a port another program holds: 69, unavailable.
        #expect(run.status == 69)
        #expect(run.stderr.contains("╭─ ⚠ Port in Use"))
        #expect(run.stderr.contains("Another program already listens on port \(occupied.port)."))
        for fragment in ["bind(", "errno", "Address already in use", "Error:"] {
            #expect(!run.all.contains(fragment), "raw developer text: \(fragment)")
        }
        #expect(!run.stdout.contains("Listening"))
    }

    @Test func servePortOutOfRangeIsAUsageError() async throws {
        let run = try await DemoProcess.run(["serve", "--port", "70000"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("between 0 and 65535"))
    }

    private struct Listing: Decodable {
        struct Route: Decodable {
            var method: String
            var path: String
        }
        var routes: [Route]
    }
}

#else
/// Without the package trait Hummingbird, the server parts of the demo say how to run them.
@Suite(.timeLimit(.minutes(10)))
struct ServerTraitMissingTests {
    @Test func serveSaysHowToRunItWithTheTrait() async throws {
        let run = try await DemoProcess.run(["serve", "--port", "8080"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("╭─ ⚠ No Server in This Build"))
        #expect(run.stderr.contains("swift run --traits Hummingbird remedy-demo serve --port 8080"))
        #expect(!run.stderr.contains("Error:"))
        #expect(!run.stdout.contains("Listening"))
    }

    @Test func serverScenarioSaysHowToRunItWithTheTrait() async throws {
        let run = try await DemoProcess.run(["server", "--language", "de"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("╭─ ⚠ Kein Server in diesem Build"))
        #expect(run.stderr.contains("swift run --traits Hummingbird remedy-demo server"))
        #expect(!run.stderr.contains("Error:"))
    }
}
#endif
