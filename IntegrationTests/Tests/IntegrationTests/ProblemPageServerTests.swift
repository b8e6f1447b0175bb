import Foundation
import Hummingbird
import Remedy
import RemedyHummingbird
import Testing

/// The page for people: `ProblemDetailsMiddleware` on a real Hummingbird or Vapor server on loopback (each test
/// runs against both) answers a
/// request that prefers `text/html` with a small, localized HTML page whose actions are working links and
/// forms, under a strict Content-Security-Policy; every other request keeps Problem Details.
@Suite(.timeLimit(.minutes(5)))
struct ProblemPageServerTests {
    /// What Firefox and Chromium send when they navigate to a page.
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    /// The requests for the app's actions of `/orders/9` (`OrderLocked`): a link, a form, and a method HTML
    /// can't send.
    static func configureOrderActions(_ configuration: inout ProblemDetailsConfiguration) {
        configuration.actionRequests["viewOrder"] = .init(method: "GET", href: "/orders/9/view")
        configuration.actionRequests["refreshOrder"] = .init(method: "POST", href: "/orders/9/refresh")
        configuration.actionRequests["discardDraft"] = .init(method: "DELETE", href: "/orders/9/draft")
    }

    @Test(
        "A browser gets a page with the status, texts, reference and Try Again of the failure",
        arguments: ServerKind.allCases, RealClient.allCases)
    func browserGetsAPage(kind: ServerKind, client: RealClient) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await client.send(
                server.baseURL.appending(path: "/crash").appending(queryItems: [.init(name: "from", value: "mail")]),
                headers: ["Accept": Self.browserAccept]
            )
            #expect(answer.status == 500)
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(answer.headers["vary"] == "Accept, Accept-Language")
            #expect(answer.headers["content-language"] == "en")
            let page = Page(answer.text)
            let title = try #require(StringsFile.text("category.unknown.title", language: "en"))
            #expect(answer.text.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
            #expect(page.title == ProblemPage.escaped(title))
            #expect(page.heading == ProblemPage.escaped(title))
            #expect(answer.text.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
            let message = try #require(StringsFile.text("category.unknown.message", language: "en"))
            #expect(answer.text.contains("<p>\(ProblemPage.escaped(message))</p>"))
            // The reference the log has, with its label.
            let line = try #require(server.log.entries.first { $0.message == "Answered 500 with a page" })
            let reference = try #require(line["reference"])
            #expect(page.reference == "Reference: \(reference)")
            // Try Again loads the failed page again: a link to its own path and query.
            let retry = try #require(StringsFile.text("option.tryAgain", language: "en"))
            #expect(page.links == [Page.Link(href: "/crash?from=mail", title: retry)])
            #expect(page.forms.isEmpty)
            #expect(!answer.text.contains("<script"))
            expectNoDeveloperText(answer.text, path: "/crash")
            #expect(line["report"]?.contains("SELEC * FROM invoices") == true, "the report stays in the log")
        }
    }

    @Test(
        "The page's Content-Security-Policy is strict, and its nonce, new for every page, is the style's",
        arguments: ServerKind.allCases)
    func contentSecurityPolicy(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            var nonces: Set<String> = []
            for _ in 0..<2 {
                let answer = try await RealClient.asyncHTTPClient.send(
                    server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browserAccept])
                let policy = try #require(answer.headers["content-security-policy"])
                let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(directives.contains("default-src 'none'"))
                #expect(directives.contains("form-action 'self'"))
                #expect(directives.contains("base-uri 'none'"))
                #expect(directives.contains("frame-ancestors 'none'"))
                let style = try #require(directives.first { $0.hasPrefix("style-src ") })
                let nonce = String(try #require(style.wholeMatch(of: /style-src 'nonce-([A-Za-z0-9+\/=]+)'/)?.1))
                #expect(Data(base64Encoded: nonce)?.count == 16)
                #expect(answer.text.contains("<style nonce=\"\(nonce)\">"))
                #expect(Page(answer.text).styleNonces == [nonce])
                nonces.insert(nonce)
            }
            #expect(nonces.count == 2)
        }
    }

    @Test("Sign In is a form for the configured sign-in request", arguments: ServerKind.allCases)
    func signInIsAForm(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/account"), headers: ["Accept": Self.browserAccept])
            #expect(answer.status == 401)
            let page = Page(answer.text)
            let signIn = try #require(StringsFile.text("handling.option.signIn", language: "en"))
            #expect(page.forms == [Page.Form(action: "/session", overriddenMethod: nil, title: signIn)])
            #expect(answer.text.contains(#"<button class="button recommended" type="submit">"#))
        }
    }

    @Test(
        "A lone status error (HTTPError, Abort), answered from the answers made once per language, is a page too",
        arguments: ServerKind.allCases)
    func loneHTTPErrorIsAPage(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            for path in ["/no/such/route", "/status/404"] {
                let answer = try await RealClient.urlSession.send(
                    server.baseURL.appending(path: path),
                    headers: ["Accept": Self.browserAccept, "Accept-Language": "de"]
                )
                #expect(answer.status == 404)
                #expect(answer.contentType == "text/html; charset=utf-8", "\(path)")
                #expect(answer.headers["vary"] == "Accept, Accept-Language")
                let title = try #require(StringsFile.text("catalog.http.notFound.title", language: "de"))
                #expect(Page(answer.text).heading == ProblemPage.escaped(title))
                let json = try await RealClient.urlSession.send(server.baseURL.appending(path: path))
                #expect(json.contentType == ProblemDetails.mediaType)
            }
            // Each page names its own occurrence.
            let references = server.log.entries.compactMap { $0["reference"] }
            #expect(Set(references).count == references.count)
        }
    }

    @Test(
        "Retry-After and the status error's headers (WWW-Authenticate) are kept on the page",
        arguments: ServerKind.allCases)
    func headersAreKept(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/overload"), headers: ["Accept": Self.browserAccept])
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "7")
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(!answer.text.contains("pool exhausted"))
            let protected = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/protected"), headers: ["Accept": Self.browserAccept])
            #expect(protected.status == 401)
            #expect(protected.headers["www-authenticate"] == #"Bearer realm="notes""#)
            #expect(protected.contentType == "text/html; charset=utf-8")
            #expect(protected.headers["vary"] == "Accept, Accept-Language")
        }
    }

    @Test(
        "A GET action is a link, a POST action a form, a DELETE a POST form with _method",
        arguments: ServerKind.allCases)
    func actionsAreWorkingControls(kind: ServerKind) async throws {
        try await ProblemServer.with(kind, Self.configureOrderActions) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Accept": Self.browserAccept])
            #expect(answer.status == 422)
            let page = Page(answer.text)
            #expect(page.title == "Order Locked")
            #expect(page.links == [Page.Link(href: "/orders/9/view", title: "View Order")])
            #expect(
                page.forms == [
                    Page.Form(action: "/orders/9/refresh", overriddenMethod: nil, title: "Refresh Order"),
                    Page.Form(action: "/orders/9/draft", overriddenMethod: "DELETE", title: "Discard Draft"),
                ])
            #expect(answer.text.contains(#"<a class="button recommended" href="/orders/9/view">"#))
            #expect(answer.text.contains(#"<button class="button destructive" type="submit">Discard Draft"#))
        }
    }

    @Test(
        "Try Again after a failed POST is a POST form to the same target that sends nothing",
        arguments: ServerKind.allCases)
    func retryAfterAPostIsAForm(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/crash"), method: "POST", headers: ["Accept": Self.browserAccept])
            #expect(answer.status == 500)
            let page = Page(answer.text)
            let retry = try #require(StringsFile.text("option.tryAgain", language: "en"))
            #expect(page.links.isEmpty)
            #expect(page.forms == [Page.Form(action: "/crash", overriddenMethod: nil, title: retry)])
            #expect(!answer.text.contains("<input"), "the form resubmits nothing")
        }
    }

    @Test(
        "German and Japanese pages: the catalog's texts, the labels and the lang of the language asked for",
        arguments: ServerKind.allCases, ["de", "ja"]
    )
    func localizedPages(kind: ServerKind, language: String) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/crash"),
                headers: ["Accept": Self.browserAccept, "Accept-Language": language]
            )
            #expect(answer.headers["content-language"] == language)
            #expect(answer.text.contains("<html lang=\"\(language)\">"))
            let page = Page(answer.text)
            let title = try #require(StringsFile.text("category.unknown.title", language: language))
            let message = try #require(StringsFile.text("category.unknown.message", language: language))
            #expect(title != StringsFile.text("category.unknown.title", language: "en"))
            #expect(page.title == ProblemPage.escaped(title))
            #expect(answer.text.contains("<p>\(ProblemPage.escaped(message))</p>"))
            let line = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            let label = try #require(StringsFile.text("page.reference", language: language))
            #expect(label != StringsFile.text("page.reference", language: "en"))
            let reference = try #require(line["reference"])
            #expect(page.reference == ProblemPage.escaped(label.replacingOccurrences(of: "%@", with: reference)))
            let actionsLabel = try #require(StringsFile.text("page.actions", language: language))
            #expect(answer.text.contains("aria-label=\"\(ProblemPage.escaped(actionsLabel))\""))
            let retry = try #require(StringsFile.text("option.tryAgain", language: language))
            #expect(page.links.map(\.title) == [ProblemPage.escaped(retry)])
        }
    }

    @Test("An app's texts that hold markup and quotes are escaped, never run", arguments: ServerKind.allCases)
    func hostileTextsAreEscaped(kind: ServerKind) async throws {
        let title = #"<script>alert("t")</script> 'quoted' & more"#
        let message = #"Tom & Jerry's "order" <img src=x onerror=alert(1)>"#
        try await ProblemServer.with(
            kind,
            {
                $0.catalog.register { error, _ in
                    error is LeakyFailure ? ErrorInterpretation(title: title, message: message) : nil
                }
            }
        ) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browserAccept])
            #expect(!answer.text.contains("<script"))
            #expect(!answer.text.contains("<img"))
            let escapedTitle = "&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &#39;quoted&#39; &amp; more"
            #expect(Page(answer.text).title == escapedTitle)
            #expect(Page(answer.text).heading == escapedTitle)
            #expect(
                answer.text.contains(
                    "<p>Tom &amp; Jerry&#39;s &quot;order&quot; &lt;img src=x onerror=alert(1)&gt;</p>"))
        }
    }

    @Test(
        "An action whose href is a script, data, another origin or disguised is left off the page, and the record names it",
        arguments: ServerKind.allCases,
        [
            "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
            "data:text/html,<script>alert(1)</script>", "vbscript:msgbox", "//evil.example/steal",
            "/\\evil.example/steal", "http://evil.example/steal", "https://127.0.0.1@evil.example/steal",
            "ftp://127.0.0.1/file",
        ]
    )
    func unsafeHrefsAreDropped(kind: ServerKind, href: String) async throws {
        try await ProblemServer.with(
            kind,
            {
                Self.configureOrderActions(&$0)
                $0.actionRequests["viewOrder"] = .init(method: "GET", href: href)
            }
        ) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Accept": Self.browserAccept])
            let page = Page(answer.text)
            #expect(page.links.isEmpty)
            #expect(page.forms.map(\.title) == ["Refresh Order", "Discard Draft"])
            #expect(!answer.text.contains("script:"))
            #expect(!answer.text.contains("evil.example"))
            let record = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            #expect(record["dropped"]?.hasPrefix("viewOrder ") == true)
        }
    }

    @Test(
        "A relative reference and an absolute URL of the request's own origin (its Host) are kept",
        arguments: ServerKind.allCases,
        ["view", "?tab=2", "#top", "http://app.example:8080/orders/9/view", "HTTPS://App.Example:8080/v"]
    )
    func sameOriginHrefsAreKept(kind: ServerKind, href: String) async throws {
        try await ProblemServer.with(
            kind,
            {
                Self.configureOrderActions(&$0)
                $0.actionRequests["viewOrder"] = .init(method: "GET", href: href)
            }
        ) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/orders/9"),
                headers: ["Accept": Self.browserAccept, "Host": "app.example:8080"]
            )
            #expect(Page(answer.text).links == [Page.Link(href: href, title: "View Order")])
        }
    }

    @Test("A sign-in request with a javascript: href is left off the 401 page", arguments: ServerKind.allCases)
    func javascriptSignInIsDropped(kind: ServerKind) async throws {
        try await ProblemServer.with(
            kind,
            {
                $0.actionRequests["signIn"] = .init(method: "GET", href: "javascript:document.cookie")
            }
        ) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/account"), headers: ["Accept": Self.browserAccept])
            #expect(answer.status == 401)
            #expect(Page(answer.text).links.isEmpty && Page(answer.text).forms.isEmpty)
            #expect(!answer.text.contains("javascript"))
            let record = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            #expect(record["dropped"] == "signIn javascript:document.cookie")
        }
    }

    @Test(
        "A custom renderer draws the page from the resolved model, under the same headers",
        arguments: ServerKind.allCases)
    func customRenderer(kind: ServerKind) async throws {
        try await ProblemServer.with(
            kind,
            {
                Self.configureOrderActions(&$0)
                $0.htmlPage = { page in
                    "custom \(page.status) \(page.language) \(page.title) \(page.actions.map(\.method)) "
                        + "\(page.reference.map { "\($0)" } ?? "-") \(page.styleNonce.count)"
                }
            }
        ) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/orders/9"),
                headers: ["Accept": "text/html", "Accept-Language": "fr"]
            )
            let line = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            let reference = try #require(line["reference"])
            // The page's language is its message's: the app's English, though French was asked for; the actions
            // end with the way on, a link to the site's start.
            let methods = #"["GET", "POST", "DELETE", "GET"]"#
            #expect(answer.text == "custom 422 en Order Locked \(methods) \(reference) 24")
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(answer.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        }
    }

    @Test("With pages turned off, a browser gets Problem Details", arguments: ServerKind.allCases)
    func pagesCanBeTurnedOff(kind: ServerKind) async throws {
        try await ProblemServer.with(kind, { $0.servesPages = false }) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browserAccept])
            #expect(answer.contentType == ProblemDetails.mediaType)
            #expect(answer.headers["vary"] == "Accept-Language")
        }
    }

    /// `Accept` headers and whether they prefer the page: q-values weigh, the most specific range wins, a tie
    /// or junk keeps Problem Details.
    static let acceptHeaders: [(header: String?, prefersPage: Bool)] = [
        (browserAccept, true),
        ("text/html", true),
        ("TEXT/HTML", true),
        ("text/*", true),
        (" text/html ; q=1.0 , */*;q=0.1", true),
        ("text/html;level=1;q=0.9, application/json;q=0.5", true),
        ("application/json;q=0.4, text/html;q=0.5, application/problem+json;q=0.3", true),
        ("text/html, application/json;q=bogus", true),
        ("*/*, application/json;q=0.5, application/problem+json;q=0.5", true),
        (nil, false),
        ("*/*", false),
        ("application/json", false),
        ("application/problem+json", false),
        ("application/json, text/html", false),
        ("text/html, application/problem+json", false),
        ("text/html;q=0.5, application/json", false),
        ("text/html;q=0.8, */*", false),
        ("text/html;q=0", false),
        ("text/html;q=abc", false),
        ("text/html;q=2", false),
        ("html", false),
        ("*/html", false),
        ("text/html/extra", false),
        (";;;,,,=q", false),
        ("garbage", false),
        ("application/xhtml+xml", false),
        (String(repeating: "image/png, ", count: 2_000) + "text/html", false),
    ]

    @Test(
        "Accept decides between the page and Problem Details, q-values honoured, junk tolerated",
        arguments: ServerKind.allCases)
    func acceptNegotiation(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            for (header, prefersPage) in Self.acceptHeaders {
                let answer = try await RealClient.asyncHTTPClient.send(
                    server.baseURL.appending(path: "/crash"), headers: header.map { ["Accept": $0] } ?? [:])
                #expect(answer.status == 500)
                if prefersPage {
                    #expect(answer.contentType == "text/html; charset=utf-8", "\(header ?? "none")")
                    #expect(answer.headers["vary"] == "Accept, Accept-Language")
                } else {
                    #expect(answer.contentType == ProblemDetails.mediaType, "\(header ?? "none")")
                    // A cache must not give this answer to a browser: it varies by Accept too.
                    #expect(answer.headers["vary"] == "Accept, Accept-Language")
                    #expect(answer.headers["content-security-policy"] == nil)
                    let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
                    #expect(problem.title == StringsFile.text("category.unknown.title", language: "en"))
                }
            }
        }
    }
}

