import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if Hummingbird
/// The server example (`Examples/server`), built with the package trait Hummingbird: `server-example` runs on
/// a port the system picks, and `server-example-client` calls each of its routes as a person would, without a
/// terminal (Remedy picks the fallback option and says so) or typing at one.
@Suite(.timeLimit(.minutes(10)))
struct ServerExampleTests {
    /// Runs `body` with a started server, and stops it afterwards.
    func withServer(_ body: (ExampleServerProcess) async throws -> Void) async throws {
        let server = try await ExampleServerProcess()
        defer { server.stop() }
        try await body(server)
    }

    /// A route that reads a missing file fails for real: the person reads a calm message, Try Again and the
    /// reference; the server's log has the path under the same reference. Once the file exists, it loads.
    @Test func aMissingFileIsAServerProblemWithTheSameReferenceOnBothSides() async throws {
        try await withServer { server in
            let failed = try await server.client(["report"])
            #expect(failed.status == 69)  // a server problem: the service is unavailable
            #expect(failed.stdout.isEmpty)
            #expect(failed.stderr.contains("╭─ ⚠ Server Problem"))
            #expect(failed.stderr.contains("  1) Try Again [t] (default)\n  2) Cancel [c]\n"))
            #expect(failed.stderr.contains("no terminal to answer in, so “Cancel” was chosen"))
            let match = try #require(failed.stderr.firstMatch(of: #/Reference ([0-9A-Z]{4}-[0-9A-Z]{4})/#))
            let record = try await server.waitForLine(containing: "reference=\(match.1)")
            #expect(record.contains("status=500"))
            #expect(record.contains("server-data/report.txt"))
            for fragment in ["report.txt", "server-data", "CocoaError", "/tmp", "NSFilePath"] {
                #expect(!failed.all.contains(fragment), "the client shows “\(fragment)”")
            }

            let data = server.folder.appendingPathComponent("server-data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try "Orders today: 128".write(
                to: data.appendingPathComponent("report.txt"), atomically: true, encoding: .utf8)
            let loaded = try await server.client(["report"])
            #expect(loaded.status == 0)
            #expect(loaded.stdout == "Orders today: 128\n")
            #expect(loaded.stderr.isEmpty)
        }
    }

    /// `GET /account` answers 401 with a Sign In action; the client's rule takes it over, asks the person with
    /// the server's words, signs in (`POST /session`) and loads the account on the second attempt.
    @Test func theAccountAsksToSignInAndLoadsOnceSignedIn() async throws {
        try await withServer { server in
            let signedIn = try await server.client(["account"], input: .terminal("1\n"))
            #expect(signedIn.status == 0)
            #expect(signedIn.stderr.contains("Sign In Required"))
            #expect(signedIn.stderr.contains("You're not signed in, or your session has ended."))
            #expect(signedIn.stderr.contains("  1) Sign In [s] (default)\n  2) Cancel [c]\n"))
            #expect(signedIn.stderr.contains(#/Reference [0-9A-Z]{4}-[0-9A-Z]{4}/#))
            let account = try JSONDecoder().decode([String: String].self, from: Data(signedIn.stdout.utf8))
            #expect(account["name"] == "Ada Lovelace")

            let declined = try await server.client(["account"])
            #expect(declined.status == 77)  // no permission: sign-in declined
            #expect(declined.stderr.contains("  1) Sign In [s] (default)\n  2) Cancel [c]\n"))
            #expect(declined.stderr.contains("“Cancel” was chosen"))
            #expect(declined.stdout.isEmpty)
        }
    }

    /// The sign-up form's invalid fields come back 422, and the client lists each under the message.
    @Test func theFormsInvalidFieldsAreListedUnderTheMessage() async throws {
        try await withServer { server in
            let invalid = try await server.client(["sign-up", "--name", " ", "--email", "ada.example.com"])
            #expect(invalid.status == 65)  // invalid input: a data error
            #expect(invalid.stderr.contains("╭─ ⚠ Check Your Entry"))
            #expect(invalid.stderr.contains("│   • name: Enter your name.\n"))
            #expect(invalid.stderr.contains("│   • email: Enter an email address such as ada@example.com.\n"))
            #expect(invalid.stderr.contains("  1) OK [o] (default)\n"))
            #expect(!invalid.stderr.contains("Try Again"), "invalid input isn't fixed by sending it again")

            let halfValid = try await server.client(["sign-up", "--name", "Ada", "--email", "ada.example.com"])
            #expect(!halfValid.stderr.contains("• name:"))
            #expect(halfValid.stderr.contains("• email:"))

            let valid = try await server.client(["sign-up", "--name", "Ada", "--email", "ada@example.com"])
            #expect(valid.status == 0)
            #expect(valid.stdout == "Signed up as Ada.\n")
            #expect(valid.stderr.isEmpty)
        }
    }

