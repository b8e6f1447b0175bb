#if Hummingbird
import Foundation
import Hummingbird
import Logging
import Metrics
import Remedy
import Tracing

/// The work of ``ProblemDetailsMiddleware`` behind its generic surface: one request's error scope, the
/// status, the Problem Details body, the log line, the span and the counter.
struct ProblemResolver: Sendable {
    /// What became of a route's error.
    enum Answer {
        /// Answer with this response.
        case response(Response)
        /// A rule took the error over and recovered: run the route again.
        case rerun
    }

    let configuration: ProblemDetailsConfiguration
    /// The configuration's catalog, reading Hummingbird's `HTTPResponseError`s by their status.
    let catalog: ErrorCatalog

    init(_ configuration: ProblemDetailsConfiguration) {
        self.configuration = configuration
        let appCatalog = configuration.catalog
        var catalog = appCatalog
        catalog.register { error, localization in
            guard let failure = error as? any HTTPResponseError, failure.status.code >= 400,
                // The app's own entries (and a built-in one, should there be any) know it better.
                appCatalog.interpretation(for: error, localization: localization) == nil
            else { return nil }
            var headers: [String: String] = [:]
            if let retryAfter = (error as? HTTPError)?.headers[.retryAfter] { headers["Retry-After"] = retryAfter }
            // The catalog's texts for the status ("Not Found", "Service Unavailable"), not the error's
            // message, which Hummingbird's own errors fill with developer text.
            return ErrorCatalog.standard.interpretation(
                for: HTTPStatusError(status: Int(failure.status.code), headers: headers),
                localization: localization
            )
        }
        self.catalog = catalog
    }

    /// The scope's settings for one request: nothing waits (no coalescing window, no minimum duration,
    /// no automatic retries — the client retries, after `Retry-After`).
    private static let scopeConfiguration = ErrorScope.Configuration(
        minimumDuration: .zero,
        retryPolicy: .disabled,
        coalescingWindow: .zero
    )

    /// Resolves a route's error through a scope of its own, and answers it.
    func answer(
        _ error: any Error,
        to request: Request,
        context: some RequestContext,
        canRerun: Bool
    ) async -> Answer {
        let language =
            AcceptLanguage(request.headers[.acceptLanguage]).bestLanguage(among: configuration.languages) ?? "en"
        let localization = configuration.localization(language)
        let presenter = ServerPresenter()
        let recovered = LockedValue(false)
        let root = ErrorScope.root(
            "Server",
            presenter: presenter,
            rules: configuration.rules,
            catalog: catalog,
            localization: localization,
            logger: context.logger,
            configuration: Self.scopeConfiguration,
            // A fatal error of one request must not end the server: it is answered like any other.
            terminate: { _ in }
        )
        let route = context.endpointPath ?? String(request.uri.path.prefix(200))
        let scope = root.child("\(request.method.rawValue) \(route)")
        // A retry is offered, so the presentation offers Try Again where it helps; it runs only after a
        // rule's take-over recovered, and then the route runs again here.
        let handling = scope.handle(error, retry: { recovered.withLock { $0 = true } })
        _ = await withTaskCancellationHandler {
            await handling.value
        } onCancel: {
            handling.cancel()
        }
        if canRerun, recovered.withLock({ $0 }) { return .rerun }

        let resolver = ErrorResolver(catalog: catalog, localization: localization)
        let presentation = presenter.presentation ?? resolver.presentation(for: error)
        let status = status(of: presentation)
        let retryAfter = resolver.interpretation(of: presentation.error).retryAfter.map(Self.wholeSeconds)

        // With the presentation's support reference: the one of the scope's log lines, and of ours.
        var problem = ProblemDetails(
            presentation,
            status: Int(status.code),
            type: configuration.problemType(presentation),
            retryAfter: retryAfter.map { .seconds($0) },
            requests: configuration.actionRequests
        )
        // Cancel is no action of the server's: the presentation rules added it, and every client can
        // dismiss (a Remedy client adds its own Cancel, in its own language). Sent, it would read as an
        // option of the error, and a client's scope offers Try Again only to errors whose options are all
        // Try Again.
        problem.actions.removeAll { $0.role == .cancel && $0.request == nil }
        if status == .unauthorized { addSignIn(to: &problem, localization: localization) }

        var headers = keptHeaders(of: presentation.error, request: request, context: context)
        headers[.contentType] = ProblemDetails.mediaType
        headers[.contentLanguage] = localization.language
        if let retryAfter { headers[.retryAfter] = "\(retryAfter)" }
        let body = problem.encoded()

        record(presentation, status: status, logger: context.logger)
        return .response(
            Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        )
    }

