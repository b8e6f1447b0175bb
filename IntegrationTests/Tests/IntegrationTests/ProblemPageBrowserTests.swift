import Foundation
import Remedy
import RemedyHummingbird
import Testing

/// The page as a real browser renders it: headless Chromium (Debian's `chromium`, installed by `.ci/run`)
/// loads failing routes of a real server on 127.0.0.1 in German and Japanese, and the test reads the DOM it
/// built; it clicks Try Again and the forms of actions (``DevToolsPipe``), and the server sees the requests;
/// screenshots at phone and desktop widths go to `/tmp/remedy-screens/`. Skipped, saying why, where Chromium
/// isn't installed.
///
/// Serialized: one Chromium at a time is all a 2-core machine runs beside the servers without stalling them.
@Suite(
    .enabled(if: HeadlessChromium.path != nil, "chromium is not installed (apt-get install -y chromium)"),
    .serialized,
    .timeLimit(.minutes(5))
)
struct ProblemPageBrowserTests {
    @Test(
        "Chromium renders the page in the language it asks for: title, message, reference, Try Again",
        arguments: ["de", "ja"])
    func chromiumRendersTheLocalizedPage(language: String) async throws {
        let chromium = try #require(HeadlessChromium.path)
        try await ProblemServer.with { server in
            let url = server.baseURL.appending(path: "/crash")
            let dom = try await HeadlessChromium.run(chromium, language: language, ["--dump-dom", url.absoluteString])
            let page = Page(dom)
            let title = try #require(StringsFile.text("category.unknown.title", language: language))
            let message = try #require(StringsFile.text("category.unknown.message", language: language))
            #expect(page.title == HeadlessChromium.serialized(title))
            #expect(page.heading == HeadlessChromium.serialized(title))
            #expect(dom.contains("<p>\(HeadlessChromium.serialized(message))</p>"))
            // The request Chromium sent was a navigation: the log has the page's answer and its reference.
            let line = try #require(server.log.entries.first { $0.message == "Answered 500 with a page" })
            let reference = try #require(line["reference"])
            let label = try #require(StringsFile.text("page.reference", language: language))
            #expect(page.reference == label.replacingOccurrences(of: "%@", with: reference))
            let retry = try #require(StringsFile.text("option.tryAgain", language: language))
            #expect(page.links == [Page.Link(href: "/crash", title: retry)])
            #expect(line["hb.request.id"] != nil)
        }
    }

    #if os(Linux)
    @Test("Clicking Try Again loads the failed page again; clicking a DELETE action posts its _method form")
    func clickingTheControls() async throws {
        let chromium = try #require(HeadlessChromium.path)
        let retry = try #require(StringsFile.text("option.tryAgain", language: "de"))
        try await ProblemServer.with({ ProblemPageServerTests.configureOrderActions(&$0) }) { server in
            let crash = server.baseURL.appending(path: "/crash")
            let order = server.baseURL.appending(path: "/orders/9")
            let titles = try await DevToolsPipe.run(chromium, language: "de") { browser in
                try browser.navigate(to: crash)
                let before = try browser.evaluate("document.title") as? String
                try browser.click(retry)
                let after = try browser.evaluate("document.title") as? String
                try browser.navigate(to: order)
                try browser.click("Refresh Order")
                try browser.navigate(to: order)
                try browser.click("Discard Draft")
                return [before, after]
            }
            let title = try #require(StringsFile.text("category.unknown.title", language: "de"))
            #expect(titles == [title, title])
            // The server saw every click: Try Again ran the failed GET again, the forms posted.
            #expect(await server.requests(to: "crash") == 2)
            #expect(await server.requests(to: "GET order") == 2)
            #expect(await server.requests(to: "POST refresh ") == 1)
            #expect(await server.requests(to: "POST draft _method=DELETE") == 1)
        }
    }
    #endif

    #if os(Linux)
    @Test("Chromium renders the field errors beside their names, in the language it asks for", arguments: ["de", "ja"])
    func chromiumRendersTheFieldErrors(language: String) async throws {
        let chromium = try #require(HeadlessChromium.path)
        try await ProblemServer.with { server in
            let url = server.baseURL.appending(path: "/signup")
            let rendered = try await DevToolsPipe.run(chromium, language: language) { browser in
                try browser.navigate(to: url)
                return [
                    try browser.evaluate("document.querySelector('h1').textContent") as? String,
                    try browser.evaluate(
                        "[...document.querySelectorAll('.fields li')].map(li => li.textContent).join('\\n')")
                        as? String,
                    try browser.evaluate("document.querySelector('.reference').textContent") as? String,
                ]
            }
            // The texts as a person reads them: the route's messages unescaped, each after its field's name.
            #expect(rendered[0] == StringsFile.text("category.invalidInput.title", language: language))
            #expect(rendered[1] == "email: Enter an email address with an @.\nname: Enter <your> name & surname.")
            let line = try #require(server.log.entries.first { $0.message == "Answered 422 with a page" })
            let reference = try #require(line["reference"])
            let label = try #require(StringsFile.text("page.reference", language: language))
            #expect(rendered[2] == label.replacingOccurrences(of: "%@", with: reference))
            #expect(await server.requests(to: "signup") == 1)
        }
    }
    #endif

    @Test("Screenshots of the page at phone (390x844) and desktop (1280x800) widths")
    func screenshots() async throws {
        let chromium = try #require(HeadlessChromium.path)
        let folder = URL(fileURLWithPath: "/tmp/remedy-screens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await ProblemServer.with({ ProblemPageServerTests.configureOrderActions(&$0) }) { server in
            for (name, size, path, language) in [
                ("phone-de", "390,844", "/crash", "de"), ("desktop-de", "1280,800", "/crash", "de"),
                ("phone-en", "390,844", "/orders/9", "en"), ("desktop-en", "1280,800", "/orders/9", "en"),
            ] {
                let file = folder.appending(path: "\(name).png")
                try? FileManager.default.removeItem(at: file)
                _ = try await HeadlessChromium.run(
                    chromium, language: language,
                    [
                        "--screenshot=\(file.path)", "--window-size=\(size)",
                        server.baseURL.appending(path: path).absoluteString,
                    ]
                )
                let png = try Data(contentsOf: file)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
                #expect(png.count > 5_000, "\(name) has something drawn")
            }
        }
    }
}

/// Runs Debian's `chromium` headless, without a profile of its own to keep.
enum HeadlessChromium {
    /// The executable, where one is installed.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A text as Chromium serializes the DOM's text: `&`, `<` and `>` escaped, quotes as they are.
    static func serialized(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Runs Chromium with `arguments` in a language, and returns what it wrote to standard output.
    static func run(_ path: String, language: String, _ arguments: [String]) async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appending(path: "remedy-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--lang=\(language)",
                "--accept-lang=\(language)", "--timeout=15000",
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = language
        process.environment = environment
        // Output to a file, and the exit awaited through the termination handler: blocking a thread of the
        // cooperative pool on Chromium would starve the server it is loading.
        let outputFile = profile.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            let output = FileHandle(forWritingAtPath: outputFile.path)
        else { throw ServerSetupFailure("can't write \(outputFile.path)") }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        let data = try Data(contentsOf: outputFile)
        return String(decoding: data, as: UTF8.self)
    }
}