    /// The client asks for the person's language (`Accept-Language` from `LANG`): the server's words come back
    /// in it, and the client's own words (the options, the notice) are in it too. The app's field messages
    /// are its own, in English.
    @Test func theAnswerIsInThePersonsLanguage() async throws {
        try await withServer { server in
            let run = try await server.client(
                ["sign-up", "--name", "", "--email", "ada.example.com"], language: "de_DE.UTF-8")
            #expect(run.status == 65)
            #expect(run.stderr.contains("╭─ ⚠ Eingabe prüfen"))
            #expect(run.stderr.contains("│   • name: Enter your name.\n"))
            #expect(run.stderr.contains("  1) OK [o] (Standard)\n"))
            #expect(run.stderr.contains("Referenz "))
            #expect(!run.stderr.contains("Check Your Entry"))
        }
    }

    /// A JSON body the server can't read names the field (400, from `RequestBodyDecoder`), in words for a
    /// person; a title the app refuses is named too (422); a good note is created.
    @Test func aNoteNamesTheFieldTheServerCouldntUse() async throws {
        try await withServer { server in
            let unreadable = try await server.client(["add-note", "--text", "Buy milk."])
            #expect(unreadable.status == 65)
            #expect(unreadable.stderr.contains("╭─ ⚠ Check Your Entry"))
            let field = try #require(unreadable.stderr.firstMatch(of: #/│   • title: (.+)\n/#))
            for fragment in ["keyNotFound", "CodingKeys", "NewNote", "String"] {
                #expect(!field.1.contains(fragment), "developer text in “\(field.1)”")
            }

            let refused = try await server.client(["add-note", "--title", "", "--text", "Buy milk."])
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("│   • title: Give the note a title.\n"))

            let created = try await server.client(["add-note", "--title", "Shopping", "--text", "Buy milk."])
            #expect(created.status == 0)
            let note = try JSONDecoder().decode([String: String].self, from: Data(created.stdout.utf8))
            #expect(note["title"] == "Shopping" && note["text"] == "Buy milk.")
            #expect(UUID(uuidString: note["id"] ?? "") != nil)
        }
    }

    /// The raw answers: a 422's `errors` member names each field, a page lists them for a browser, and a JSON
    /// body of the wrong shape is a 400 whose error points at the member.
    @Test func theAnswersCarryTheFieldErrorsOnTheWire() async throws {
        try await withServer { server in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let form = Data("name=&email=ada".utf8)

            let (body, response) = try await send(session, "POST", server.baseURL, "signup", form, accept: "*/*")
            #expect(response.statusCode == 422)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            let problem = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let errors = try #require(problem["errors"] as? [[String: String]])
            #expect(
                errors == [
                    ["name": "name", "detail": "Enter your name."],
                    ["name": "email", "detail": "Enter an email address such as ada@example.com."],
                ])

            let browser = "text/html,application/xhtml+xml,*/*;q=0.8"
            let (page, pageResponse) = try await send(session, "POST", server.baseURL, "signup", form, accept: browser)
            #expect(pageResponse.statusCode == 422)
            #expect(pageResponse.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            let html = String(decoding: page, as: UTF8.self)
            #expect(html.contains("<title>Check Your Entry</title>"))
            #expect(html.contains("Enter your name.") && html.contains("Enter an email address such as"))

            let json = Data(#"{"title": 42, "text": "Buy milk."}"#.utf8)
            let (wrong, wrongResponse) = try await send(
                session, "POST", server.baseURL, "notes", json, type: "application/json", accept: "*/*")
            #expect(wrongResponse.statusCode == 400)
            let wrongProblem = try #require(try JSONSerialization.jsonObject(with: wrong) as? [String: Any])
            let pointers = (wrongProblem["errors"] as? [[String: String]])?.compactMap { $0["pointer"] }
            #expect(pointers == ["#/title"])
        }
    }

    /// What a request sends is bounded and escaped: a body over 16 KB is refused before it is read, a name
    /// is escaped on the page that shows it, and the form page posts only to the server.
    @Test func requestsAreBoundedAndTheirTextEscaped() async throws {
        try await withServer { server in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let large = Data(repeating: UInt8(ascii: "a"), count: 20_000)
            let (_, tooLarge) = try await send(session, "POST", server.baseURL, "notes", large, accept: "*/*")
            #expect(tooLarge.statusCode == 413)

            let hostile = Data("name=%3Cscript%3Ealert(1)%3C%2Fscript%3E&email=ada%40example.com".utf8)
            let (welcome, welcomed) = try await send(session, "POST", server.baseURL, "signup", hostile, accept: "*/*")
            #expect(welcomed.statusCode == 200)
            let page = String(decoding: welcome, as: UTF8.self)
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.contains("<script"))

            let (formPage, formResponse) = try await session.data(from: server.baseURL.appendingPathComponent("signup"))
            let formHTML = String(decoding: formPage, as: UTF8.self)
            #expect(formHTML.contains(#"<form method="post" action="/signup""#))
            #expect(formHTML.contains(#"name="name""#) && formHTML.contains(#"name="email""#))
            let policy = (formResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Security-Policy")
            #expect(policy?.contains("form-action 'self'") == true)
        }
    }

    /// The README's transcript of the client (a fence whose first line is `$ swift run --traits Hummingbird
    /// server-example-client …`) is what the client writes at a terminal, the Enter key not yet pressed; the
    /// reference is compared as a placeholder.
    @Test func theReadmesTranscriptIsWhatTheClientPrints() async throws {
        let command = "$ swift run --traits Hummingbird server-example-client"
        let readme = try String(
            contentsOf: ReadmeTranscriptTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let fences = readme.components(separatedBy: "```\n").map { $0.split(separator: "\n").map(String.init) }
        let transcript = try #require(fences.first { $0.first?.hasPrefix(command) == true })
        let arguments = ReadmeTranscriptTests.shellWords(String(transcript[0].dropFirst(command.count)))
        try await withServer { server in
            let run = try await server.client(arguments, input: .terminal("\n"))
            #expect(run.stdout.isEmpty)
            let written = ReadmeTranscriptTests.normalized(run.stderr).split(separator: "\n").map {
                String($0).replacing(#/\s+$/#, with: "")
            }
            #expect(written == transcript.dropFirst().map(ReadmeTranscriptTests.normalized))
        }
    }

    @Test func theIndexPageLinksTheRoutes() async throws {
        try await withServer { server in
            let (page, response) = try await URLSession.shared.data(from: server.baseURL)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let html = String(decoding: page, as: UTF8.self)
            for link in [#"href="/report""#, #"href="/account""#, #"href="/signup""#] {
                #expect(html.contains(link), "the index doesn't link \(link)")
            }
        }
    }

    @Test func helpNamesThePortAndTheRoutes() async throws {
        let help = try await DemoProcess.run(["--help"], executable: "server-example")
        #expect(help.status == 0)
        #expect(help.stdout.contains("--port <port>"))
        for route in ["/report", "/account", "/signup", "/notes"] {
            #expect(help.stdout.contains(route), "--help doesn't name \(route)")
        }
        let outOfRange = try await DemoProcess.run(["--port", "70000"], executable: "server-example")
        #expect(outOfRange.status != 0)
        #expect(outOfRange.stderr.contains("between 0 and 65535"))
    }

    private func send(
        _ session: URLSession,
        _ method: String,
        _ baseURL: URL,
        _ path: String,
        _ body: Data,
        type: String = "application/x-www-form-urlencoded",
        accept: String
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }
}
#else
/// Without the package trait Hummingbird, the server example says how to run it.
@Suite(.timeLimit(.minutes(10)))
struct ServerExampleTraitMissingTests {
    @Test func theServerExampleSaysHowToRunItWithTheTrait() async throws {
        let run = try await DemoProcess.run(["--port", "8080"], executable: "server-example")
        #expect(run.status == 78)  // sysexits.h's EX_CONFIG
        #expect(run.stderr.contains("package trait Hummingbird"))
        #expect(run.stderr.contains("swift run --traits Hummingbird server-example\n"))
        #expect(run.stdout.isEmpty)
    }

    @Test func theClientNeedsNoTraitAndSaysWhatItCalls() async throws {
        let run = try await DemoProcess.run(["--help"], executable: "server-example-client")
        #expect(run.status == 0)
        for command in ["report", "account", "sign-up", "add-note"] {
            #expect(run.stdout.contains(command), "--help doesn't name \(command)")
        }
    }
}
#endif