    // MARK: - Status

    /// The status of a presentation: the first status in its error's tree, else its category's.
    func status(of presentation: Presentation) -> HTTPResponse.Status {
        var isDecoding = false
        for node in ErrorTree(presentation.error) {
            if let failure = node.error as? any HTTPResponseError, failure.status.code >= 400 {
                return failure.status
            }
            if let failure = node.error as? HTTPStatusError, (400..<600).contains(failure.status) {
                return HTTPResponse.Status(code: failure.status)
            }
            if node.error is DecodingError { isDecoding = true }
        }
        // Invalid input that couldn't even be decoded is a malformed request.
        if presentation.category == .invalidInput, isDecoding { return .badRequest }
        return configuration.statuses[presentation.category] ?? .internalServerError
    }

    /// The headers of an `HTTPResponseError` in the tree (`WWW-Authenticate`, `Retry-After`…), without
    /// those that describe its own body.
    private func keptHeaders(of error: any Error, request: Request, context: some RequestContext) -> HTTPFields {
        for node in ErrorTree(error) {
            guard let failure = node.error as? any HTTPResponseError else { continue }
            let headers: HTTPFields
            if let httpError = failure as? HTTPError {
                headers = httpError.headers
            } else if let response = try? failure.response(from: request, context: context) {
                headers = response.headers
            } else {
                return [:]
            }
            return headers.filter { ![.contentType, .contentLength, .contentLanguage].contains($0.name) }
        }
        return [:]
    }

    /// A duration in whole seconds, rounded up, as `Retry-After` carries it.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: max(0, seconds + (attoseconds > 0 ? 1 : 0)))
    }

    // MARK: - Actions

    /// Gives a 401 answer a sign-in action when its presentation has none, so the client's sign-in
    /// flow (its take-over rule) knows it may run; with the configured sign-in request, if any.
    private func addSignIn(to problem: inout ProblemDetails, localization: Localization) {
        let id = ProblemDetails.Action.signInID
        guard !problem.actions.contains(where: { $0.id == id }) else { return }
        let title = RecoveryOption.signIn { false }.localizedTitle(in: localization)
        let signIn = ProblemDetails.Action(
            id: id,
            title: title,
            role: .recommended,
            request: configuration.actionRequests[id]
        )
        // Recommended, so it comes first; an app's own recommended action keeps its place but not its role.
        problem.actions =
            [signIn]
            + problem.actions.map { action in
                var action = action
                if action.role == .recommended { action.role = .normal }
                return action
            }
    }

    // MARK: - Records

    /// Logs the answer with the developer report, and records it on the span and the counter.
    private func record(_ presentation: Presentation, status: HTTPResponse.Status, logger: Logger) {
        let error = presentation.error
        let groupingKey = presentation.groupingKey
        let isServerFailure = status.code >= 500
        logger.log(
            level: isServerFailure ? .info : .debug,
            "Answered \(status.code) with Problem Details: \(presentation.title)",
            error: error,
            metadata: [
                "status": "\(status.code)",
                "category": "\(presentation.category)",
                "groupingKey": "\(groupingKey)",
                "reference": "\(presentation.supportReference)",
                "report": "\(ErrorReport(error).text)",
            ]
        )
        if configuration.recordsErrorsOnSpans, let context = ServiceContext.current {
            let tracer = configuration.tracer ?? InstrumentationSystem.tracer
            if let span = tracer.activeSpan(identifiedBy: context) {
                span.recordError(error)
                span.updateAttributes { attributes in
                    attributes["remedy.category"] = presentation.category.identifier
                    attributes["remedy.grouping_key"] = groupingKey
                    attributes["remedy.reference"] = presentation.supportReference.description
                }
                // OpenTelemetry's HTTP conventions: a server span is an error for 5xx, not for 4xx.
                if isServerFailure { span.setStatus(SpanStatus(code: .error)) }
            }
        }
        if configuration.countsProblems {
            let dimensions = [
                ("category", presentation.category.identifier),
                ("status", "\(status.code)"),
                ("groupingKey", groupingKey),
            ]
            let factory = configuration.metricsFactory ?? MetricsSystem.factory
            Counter(label: configuration.counterLabel, dimensions: dimensions, factory: factory).increment()
        }
    }
}
#endif
