#if Hummingbird || Vapor
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Remedy

/// The answer as an HTML page, for a request that prefers `text/html`: the same status, texts, actions,
/// reference and headers as the Problem Details answer, rendered by ``ProblemDetailsConfiguration/htmlPage``
/// under a strict `Content-Security-Policy`.
extension ProblemAnswer {
    /// The page's response.
    ///
    /// - Parameters:
    ///   - request: The failed request: its authority bounds the links, its target is what Try Again loads.
    ///   - localization: The language of the texts, for the page's own labels.
    ///   - configuration: The renderer.
    ///   - logger: The request's logger, told at `debug` of actions left off the page.
    func pageResponse(
        to request: FailedRequest.Target,
        localization: Localization,
        configuration: ProblemDetailsConfiguration,
        logger: Logger
    ) -> ProblemResponse {
        let nonce = Self.nonce()
        let page = ProblemPage(
            status: Int(status.code),
            title: problem.title ?? "",
            message: problem.detail ?? "",
            fieldErrors: problem.fieldErrors,
            reference: reference,
            referenceText: localization.string(forKey: "page.reference", reference.description),
            actions: Self.pageActions(of: problem, request: request, logger: logger),
            actionsLabel: localization.string(forKey: "page.actions"),
            language: localization.language,
            styleNonce: nonce
        )
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLanguage: localization.language,
            // The answer depends on Accept (a page or Problem Details) and on Accept-Language (its texts).
            .vary: "Accept, Accept-Language",
            .contentSecurityPolicy: Self.contentSecurityPolicy(nonce: nonce),
        ]
        addStatusHeaders(to: &headers)
        let html = configuration.htmlPage(page)
        return ProblemResponse(status: status, headers: headers, body: ByteBuffer(string: html))
    }

    /// Nothing but the page's own inline style, and forms that post to the page's origin; no script, no
    /// framing, no `<base>`.
    static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; style-src 'nonce-\(nonce)'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    /// 16 random bytes from the system's generator, in base64: a new nonce for every page.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for _ in 0..<2 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Data(bytes).base64EncodedString()
    }

    // MARK: - Controls

    /// The problem's actions as controls, in order. Try Again loads the failed request again: a link to its
    /// own path and query for a `GET` or `HEAD`; otherwise a form that sends the same method (a `POST`, or
    /// the real method in `_method`) with an empty body, since the page doesn't have what the failed
    /// request sent. An app's action is performed by its configured request; Sign In by the configured
    /// sign-in request. An action with no request has nothing a page can send and is left off, and so is
    /// one whose `href` a page may not use (``PageLink``), with a `debug` line.
    static func pageActions(
        of problem: ProblemDetails,
        request: FailedRequest.Target,
        logger: Logger
    ) -> [ProblemPage.Action] {
        let authority = request.authority
        var actions: [ProblemPage.Action] = []
        for action in problem.actions {
            let method: String
            let href: String
            if let actionRequest = action.request {
                method = actionRequest.method
                href = actionRequest.href
            } else if action.id == ProblemDetails.Action.retryID {
                method = request.method == "HEAD" ? "GET" : request.method
                href = request.path
            } else {
                continue
            }
            guard isMethodName(method), PageLink.isAllowed(href, authority: authority) else {
                logger.debug(
                    "An action's request can't be used on a page; it is left off",
                    metadata: [
                        "action": "\(action.id)",
                        "method": "\(method.prefix(20))",
                        "href": "\(href.prefix(200))",
                    ]
                )
                continue
            }
            actions.append(
                ProblemPage.Action(id: action.id, title: action.title, role: action.role, method: method, href: href)
            )
        }
        return actions
    }

    /// Whether a method is a plain name such as `DELETE`: letters only, as a hidden field value it stays
    /// what it says.
    private static func isMethodName(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.count <= 20
            && method.utf8.allSatisfy {
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
            }
    }
}
#endif