/// The one escaping function every text of a page goes through.
struct ProblemPageEscapingTests {
    @Test(
        "Each of & < > \" ' becomes a character reference; everything else stays as it is",
        arguments: [
            ("", ""),
            ("Plain text, ümlauts and 日本語", "Plain text, ümlauts and 日本語"),
            ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
            ("&amp;", "&amp;amp;"),
            (
                #"<a href="x" title='y'>Tom & Jerry</a>"#,
                "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;"
            ),
            ("e\u{301}<", "e\u{301}&lt;"),
        ]
    )
    func escaped(text: String, expected: String) {
        #expect(ProblemPage.escaped(text) == expected)
    }

    @Test("A 5 MB text is escaped in one pass")
    func largeText() {
        let text = String(repeating: "<&>", count: 1_750_000)
        let escaped = ProblemPage.escaped(text)
        #expect(escaped.utf8.count == 1_750_000 * 13)
        #expect(escaped.hasPrefix("&lt;&amp;&gt;"))
    }
}

// MARK: - Reading the page

/// The parts of a page the tests read, found by the markup the default renderer writes; texts stay escaped.
struct Page {
    struct Link: Equatable {
        var href: String
        var title: String
    }

    struct Form: Equatable {
        var action: String
        var overriddenMethod: String?
        var title: String
    }

