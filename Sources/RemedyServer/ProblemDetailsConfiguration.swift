#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
public import HTTPTypes
public import Logging
public import Metrics
public import Remedy
public import Tracing

/// How the `ProblemDetailsMiddleware` of RemedyHummingbird or RemedyVapor resolves the errors of routes, and what
/// it records about them.
///
/// The defaults suit most servers: Remedy's catalog, no rules of the app's, the languages Remedy ships,
/// statuses by category, the error recorded on the active span and counted, and a plain HTML page for
/// browsers.
///
/// ```swift
/// var configuration = ProblemDetailsConfiguration()
/// configuration.rules = [
///     .matching(SessionExpired.self) { _, _ in
///         .replace(MessageError("Your session has ended. Sign in again to continue.", category: .authenticationRequired))
///     }
/// ]
/// configuration.actionRequests = ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
/// router.add(middleware: ProblemDetailsMiddleware(configuration))  // Vapor: app.middleware.use(…)
/// ```
public struct ProblemDetailsConfiguration: Sendable {
    /// The app's rules, applied to every route's error before it is answered, in order, as an ``ErrorScope``
    /// applies its rules (``ErrorRule``): replace an error with one that says more, silence one, or take it over.
    ///
    /// A server has nobody to ask, so a silenced error is still answered (logged at `debug`), and a take-over's
    /// handler runs in the request's task: when it reports ``RecoveryOutcome/recovered``, the route runs again,
    /// up to ``maximumReruns`` times, so a take-over suits idempotent routes whose body can be read again. A
    /// rule takes a request over once: an error its handler throws is answered, after the other rules.
    public var rules: [ErrorRule]
    /// Translates foreign errors. Default: ``ErrorCatalog/standard``. Hummingbird's `HTTPResponseError`s and
    /// Vapor's `AbortError`s are read with the catalog's texts for their status, never their message or reason,
    /// unless the catalog knows them better.
    public var catalog: ErrorCatalog
    /// The languages the server answers in, as `.lproj` names. `Accept-Language` picks among them (its
    /// q-values honoured); English when none is acceptable. Default: ``Localization/supportedLanguages``.
    public var languages: [String]
    /// Makes the localization of a language chosen from ``languages``: the place for the app's overrides
    /// or string tables. Default: `Localization(language:)`.
    public var localization: @Sendable (String) -> Localization
    /// The status of each category, where the error's tree holds no status of its own (Hummingbird's
    /// `HTTPResponseError`, Vapor's `AbortError`, Remedy's ``HTTPStatusError``). Categories not listed answer 500.
    public var statuses: [ErrorCategory: HTTPResponse.Status]
    /// The problem type URI of an answer (RFC 9457 `type`), given the problem as it will be sent and the
    /// error the route threw (or the one a rule put in its place): such as
    /// `{ _, error in error is OutOfCreditError ? "https://example.com/probs/out-of-credit" : "about:blank" }`.
    /// Default: `about:blank`, which says the status is all there is to know about the type.
    public var problemType: @Sendable (_ problem: ProblemDetails, _ error: any Error) -> String
    /// The requests that perform actions, by action id (``ProblemDetails/Action/id``), so a client can
    /// perform them: such as `["signIn": .init(method: "POST", href: "/session")]`. Every 401 answer
    /// carries a sign-in action (`"signIn"`), with its request when there is one here.
    public var actionRequests: [String: ProblemDetails.Action.Request]
    /// The origins besides the request's own that an action's request may lead to, such as
    /// `["https://help.example.com"]`: its scheme, host and port (443 and 80 when not given) are what counts.
    /// Default: none.
    ///
    /// An answer sends only actions a client can carry out: an action whose `href` (from ``actionRequests``) is
    /// neither relative, nor an `http`/`https` URL of the request's own authority (its `Host`), nor of one of
    /// these origins — `javascript:`, `data:`, any other scheme, another host — is left out of Problem Details
    /// and off the page, and the answer's log record names it (`dropped`). On a page, a link to one of these
    /// origins is kept for a `GET` action only: the page's `Content-Security-Policy` lets forms post to its own
    /// origin alone. A Remedy client carries out an action on the service's own origin only; these origins are
    /// for clients that open links elsewhere (a browser, a help center).
    public var allowedActionOrigins: [String]
    /// How often a take-over that recovered runs the route again for one request. Default: 1.
    public var maximumReruns: Int
    /// Whether the error is recorded on the request's active span (`recordError`, and an error status
    /// for 5xx answers, as OpenTelemetry's HTTP conventions ask of servers). Default: `true`: without a
    /// tracer bootstrapped this costs one lookup, and with one, a route's error belongs on its span.
    public var recordsErrorsOnSpans: Bool
    /// The tracer whose active span is looked up; `nil` for `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?
    /// Whether every answered error increments a counter labelled ``counterLabel`` with the dimensions
    /// `category` and `status`. Default: `true`: without a metrics backend bootstrapped the counter does
    /// nothing. Both dimensions have a bounded set of values, as metrics backends need; the error's grouping
    /// key, whose values grow with the kinds of failure, is on the span and in the log instead.
    public var countsProblems: Bool
    /// Whether an error of a failed request's tree is a failure of the server's own resources, which the
    /// client can't act on: its files, database, configuration or outbound calls. Default:
    /// ``isServerResource(_:)``.
    ///
    /// A tree with such an error is answered as the service's problem ("Server Problem", or "Service
    /// Unavailable" when it is transient), with the support reference, and none of its texts reach the
    /// client, unless what the client may read was decided already: the tree states an HTTP status (an
    /// `HTTPResponseError` or `AbortError`, an ``HTTPStatusError`` without a URL), its text is the app's own (a
    /// ``PresentableError``, an entry of the app's ``catalog``, a context layer's override), or it is
    /// invalid input (a constraint violation, a body that doesn't decode).
    ///
    /// Another service's problem (a ``ProblemDetailsError`` the route received) has texts its service wrote for
    /// its client: they are relayed in the answer's language only (else the catalog's texts for its status),
    /// its link actions never, and its 401 or 403 (the other service refusing this one) is answered as the
    /// service's problem; its reference is the answer's cause reference.
    public var isServerResourceFailure: @Sendable (any Error) -> Bool
    /// The label of the counter. Default: `"remedy_problems"`.
    public var counterLabel: String
    /// The metrics factory of the counter; `nil` for `MetricsSystem.factory`.
    public var metricsFactory: (any MetricsFactory)?
    /// Whether a request that prefers `text/html` (a browser navigating) is answered with an HTML page
    /// instead of Problem Details. Default: `true`.
    ///
    /// The page has the same status, texts, actions, reference and headers (`Retry-After`,
    /// `WWW-Authenticate`…), with `Content-Type: text/html; charset=utf-8`, `Vary: Accept, Accept-Language`
    /// and a strict `Content-Security-Policy`. Only an `Accept` that weighs `text/html` above both
    /// `application/json` and `application/problem+json` gets it: `*/*`, a missing `Accept` and one that
    /// prefers JSON keep Problem Details.
    public var servesPages: Bool
    /// Renders the HTML page for a browser (see ``servesPages``) from its resolved model. Default:
    /// ``ProblemPage/defaultHTML()``.
    ///
    /// Each of ``ProblemPage/actions`` is a working control: a `GET` action is a link, a `POST` action a
    /// form. HTML forms send only `GET` and `POST`, so an action whose request is a `PUT`, `PATCH` or
    /// `DELETE` is a `POST` form to the same `href` with a hidden field `_method` that holds the real method
    /// (``ProblemPage/Action/overriddenMethod``): route it, or read the field, where such an action must work
    /// from a page. Try Again loads the failed request again: a link to its path and query for a `GET`; for a
    /// `POST`, a `POST` form to the same target with an empty body (the page doesn't have what the failed
    /// request sent). An action without a request, and one whose `href` is neither relative nor of the
    /// request's own origin (`javascript:`, `data:`, another host) nor, for a `GET`, of one of
    /// ``allowedActionOrigins``, is left off the page.
    ///
    /// A renderer returns the whole document. It escapes every text with ``ProblemPage/escaped(_:)``, and
    /// gives an inline `<style>` the page's ``ProblemPage/styleNonce``: the response's
    /// `Content-Security-Policy` (`default-src 'none'`) allows no other style and no script.
    public var htmlPage: @Sendable (ProblemPage) -> String
    /// The language the app's own texts are written in — a ``PresentableError``'s title and message, its
    /// field errors, the app's catalog entries and a context layer's override — which `Content-Language` and
    /// the page's `lang` name when those texts are sent, whatever language the request asked for. Default:
    /// `"en"`. `nil` when the app writes its texts in the language of the ``Localization`` it is given (its
    /// catalog entries read it), so they are in the answer's language.
    public var appTextLanguage: String?
    /// Where a page's way on leads when the request came from no page of this site: the site's start, such as
    /// `"/"` or `"/app"`. Default: `"/"`. A page whose request came from a page of the same origin (its
    /// `Referer`, such as the form a refused post came from) links back there instead; `nil` leaves the start
    /// link off, so a page without a same-origin `Referer` has only its actions.
    public var startPage: String?
    /// The level of the record of an answer the app meant to give — a 4xx, a status the app stated itself (an
    /// `Abort(.serviceUnavailable)` under load) — whose report holds the `reason` or message the client never
    /// reads. `nil` (the default): `info`, like every other answer's record, since each answer carries a
    /// support reference a person may read out, which must find its record at the default level.
    ///
    /// An explicit opt-down: set `.debug` to keep a busy API's rejected requests out of the `info` log, knowing
    /// that the references of those answers can then be found only in a `debug` log. A 5xx answer to a failure
    /// the app didn't answer itself is always `info`, and an error a rule silenced always `debug`.
    public var clientErrorLogLevel: Logger.Level?

