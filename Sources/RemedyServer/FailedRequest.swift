#if Hummingbird || Vapor || OpenAPI || GRPC
import Logging

/// What the shared answering code reads of a failed request, whatever the framework: the language it asks
/// for, whether it prefers a page, the request's logger, and what only some answers need, read only for them.
///
/// A plain value read once, not a protocol the frameworks' requests conform to, nor closures over them: a
/// generic request type, or a closure that captures Hummingbird's generic context, is instantiated at run time
/// for every failed request, which costs more than the rest of a lone error's answer.
package struct FailedRequest {
    /// The `Accept-Language` header, its lines joined by commas; `nil` when the request has none.
    package var acceptLanguage: String?
    /// Whether the answer is the HTML page: pages are served, and `Accept` weighs `text/html` above JSON.
    package var prefersPage: Bool
    /// The request's logger, which carries the framework's request id.
    package var logger: Logger
    /// The route as the app's rules see it (the matched route's pattern, or the path); empty without rules.
    package var route: String
    /// What a page's Try Again sends; `nil` unless the answer is a page.
    package var target: Target?
    /// The request's authority (its `Host`), such as `example.com:8080`: the origin an action's absolute URL may
    /// lead to (``ActionLink``); `nil` when unknown, which allows relative ones only.
    package var authority: String?

    /// Reads a failed request.
    ///
    /// - Parameters:
    ///   - acceptLanguage: The `Accept-Language` header, its lines joined by commas.
    ///   - prefersPage: Whether the answer is the page (``prefersPage(accept:servesPages:)``).
    ///   - logger: The request's logger.
    ///   - route: The route, if the app has rules; empty otherwise.
    ///   - target: What a page's Try Again sends, if the answer is a page.
    ///   - authority: The request's authority (its `Host`); `nil` when unknown.
    package init(
        acceptLanguage: String?,
        prefersPage: Bool,
        logger: Logger,
        route: String,
        target: Target?,
        authority: String? = nil
    ) {
        self.acceptLanguage = acceptLanguage
        self.prefersPage = prefersPage
        self.logger = logger
        self.route = route
        self.target = target
        self.authority = authority ?? target?.authority
    }

    /// Whether a request is answered with the page: pages are served, and its `Accept` weighs `text/html` above
    /// JSON and Problem Details. Cheap for API clients: a missing `Accept`, or one with neither `html` nor `*`
    /// in it, is not parsed.
    ///
    /// - Parameters:
    ///   - accept: The `Accept` header, its lines joined by commas.
    ///   - servesPages: ``ProblemDetailsConfiguration/servesPages``.
    package static func prefersPage(accept: String?, servesPages: Bool) -> Bool {
        servesPages && AcceptNegotiation.prefersHTML(accept)
    }

    /// What a page's Try Again sends, and the origin its links are bound to.
    package struct Target {
        /// The request's method, such as `GET`.
        package var method: String
        /// The request's target: its path and query, as sent.
        package var path: String
        /// The request's authority (its `Host`), such as `example.com:8080`; `nil` when unknown.
        package var authority: String?
        /// The request's `Referer`, as sent: a page's way back, once checked to be of the same origin.
        package var referer: String?

        package init(method: String, path: String, authority: String?, referer: String? = nil) {
            self.method = method
            self.path = path
            self.authority = authority
            self.referer = referer
        }
    }
}
#endif
