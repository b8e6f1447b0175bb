#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Testing

/// Every page the server examples give a browser has a way on: headless Chromium (Debian's `chromium`, which
/// `.ci/run` installs) loads each failing route of `server-example` and `vapor-example` — and the page after a
/// refused form — and the DOM it built has a link or a button. Skipped, saying why, where Chromium isn't installed.
///
/// Serialized: one Chromium at a time is all a 2-core machine runs beside the servers without stalling them.
@Suite(
    .enabled(if: Chromium.path != nil, "chromium is not installed (apt-get install -y chromium)"),
    .serialized,
    .timeLimit(.minutes(5))
)
struct ExamplePagesBrowserTests {
    #if Hummingbird
    @Test func everyPageOfTheHummingbirdExampleHasAWayOn() async throws {
        let server = try await ExampleServerProcess()
        defer { server.stop() }
        for path in ["/", "/report", "/account", "/signup", "/no/such/page"] {
            let dom = try await Chromium.dom(of: server.baseURL.absoluteString + path)
            #expect(Chromium.hasLinkOrButton(dom), "no link or button on \(path):\n\(dom)")
        }
        // The page after the form is refused (422), reached as a person reaches it: by posting the form.
        let refused = try await Chromium.dom(of: Chromium.postingForm(to: server.baseURL.absoluteString + "/signup"))
        #expect(refused.contains("email"), "not the refused form's page:\n\(refused)")
        #expect(Chromium.hasLinkOrButton(refused), "no link or button after the refused form:\n\(refused)")
    }

    /// `remedy-demo serve`: each of its routes a browser can open, as a browser opens them (GET), the router's
    /// 404, and the page after its form-like route (`POST /accounts`) refuses. (`GET /` lists the routes as
    /// JSON, no page; a page's way to the start leads there.)
    @Test func everyPageOfTheDemoServerHasAWayOn() async throws {
        let server = try await ExampleServerProcess("remedy-demo", arguments: ["serve", "--port", "0"])
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        for path in ["/account", "/reports/today", "/invoices/42", "/accounts", "/session", "/no/such/page"] {
            let dom = try await Chromium.dom(of: base + path)
            #expect(dom.contains("<h1"), "not a page: \(path)\n\(dom)")
            #expect(Chromium.hasLinkOrButton(dom), "no link or button on \(path):\n\(dom)")
        }
        let refused = try await Chromium.dom(of: Chromium.postingForm(to: base + "/accounts"))
        #expect(refused.contains("ada"), "not the refused name's page:\n\(refused)")
        #expect(Chromium.hasLinkOrButton(refused), "no link or button after the refused form:\n\(refused)")
    }
    #endif

    #if Vapor
    @Test func everyPageOfTheVaporExampleHasAWayOn() async throws {
        let server = try await ExampleServerProcess(
            "vapor-example", arguments: ["serve", "--port", "0"], listening: "Server started on http://127.0.0.1:")
        defer { server.stop() }
        for path in ["/users/42", "/no/such/page"] {
            let dom = try await Chromium.dom(of: server.baseURL.absoluteString + path)
            #expect(dom.contains("<h1"), "not a page: \(path)\n\(dom)")
            #expect(Chromium.hasLinkOrButton(dom), "no link or button on \(path):\n\(dom)")
        }
    }
    #endif
}

/// Headless Chromium, run once per page.
enum Chromium {
    /// The executable, where one is installed.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Whether a DOM has a link with an `href` or a button.
    static func hasLinkOrButton(_ dom: String) -> Bool {
        dom.contains("<a ") && dom.contains("href=") || dom.contains("<button")
    }

    /// A `data:` page that posts a form with empty fields to `url` as soon as it loads.
    static func postingForm(to url: String) -> String {
        let page = """
            <form method="post" action="\(url)"><input name="name" value=""><input name="email" value=""></form>\
            <script>document.forms[0].submit()</script>
            """
        return "data:text/html," + (page.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? page)
    }

    /// The DOM Chromium builds for a URL, once the page and whatever it navigates to have loaded.
    static func dom(of url: String) async throws -> String {
        let chromium = try #require(path)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        let outputFile = profile.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--lang=en", "--timeout=15000", "--virtual-time-budget=5000",
            "--dump-dom", url,
        ]
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // The exit awaited through the termination handler: blocking a thread of the cooperative pool on
        // Chromium would starve the test's other work. A cancelled test (at its time limit) ends Chromium.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                process.terminationHandler = { _ in continuation.resume() }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        try output.close()
        return String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }
}
#endif