    let html: String

    init(_ html: String) {
        self.html = html
    }

    var title: String? { first(/<title(?: lang="[^"]*")?>([^<]*)<\/title>/) }
    var heading: String? { first(/<h1(?: lang="[^"]*")?>([^<]*)<\/h1>/) }
    var reference: String? { first(/<p class="reference"(?: lang="[^"]*")?>([^<]*)<\/p>/) }
    /// The `lang` of the page's reference line, when it differs from the page's.
    var referenceLanguage: String? { first(/<p class="reference" lang="([^"]*)">/) }

    /// The way on: the link back to the same-origin page the request came from, or to the site's start.
    var wayOn: Link? {
        html.firstMatch(of: /<a class="[^"]*way-on[^"]*" href="([^"]*)"(?: lang="[^"]*")?>([^<]*)<\/a>/).map {
            Link(href: String($0.1), title: String($0.2))
        }
    }

    var styleNonces: [String] { html.matches(of: /<style nonce="([^"]*)">/).map { String($0.1) } }

    var links: [Link] {
        // The actions' links; the way on is apart (``wayOn``).
        html.matches(of: /<a class="([^"]*)" href="([^"]*)"(?: lang="[^"]*")?>([^<]*)<\/a>/)
            .filter { !$0.1.contains("way-on") }
            .map { Link(href: String($0.2), title: String($0.3)) }
    }

    var forms: [Form] {
        let form =
            /<form method="post" action="([^"]*)">(?:<input type="hidden" name="_method" value="([^"]*)">)?<button class="[^"]*" type="submit"(?: lang="[^"]*")?>([^<]*)<\/button><\/form>/
        return html.matches(of: form).map {
            Form(action: String($0.1), overriddenMethod: $0.2.map(String.init), title: String($0.3))
        }
    }

    private func first(_ pattern: Regex<(Substring, Substring)>) -> String? {
        html.firstMatch(of: pattern).map { String($0.1) }
    }
}
