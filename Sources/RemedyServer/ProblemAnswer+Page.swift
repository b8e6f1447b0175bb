#if Hummingbird || Vapor || OpenAPI || GRPC
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
    ///   - allowedOrigins: The other origins a `GET` action may link to.
    ///   - logger: The request's logger, told at `debug` of actions left off the page.
    func pageResponse(
        to request: FailedRequest.Target,
        localization: Localization,
        configuration: ProblemDetailsConfiguration,
        allowedOrigins: Set<HTTPOrigin>,
        logger: Logger
    ) -> ProblemResponse {
        let nonce = Self.nonce()
        let languages = textLanguages
        var actions = Self.pageActions(
            of: problem, request: request, allowedOrigins: allowedOrigins, logger: logger, languages: languages)
        if let wayOn = Self.wayOn(from: request, startPage: configuration.startPage, localization: localization) {
            actions.append(wayOn)
        }
        let page = ProblemPage(
            status: Int(status.code),
            title: problem.title ?? "",
            message: Self.pageMessage(of: problem, status: status, localization: localization),
            fieldErrors: problem.fieldErrors,
            reference: reference,
            referenceText: localization.string(forKey: "page.reference", reference.description),
            actions: actions,
            actionsLabel: localization.string(forKey: "page.actions"),
            language: languages.message,
            styleNonce: nonce,
            titleLanguage: languages.title,
            fieldErrorsLanguage: languages.fieldErrors,
            labelLanguage: languages.labels
        )
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLanguage: languages.message,
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
    /// one whose `href` a page may not use (``ActionLink``), with a `debug` line: a link to an allowed origin is
    /// kept for a `GET` only, since the page's `Content-Security-Policy` lets forms post to its own origin alone.
    static func pageActions(
        of problem: ProblemDetails,
        request: FailedRequest.Target,
        allowedOrigins: Set<HTTPOrigin>,
        logger: Logger,
        languages: TextLanguages
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
            guard isMethodName(method),
                ActionLink.isAllowed(
                    href, authority: authority, allowedOrigins: method.uppercased() == "GET" ? allowedOrigins : [])
            else {
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
            // Try Again and Sign In are Remedy's words; any other action is the app's.
            let isRemedys = action.id == ProblemDetails.Action.retryID || action.id == ProblemDetails.Action.signInID
            actions.append(
                ProblemPage.Action(
                    id: action.id, title: action.title, role: action.role, method: method, href: href,
                    language: isRemedys ? languages.labels : languages.message)
            )
        }
        return actions
    }

    // MARK: - The way on

    /// A link on from the page, so no page is a dead end: back to the same-origin page the request came from
    /// (its `Referer`: the form whose entries were refused), else to the site's start; `nil` when the request
    /// came from no page of this site and no start page is configured, or the page is the start itself.
    ///
    /// The `Referer` is the client's to send and may name any site: only an `http`/`https` URL of the request's
    /// own authority, without user info (``ActionLink``), becomes a link, and only its path and query, so the link
    /// stays on this origin whatever the scheme it claims.
    static func wayOn(
        from request: FailedRequest.Target,
        startPage: String?,
        localization: Localization
    ) -> ProblemPage.Action? {
        if let referer = request.referer, let path = sameOriginPath(of: referer, authority: request.authority),
            path != request.path
        {
            return ProblemPage.Action(
                id: ProblemPage.Action.backID, title: localization.string(forKey: "page.back"), method: "GET",
                href: path, language: localization.language)
        }
        guard let startPage, startPage != request.path, ActionLink.isAllowed(startPage, authority: request.authority)
        else { return nil }
        return ProblemPage.Action(
            id: ProblemPage.Action.startID, title: localization.string(forKey: "page.start"), method: "GET",
            href: startPage, language: localization.language)
    }

    /// The path and query of a `Referer` of the request's own origin; `nil` for any other, and for one that isn't
    /// an absolute `http`/`https` URL.
    static func sameOriginPath(of referer: String, authority: String?) -> String? {
        guard authority != nil, let separator = referer.range(of: "://"),
            ActionLink.isAllowed(referer, authority: authority)
        else { return nil }
        let afterScheme = referer[separator.upperBound...]
        let rest = afterScheme.drop { $0 != "/" && $0 != "?" && $0 != "#" }
        let path = rest.prefix { $0 != "#" }
        if path.isEmpty { return "/" }
        return path.hasPrefix("/") ? String(path) : "/" + path
    }

    /// The page's message: the problem's, but for a 404 of Remedy's, whose "refresh and try again" fits an app's
    /// view, not an address in a browser.
    static func pageMessage(of problem: ProblemDetails, status: HTTPResponse.Status, localization: Localization)
        -> String
    {
        let message = problem.detail ?? ""
        guard status == .notFound, message == localization.string(forKey: "catalog.http.notFound.message") else {
            return message
        }
        return localization.string(forKey: "page.notFound.message")
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