    /// The status of each built-in category: invalid input 422, authentication 401, permission 403, an
    /// unavailable resource 503, a person's allowance used up (a quota, a plan's limit) 429, a misbehaving
    /// upstream 502, everything else 500.
    ///
    /// An app's ``ErrorCategory/resourceExhausted`` error is the person's limit, not the server's: the
    /// server's own disk or memory running out is a failure of its resources, answered 503 or 500 whatever
    /// the category (see ``isServerResourceFailure``).
    public static let defaultStatuses: [ErrorCategory: HTTPResponse.Status] = [
        .invalidInput: .unprocessableContent,
        .authenticationRequired: .unauthorized,
        .permissionDenied: .forbidden,
        .externalSystemUnavailable: .serviceUnavailable,
        .resourceExhausted: .tooManyRequests,
        .externalSystemUnexpected: .badGateway,
        .internalInconsistency: .internalServerError,
        .unknown: .internalServerError,
    ]

    /// The modules whose errors are failures of a server's own resources: databases, drivers, networking,
    /// TLS, outbound HTTP clients and configuration formats.
    public static let serverResourceModules: Set<String> = [
        "AsyncHTTPClient", "FluentKit", "FluentPostgresDriver", "FluentSQLiteDriver", "GRDB", "MySQLNIO",
        "NIOCore", "NIOHTTP1", "NIOHTTP2", "NIOPosix", "NIOSSL", "PostgresKit", "PostgresNIO", "RediStack",
        "SQLKit", "SQLiteKit", "SQLiteNIO", "TOMLKit", "Valkey", "Yams",
    ]

