import Foundation
import Remedy
import RemedyHummingbird
import Testing

/// What a page and its headers say of their languages, and the way on every page has: `Content-Language` and
/// `lang` name the language of the texts actually sent (an app's English under a German request is `en`, the
/// German parts marked `lang="de"`); a page links back to the same-origin page the request came from, never to
/// a `Referer` of another origin, else to the site's start.
@Suite(.timeLimit(.minutes(5)))
struct ProblemPageWayOnTests {
    static let browser = ProblemPageServerTests.browserAccept

    @Test(
        "A German request for an English-only app error is answered Content-Language: en",
        arguments: ServerKind.allCases)
    func appTextsKeepTheirLanguage(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let json = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Accept-Language": "de"])
            #expect(json.headers["content-language"] == "en")
            #expect(json.text.contains("Order Locked"))
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/orders/9"),
                headers: ["Accept": Self.browser, "Accept-Language": "de"])
            #expect(answer.headers["content-language"] == "en")
            #expect(answer.text.contains(#"<html lang="en">"#))
            let page = Page(answer.text)
            #expect(page.heading == "Order Locked")
            // Remedy's own words are German, and say so.
            #expect(page.referenceLanguage == "de")
            let label = try #require(StringsFile.text("page.reference", language: "de"))
            #expect(page.reference?.hasPrefix(String(label.prefix { $0 != "%" })) == true)
            // Remedy's texts alone: the request's language throughout.
            let crash = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browser, "Accept-Language": "de"])
            #expect(crash.headers["content-language"] == "de")
            #expect(Page(crash.text).referenceLanguage == nil)
        }
    }

    @Test(
        "An app's English field messages under Remedy's German message are marked lang=en",
        arguments: ServerKind.allCases)
    func fieldMessagesKeepTheirLanguage(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/signup"), headers: ["Accept": Self.browser, "Accept-Language": "de"])
            #expect(answer.status == 422)
            #expect(answer.headers["content-language"] == "de")
            #expect(answer.text.contains(#"<html lang="de">"#))
            #expect(answer.text.contains(#"<ul class="fields" lang="en">"#))
        }
    }

    @Test("A same-origin Referer is the way back, as its path and query", arguments: ServerKind.allCases)
    func sameOriginRefererIsTheWayBack(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let origin = try #require(server.baseURL.absoluteString.split(separator: "/").dropFirst().first)
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/signup"),
                headers: ["Accept": Self.browser, "Referer": "http://\(origin)/join?plan=family#top"])
            let back = try #require(StringsFile.text("page.back", language: "en"))
            #expect(Page(answer.text).wayOn == Page.Link(href: "/join?plan=family", title: back))
        }
    }

    @Test(
        "A Referer of another origin, or not a plain http URL, never becomes a link: the start page does",
        arguments: ServerKind.allCases,
        [
            "http://evil.example/join", "https://evil.example/", "javascript:alert(1)", "//evil.example/join",
            "http://user@HOST/join", "http://HOST.evil.example/join", "http://HOST/jo in", "data:text/html,hi",
            "http://HOST\\@evil.example/", "/join",
        ])
    func hostileReferersAreNeverLinks(kind: ServerKind, referer: String) async throws {
        try await ProblemServer.with(kind) { server in
            let origin = try #require(server.baseURL.absoluteString.split(separator: "/").dropFirst().first)
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/signup"),
                headers: ["Accept": Self.browser, "Referer": referer.replacingOccurrences(of: "HOST", with: origin)])
            let start = try #require(StringsFile.text("page.start", language: "en"))
            #expect(Page(answer.text).wayOn == Page.Link(href: "/", title: start))
            #expect(!answer.text.contains("evil"))
            #expect(!answer.text.contains("javascript"))
        }
    }

    @Test("A 404 page says there is nothing at the address, and links to the start", arguments: ServerKind.allCases)
    func notFoundPageFitsAPage(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/no/such/page"),
                headers: ["Accept": Self.browser, "Accept-Language": "de"])
            #expect(answer.status == 404)
            let message = try #require(StringsFile.text("page.notFound.message", language: "de"))
            #expect(answer.text.contains("<p>\(ProblemPage.escaped(message))</p>"))
            #expect(!answer.text.contains("Aktualisiere die Ansicht"))
            let start = try #require(StringsFile.text("page.start", language: "de"))
            #expect(Page(answer.text).wayOn == Page.Link(href: "/", title: ProblemPage.escaped(start)))
        }
    }

    @Test("The start page is configurable, and can be left off", arguments: ServerKind.allCases)
    func startPageIsConfigurable(kind: ServerKind) async throws {
        try await ProblemServer.with(kind, { $0.startPage = "/app" }) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browser])
            #expect(Page(answer.text).wayOn?.href == "/app")
        }
        try await ProblemServer.with(kind, { $0.startPage = nil }) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/crash"), headers: ["Accept": Self.browser])
            #expect(Page(answer.text).wayOn == nil)
        }
    }

    @Test("A person's allowance used up is 429, not 503", arguments: ServerKind.allCases)
    func usedUpAllowanceIsTooManyRequests(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/quota"))
            #expect(answer.status == 429)
            #expect(answer.text.contains("Monthly Uploads Used Up"))
        }
    }
}
