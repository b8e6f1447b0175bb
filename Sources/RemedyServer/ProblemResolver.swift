#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import HTTPTypes
import Logging
import Remedy

/// The work of each integration's `ProblemDetailsMiddleware`, whatever the framework: one walk of a route's
/// error, the app's rules, and the answer a client may read.
///
/// No ``ErrorScope`` is made per request: a server has nobody to ask, so there is nothing to schedule,
/// coalesce or wait for, and whatever a request's resolution makes is gone when its answer is written. A
/// rule that takes an error over runs its handler here, in the request's task.
package struct ProblemResolver: Sendable {
    /// What became of a route's error.
    package enum Answer {
        /// Answer with this response.
        case response(ProblemResponse)
        /// A rule took the error over and recovered: run the route again.
        case rerun
        /// A cancellation: not the server's to answer; the error goes on untouched.
        case passOn
    }

    let configuration: ProblemDetailsConfiguration
    /// Which of the framework's errors state a status.
    private let framework: ServerFramework
    /// One answering language per language the server answers in, made once; a request picks one by its
    /// `Accept-Language`.
    private let spoken: [AnswerLanguage]
    /// The answering language for requests that accept none of the server's languages: English.
    private let fallback: AnswerLanguage
    /// The `.lproj` names of `spoken`, in the same order, as ``AcceptLanguage`` compares them.
    private let languages: [String]
    /// The origins of ``ProblemDetailsConfiguration/allowedActionOrigins``, read once.
    package let allowedOrigins: Set<HTTPOrigin>

    /// Makes the resolver of a middleware.
    ///
    /// - Parameters:
    ///   - configuration: The middleware's configuration.
    ///   - framework: Which of the framework's errors state a status. The integration declares its status
    ///     errors leaves of the error tree (they hold no cause) before it makes a resolver.
    package init(_ configuration: ProblemDetailsConfiguration, framework: ServerFramework) {
        Self.declareRequestBodyErrorLeaf
        self.configuration = configuration
        self.framework = framework
        func answerLanguage(_ language: String) -> AnswerLanguage {
            let localization = configuration.localization(language)
            let catalog = Self.serverCatalog(configuration.catalog, framework: framework, localization: localization)
            return AnswerLanguage(
                ErrorResolver(catalog: catalog, localization: localization), configuration, framework: framework)
        }
        spoken = configuration.languages.map(answerLanguage)
        languages = configuration.languages.map(AcceptLanguage.normalized)
        fallback = answerLanguage("en")
        allowedOrigins = ActionLink.origins(configuration.allowedActionOrigins)
    }

    /// What answers in one language need, made once per language: the resolver, the headers every answer
    /// in it carries, and the answers to a lone
    /// status error (`HTTPError`, `Abort`) of each status the built-in catalog names.
    struct AnswerLanguage: Sendable {
        let resolver: ErrorResolver
        let headers: HTTPFields
        /// The answer to a lone status error without headers, by status, made once the way every failure is
        /// answered, for the statuses the built-in catalog names; empty when the app's catalog or rules could
        /// answer such an error otherwise. Such errors are what a server answers most, and most when it is
        /// overloaded (the frameworks' own 404s, an app's 503s). Kept for the instructions per failed request
        /// of a lone `HTTPError` (`server.failure.httpError`, Benchmarks/README.md).
        let statusAnswers: [Int: ProblemAnswer]

        init(_ resolver: ErrorResolver, _ configuration: ProblemDetailsConfiguration, framework: ServerFramework) {
            self.resolver = resolver
            let headers: HTTPFields = [
                .contentType: ProblemDetails.mediaType,
                // The language the texts were resolved in, which may differ from the one asked for.
                .contentLanguage: resolver.localization.language,
                // The texts depend on the request's Accept-Language, and whether the answer is a page or Problem
                // Details on its Accept when pages are served: a cache must keep one answer for each.
                .vary: configuration.servesPages ? "Accept, Accept-Language" : "Accept-Language",
            ]
            self.headers = headers
            guard configuration.rules.isEmpty, configuration.catalog.isBuiltInsAlone else {
                statusAnswers = [:]
                return
            }
            var answers: [Int: ProblemAnswer] = [:]
            for code in ProblemResolver.namedStatuses {
                let error = framework.statusError(code)
                answers[code] = ProblemAnswer(
                    resolver.resolve(error),
                    reference: SupportReference.next(),
                    resolver: resolver,
                    languageHeaders: headers,
                    configuration: configuration,
                    framework: framework,
                    statedHeaders: { _ in HTTPFields() }
                )
            }
            statusAnswers = answers
        }
    }

    /// The statuses the built-in catalog names, read in each language once.
    static let namedStatuses = [400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504]

    /// A ``RequestBodyError`` holds the decoder's error for the developer report, which its description
    /// carries; walked, that error would read as a service's unreadable answer.
    private static let declareRequestBodyErrorLeaf: Void = ErrorTree.declareLeaves {
        $0 == RequestBodyError.self
    }

    /// The app's catalog, reading the framework's status errors (Hummingbird's `HTTPResponseError`s, Vapor's
    /// `AbortError`s) by their status with the catalog's texts ("Not Found", "Service Unavailable"), not by
    /// their message or reason, which the frameworks' own errors fill with developer text; unless the app's own
    /// entries know them better.
    ///
    /// The statuses the built-in catalog names are read in the server's language once, here, for the
    /// instructions per failed request of a status error (`server.failure.*`, Benchmarks/README.md).
    private static func serverCatalog(
        _ appCatalog: ErrorCatalog,
        framework: ServerFramework,
        localization: Localization
    ) -> ErrorCatalog {
        let appKnowsMore = !appCatalog.isBuiltInsAlone
        @Sendable func interpretation(of status: Int, retryAfter: String?, _ localization: Localization)
            -> ErrorInterpretation?
        {
            ErrorCatalog.standard.interpretation(
                for: HTTPStatusError(status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:]),
                localization: localization
            )
        }
        let known = Dictionary(
            uniqueKeysWithValues: namedStatuses.compactMap { status in
                interpretation(of: status, retryAfter: nil, localization).map { (status, $0) }
            })
        @Sendable func statusInterpretation(
            _ error: any Error,
            _ status: HTTPResponse.Status,
            retryAfter: String?,
            _ requested: Localization
        ) -> ErrorInterpretation? {
            let code = Int(status.code)
            guard code >= 400,
                !appKnowsMore || appCatalog.interpretation(for: error, localization: requested) == nil
            else { return nil }
            if requested.isSame(as: localization), let read = known[code] {
                guard let retryAfter else { return read }
                return HTTPStatusError.interpretation(read, ofStatus: code, retryAfter: retryAfter)
            }
            return interpretation(of: code, retryAfter: retryAfter, requested)
        }
        var catalog = appCatalog
        catalog.register { error, localization in
            guard let statement = framework.statement(error) else { return nil }
            return statusInterpretation(error, statement.status, retryAfter: statement.retryAfter, localization)
        }
        return catalog
    }

    /// The localization of the answer to a request with this `Accept-Language` header: what an integration
    /// binds as ``Remedy/Localization/answering`` while the request's route runs (and while its error is
    /// answered), so the services the route calls answer in the language of this answer.
    ///
    /// - Parameter header: The `Accept-Language` header, its lines joined by commas; `nil` when absent.
    package func localization(acceptLanguage header: String?) -> Localization {
        language(acceptLanguage: header).resolver.localization
    }

    /// The best of the server's languages for an `Accept-Language` header: the one the integration bound for
    /// the request (``localization(acceptLanguage:)``), found by identity without reading the header again,
    /// else the header's.
    func language(acceptLanguage header: String?) -> AnswerLanguage {
        if let bound = Localization.answering {
            if let chosen = spoken.first(where: { $0.resolver.localization.isSame(as: bound) }) { return chosen }
            if fallback.resolver.localization.isSame(as: bound) { return fallback }
        }
        guard let header, let index = AcceptLanguage.bestIndex(of: header, among: languages) else { return fallback }
        return spoken[index]
    }

    /// The Problem Details answer made once for a lone status error of a named status (`HTTPError(.notFound)`,
    /// `Abort(.serviceUnavailable)`), recorded: the errors a server answers most, and most when it is
    /// overloaded, answered without a walk and without reading more of the request. `nil` for any other error,
    /// and for a request that prefers a page: ``answer(_:to:canRerun:statedHeaders:)`` answers those.
    package func madeAnswer(for error: any Error, to request: FailedRequest) -> ProblemResponse? {
        guard !request.prefersPage, let status = framework.loneStatus(error) else { return nil }
        let language = language(acceptLanguage: request.acceptLanguage)
        guard let made = language.statusAnswers[status] else { return nil }
        let answer = made.answering(error, reference: .next(), configuration)
        return respond(answer, decided: .passedOn, language: language, request) { ErrorReport(error).singleLineText }
    }

    /// Resolves a route's error in one walk, applies the app's rules, and answers it.
    ///
    /// - Parameters:
    ///   - error: What the route threw.
    ///   - request: The failed request, as the framework reads it.
    ///   - canRerun: Whether a take-over that recovers may run the route again.
    ///   - statedHeaders: The headers of a node that states the status (`WWW-Authenticate`, `Retry-After`…),
    ///     without those that describe its own body; empty for any other node.
    /// - Returns: The response, a rerun, or a cancellation to pass on.
    package func answer(
        _ error: any Error,
        to request: FailedRequest,
        canRerun: Bool,
        statedHeaders: (any Error) -> HTTPFields
    ) async -> Answer {
        let language = language(acceptLanguage: request.acceptLanguage)
        // An API client's lone status error was answered by `madeAnswer`; a browser's is answered here.
        if request.prefersPage, let status = framework.loneStatus(error), let made = language.statusAnswers[status] {
            let answer = made.answering(error, reference: .next(), configuration)
            return .response(
                respond(answer, decided: .passedOn, language: language, request) { ErrorReport(error).singleLineText })
        }
        let resolver = language.resolver
        var failure = resolver.resolve(error)
        if failure.isCancellation { return .passOn }
        // Each answer has a reference of its own; one the error arrived with (another service's answer) is its
        // cause, which the answer and its record name, so support can follow the trail from either end.
        let reference = SupportReference.next()
        var cause = failure.interpretation.supportReference
        var decided = RuleDecision.passedOn
        if !configuration.rules.isEmpty, failure.severity != .fatal {
            let original = failure
            let route = request.route
            let rules = configuration.rules.lazy.map { (rule: $0, scope: route) }
            var taken: Set<String> = []
            var handled = HandledError(resolved: failure, scopePath: route, action: nil, supportReference: reference)
            rules: while true {
                let (verdict, replacedBy) = ErrorRule.apply(
                    rules,
                    to: &handled,
                    replacement: { replacement in
                        HandledError(
                            resolved: resolver.resolve(replacement), scopePath: route, action: nil,
                            supportReference: reference)
                    },
                    // A rule takes a request over once: the handler's own failure meets the other rules only.
                    mayTakeOver: { !taken.contains($0.name) },
                    note: { note in
                        guard case .threw(_, let rule, _) = note else { return }
                        request.logger.debug(
                            "An error rule threw; the error is passed on",
                            metadata: ["rule": "\(rule.name)", "reference": "\(reference)"]
                        )
                    }
                )
                failure = handled.resolved
                if let replacedBy { decided = .replaced(rule: replacedBy.name) }
                switch verdict {
                case .passedOn, .fatal:
                    break rules
                case .silenced(let rule):
                    // A silenced error is still answered (the client waits for one).
                    decided = .silenced(rule: rule.name)
                    break rules
                case .takenOver(let rule, let handler):
                    taken.insert(rule.name)
                    decided = .handled(rule: rule.name)
                    do {
                        if try await handler(handled) == .recovered, canRerun { return .rerun }
                        break rules
                    } catch {
                        // The handler's own failure is the answer, under the same reference.
                        failure = resolver.resolve(error)
                        if failure.isCancellation { return .passOn }
                        cause = failure.interpretation.supportReference ?? cause
                        handled = HandledError(
                            resolved: failure, scopePath: route, action: nil, supportReference: reference)
                    }
                }
            }
            // A replacement that is a cancellation says nothing to answer with, so the original error is.
            if failure.isCancellation { failure = original }
        }
        var answer = ProblemAnswer(
            failure,
            reference: reference,
            causeReference: cause,
            resolver: resolver,
            languageHeaders: language.headers,
            configuration: configuration,
            framework: framework,
            statedHeaders: statedHeaders
        )
        answer.setType(configuration)
        return .response(
            respond(answer, decided: decided, language: language, request) {
                failure.reportText(singleLine: true)
            })
    }

    /// Leaves out the actions a client may not act on, records the answer and makes its response: Problem
    /// Details, or the HTML page for a request that prefers `text/html`. Every answer to a request passes here.
    private func respond(
        _ answer: ProblemAnswer,
        decided: RuleDecision,
        language: AnswerLanguage,
        _ request: FailedRequest,
        report: () -> String
    ) -> ProblemResponse {
        var answer = answer
        answer.dropUnsafeActions(authority: request.authority, allowedOrigins: allowedOrigins)
        let logger = request.logger
        answer.record(
            rule: decided, to: logger, configuration, isPage: request.prefersPage, report: report,
            reason: { ErrorTree(answer.error).lazy.compactMap { framework.reason($0.error) }.first })
        guard request.prefersPage, let target = request.target else { return answer.response() }
        return answer.pageResponse(
            to: target,
            localization: language.resolver.localization,
            configuration: configuration,
            allowedOrigins: allowedOrigins,
            logger: logger
        )
    }

    // MARK: - Rules

    /// What the app's rules decided about a failure.
    enum RuleDecision {
        /// No rule took it: answered as resolved.
        case passedOn
        /// A rule silenced it: answered, but logged at `debug` only.
        case silenced(rule: String)
        /// A rule put another error in its place.
        case replaced(rule: String)
        /// A rule's handler ran and ended the failure without recovering.
        case handled(rule: String)

        /// The name of the rule that decided, for the log.
        var ruleName: String? {
            switch self {
            case .passedOn: nil
            case .silenced(let rule), .replaced(let rule), .handled(let rule): rule
            }
        }
    }
}

extension ResolvedFailure {
    /// A cancellation anywhere in the tree: the client went away, or the server is shutting down.
    var isCancellation: Bool { facts.containsCancellation }
}
#endif