    /// Whether an error is a failure of the server's own resources (the default of
    /// ``isServerResourceFailure``): Foundation's file, system and URL loading errors (`CocoaError`,
    /// `POSIXError`, `URLError`) and any `NSError` instance (JSON and property list serialization errors among
    /// them), an `EncodingError` and a `DecodingError`, an ``HTTPStatusError`` that answered an outbound request
    /// (it has a URL), a ``ProblemDetailsError`` from another service, and the errors of the modules in
    /// ``serverResourceModules``.
    ///
    /// A `DecodingError` alone is data the server read — its files, the answer of a service it called — that it
    /// couldn't decode: the service's problem, which the client can't fix by updating the app. A request body the
    /// client sent is marked as the client's before it gets here: a body decoded through `RequestBodyDecoder`
    /// throws ``RequestBodyError`` (invalid input, 400, with the field), and Hummingbird's `Request.decode`
    /// states a 400 of its own.
    ///
    /// - Parameter error: One error of a failed request's tree.
    /// - Returns: Whether it is the server's own failure.
    @Sendable
    public static func isServerResource(_ error: any Error) -> Bool {
        switch error {
        case is CocoaError, is POSIXError, is URLError, is EncodingError, is DecodingError, is ProblemDetailsError:
            return true
        case let status as HTTPStatusError:
            return status.url != nil
        default:
            if type(of: error) is NSError.Type { return true }
            return serverResourceModules.contains(ErrorTree.moduleName(of: error))
        }
    }

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - rules: The app's rules.
    ///   - catalog: Translates foreign errors.
    ///   - languages: The languages the server answers in.
    ///   - localization: Makes the localization of a chosen language.
    ///   - statuses: The status of each category.
    ///   - problemType: The problem type URI of an answer, given the problem and the error.
    ///   - actionRequests: The requests that perform actions, by action id.
    ///   - allowedActionOrigins: The origins besides the request's own that actions may lead to.
    ///   - maximumReruns: How often a recovered take-over runs the route again; negative counts as 0.
    ///   - recordsErrorsOnSpans: Whether errors are recorded on the active span.
    ///   - tracer: The tracer; `nil` for the bootstrapped one.
    ///   - countsProblems: Whether answered errors are counted.
    ///   - isServerResourceFailure: Whether an error is a failure of the server's own resources.
    ///   - counterLabel: The counter's label.
    ///   - metricsFactory: The metrics factory; `nil` for the bootstrapped one.
    ///   - servesPages: Whether requests that prefer `text/html` get an HTML page.
    ///   - htmlPage: Renders the HTML page.
    ///   - appTextLanguage: The language of the app's own texts; `nil` when they follow the answer's.
    ///   - startPage: Where a page's way on leads without a same-origin `Referer`; `nil` for no such link.
    ///   - clientErrorLogLevel: The level of the record of a 4xx answer; `nil` for `info`.
    public init(
        rules: [ErrorRule] = [],
        catalog: ErrorCatalog = .standard,
        languages: [String] = Localization.supportedLanguages,
        localization: @escaping @Sendable (String) -> Localization = { Localization(language: $0) },
        statuses: [ErrorCategory: HTTPResponse.Status] = ProblemDetailsConfiguration.defaultStatuses,
        problemType: @escaping @Sendable (_ problem: ProblemDetails, _ error: any Error) -> String = { _, _ in
            ProblemDetails.blankType
        },
        actionRequests: [String: ProblemDetails.Action.Request] = [:],
        allowedActionOrigins: [String] = [],
        maximumReruns: Int = 1,
        recordsErrorsOnSpans: Bool = true,
        tracer: (any Tracer)? = nil,
        countsProblems: Bool = true,
        isServerResourceFailure: @escaping @Sendable (any Error) -> Bool = ProblemDetailsConfiguration.isServerResource,
        counterLabel: String = "remedy_problems",
        metricsFactory: (any MetricsFactory)? = nil,
        servesPages: Bool = true,
        htmlPage: @escaping @Sendable (ProblemPage) -> String = { $0.defaultHTML() },
        appTextLanguage: String? = "en",
        startPage: String? = "/",
        clientErrorLogLevel: Logger.Level? = nil
    ) {
        self.rules = rules
        self.catalog = catalog
        self.languages = languages
        self.localization = localization
        self.statuses = statuses
        self.problemType = problemType
        self.actionRequests = actionRequests
        self.allowedActionOrigins = allowedActionOrigins
        self.maximumReruns = max(0, maximumReruns)
        self.recordsErrorsOnSpans = recordsErrorsOnSpans
        self.tracer = tracer
        self.countsProblems = countsProblems
        self.isServerResourceFailure = isServerResourceFailure
        self.counterLabel = counterLabel
        self.metricsFactory = metricsFactory
        self.servesPages = servesPages
        self.htmlPage = htmlPage
        self.appTextLanguage = appTextLanguage
        self.startPage = startPage
        self.clientErrorLogLevel = clientErrorLogLevel
    }
}
#endif
