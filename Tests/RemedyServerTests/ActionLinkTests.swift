#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Remedy
import Testing

@testable import RemedyServer

/// The one rule of the links a server sends (``ActionLink``): what a client may act on, and nothing else.
struct ActionLinkTests {
    static let authority = "shop.example:8080"
    static let allowed = ActionLink.origins(["https://help.example.com", "http://status.example.com:8081/path"])

    @Test(
        "Relative references, the request's own authority and allowed origins are sent",
        arguments: [
            "/orders/9/view", "orders/9", "?page=2", "#top", "/",
            "http://shop.example:8080/orders", "HTTPS://SHOP.EXAMPLE:8080/x?y=1",
            "https://help.example.com", "https://HELP.example.com:443/articles/9", "http://status.example.com:8081/",
        ])
    func allowedLinks(href: String) {
        #expect(ActionLink.isAllowed(href, authority: Self.authority, allowedOrigins: Self.allowed))
    }

    @Test(
        "Script, data, other schemes, other origins and look-alikes are never sent",
        arguments: [
            "", "javascript:alert(document.cookie)", "JavaScript:alert(1)", "java\tscript:alert(1)",
            " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)",
            "file:///etc/passwd", "mailto:someone@shop.example", "ftp://shop.example:8080/x", "//evil.example/x",
            "/\\evil.example/x", "https://evil.example/x", "https://shop.example:8080@evil.example/x",
            "http://user@shop.example:8080/x", "http://shop.example/x", "https://help.example.com:8443/x",
            "http://help.example.com/x", "https://status.example.com:8081/", "https://help.example.com.evil/x",
            "/x\ny", "/" + String(repeating: "a", count: 2_048),
        ])
    func refusedLinks(href: String) {
        #expect(!ActionLink.isAllowed(href, authority: Self.authority, allowedOrigins: Self.allowed))
    }

    @Test("Without the request's authority, only relative references and allowed origins are sent")
    func unknownAuthority() {
        #expect(ActionLink.isAllowed("/orders/9", authority: nil))
        #expect(!ActionLink.isAllowed("http://shop.example:8080/orders", authority: nil))
        #expect(ActionLink.isAllowed("https://help.example.com/x", authority: nil, allowedOrigins: Self.allowed))
    }

    @Test("An allowed origin is an http or https origin; any other entry allows nothing")
    func origins() {
        let origins = ActionLink.origins([
            "https://help.example.com/path", "HTTP://Status.Example.com", "javascript:alert(1)", "ftp://files.example",
            "https://user:secret@evil.example", "not a url", "",
        ])
        #expect(
            origins.map(\.description).sorted() == ["http://status.example.com:80", "https://help.example.com:443"])
    }
}
#endif
