#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import HTTPTypes
import NIOCore
import Remedy

/// The answer to one failed request, read from its one walk: the status, what the client may read, the
/// Problem Details body and the headers.
///
/// The server speaks from the client's point of view (see ``ProblemDetailsConfiguration/isServerResourceFailure``):
/// a failure the client can act on keeps its texts; a failure of the server's own resources is answered
/// as the service's problem, with the reference, and its texts stay in the server's log.
///
/// The problem is made straight from the resolved failure's texts and options, as a presentation of it
/// would be made (``ProblemDetails/init(title:message:options:category:severity:status:supportReference:retryAfter:requests:localization:)``),
/// without making the presentation: a server has nobody to present it to.
package struct ProblemAnswer {
    /// The error as resolved, the rules' replacement if any: what the log reports.
    package private(set) var error: any Error
    /// What the client reads; its actions are checked before it is sent
    /// (``dropUnsafeActions(authority:allowedOrigins:)``).
    package var problem: ProblemDetails
    /// The status of the response.
    package let status: HTTPResponse.Status
    /// What kind of failure the client is told it is.
    package let category: ErrorCategory
    /// The reference of this answer, new for each answer: in the body and in the log.
    package private(set) var reference: SupportReference
    /// The reference the error arrived with from another service (a ``ProblemDetailsError``'s, any node's
    /// ``PresentableError/supportReference``): the cause of this answer, named beside its own reference in the
    /// body (`causeReference`), the record (`cause.reference`) and the span (`remedy.cause_reference`).
    package let causeReference: SupportReference?
    /// Whether the failure's own texts were withheld as the server's.
    let isServerFailure: Bool
    /// Whether the app stated the status itself (the framework's status error, an ``HTTPStatusError`` without
    /// a URL): an answer it chose, not a failure it didn't expect.
    let isStatedStatus: Bool
    /// `Retry-After`, in whole seconds.
    let retryAfter: Int?
    /// The headers the failure's status error carries (`WWW-Authenticate`, `Retry-After`…), without those that
    /// describe its own body.
    let keptHeaders: HTTPFields
    /// The headers every answer in the language of the texts carries.
    let languageHeaders: HTTPFields
    /// The language of each text sent: the app's own texts are in the app's language.
    let textLanguages: TextLanguages
    /// The actions left out because a client may not act on their `href`, for the record, in one bounded line
    /// (``dropUnsafeActions(authority:allowedOrigins:)``); `nil` when none was.
    var droppedActions: String?

    /// Answers a resolved failure.
    ///
    /// - Parameters:
    ///   - failure: The failure, resolved in the answer's language.
    ///   - reference: The answer's own support reference.
    ///   - causeReference: The reference the error arrived with from another service, if any.
    ///   - resolver: The resolver of the answer's language.
    ///   - languageHeaders: The headers every answer in that language carries.
    ///   - configuration: The middleware's configuration.
    ///   - framework: Which errors of the framework state a status.
    ///   - statedHeaders: The headers of the node that states the status (as the framework reads them).
    init(
        _ failure: ResolvedFailure,
        reference: SupportReference,
        causeReference: SupportReference? = nil,
        resolver: ErrorResolver,
        languageHeaders: HTTPFields,
        configuration: ProblemDetailsConfiguration,
        framework: ServerFramework,
        statedHeaders: (any Error) -> HTTPFields
    ) {
        error = failure.error
        self.reference = reference
        self.causeReference = causeReference
        self.languageHeaders = languageHeaders
        let statement = Self.statusStatement(of: failure, framework: framework)
        isStatedStatus = statement != nil
        // Another service's problem the route received (see `RelayedProblem`): its 401 and 403 are this
        // service's own failure, its texts are relayed in the answer's language only, its links never.
        let relayed = RelayedProblem(failure)
        let isServerFailure =
            statement == nil
            && (relayed?.refusesThisService == true
                || (failure.category != .invalidInput && !failure.interpretation.hasAppText
                    && Self.containsServerResource(failure, configuration.isServerResourceFailure)))
        self.isServerFailure = isServerFailure
        let language = resolver.localization.language
        let relaysTexts = relayed?.wrote(failure) == true
        textLanguages = TextLanguages(
            failure, isServerFailure: isServerFailure, labels: language,
            // The other service's texts are sent in the answer's language, never the app's.
            appTextLanguage: relaysTexts ? nil : configuration.appTextLanguage)
        let wait = failure.interpretation.retryAfter.map(ProblemDetails.wholeSeconds)
        retryAfter = wait
        let status: HTTPResponse.Status
        var problem: ProblemDetails
        if isServerFailure {
            // Unavailable for now when trying again later may help; otherwise the service has a problem. The
            // catalog's texts for the status ("Server Problem", "Service Unavailable"), with Try Again; the
            // failure itself stays in the log.
            status = failure.interpretation.isTransient ? .serviceUnavailable : .internalServerError
            let service = resolver.interpretation(of: HTTPStatusError(status: Int(status.code)))
            let category = service.category ?? .externalSystemUnavailable
            self.category = category
            problem = ProblemDetails(
                title: service.title,
                message: service.message,
                options: [.retry],
                category: category,
                severity: max(failure.severity, category.defaultSeverity),
                status: Int(status.code),
                supportReference: reference,
                retryAfter: wait.map { .seconds($0) },
                requests: configuration.actionRequests,
                localization: resolver.localization
            )
            keptHeaders = HTTPFields()
        } else {
            status = statement?.status ?? Self.status(of: failure, statuses: configuration.statuses)
            category = failure.category
            var title = failure.interpretation.title
            var message = failure.interpretation.message
            var fieldErrors = Self.fieldErrors(of: failure, localization: resolver.localization)
            if let relayed, relaysTexts, !relayed.isIn(language) {
                let texts = resolver.interpretation(of: HTTPStatusError(status: relayed.error.status))
                title = texts.title
                message = texts.message
                if fieldErrors == relayed.error.fieldErrors { fieldErrors = [] }
            }
            problem = ProblemDetails(
                title: title,
                message: message,
                options: Self.options(of: failure, leavingOut: relayed?.linkActionIDs ?? []),
                category: category,
                severity: failure.severity,
                status: Int(status.code),
                supportReference: reference,
                retryAfter: wait.map { .seconds($0) },
                requests: configuration.actionRequests,
                fieldErrors: fieldErrors,
                localization: resolver.localization
            )
            keptHeaders = statement?.node.map(statedHeaders) ?? HTTPFields()
        }
        if status == .unauthorized {
            Self.addSignIn(
                to: &problem,
                request: configuration.actionRequests[ProblemDetails.Action.signInID],
                localization: resolver.localization
            )
        }
        problem.causeReference = causeReference
        self.status = status
        self.problem = problem
    }

    /// This answer, made for another error that reads the same, given to `error` under its own reference.
    ///
    /// A lone status error without headers (`HTTPError`, `Abort`) reads as every other of its status in a
    /// language: the middleware answers it from an answer made once (``ProblemResolver/AnswerLanguage/statusAnswers``),
    /// the same answer but for the reference and the problem type, which may depend on the error.
    func answering(
        _ error: any Error,
        reference: SupportReference,
        _ configuration: ProblemDetailsConfiguration
    ) -> ProblemAnswer {
        var answer = self
        answer.error = error
        answer.reference = reference
        answer.problem.supportReference = reference
        answer.setType(configuration)
        return answer
    }

    /// Sets the app's problem type (``ProblemDetailsConfiguration/problemType``), which may depend on the error:
    /// once per answer sent, never on the answers made once when the middleware is made.
    mutating func setType(_ configuration: ProblemDetailsConfiguration) {
        problem.type = configuration.problemType(problem, error)
    }

    // MARK: - Status

    /// A status the tree states for the client: the first of the framework's status errors of 400 or more
    /// (Hummingbird's `HTTPResponseError`, Vapor's `AbortError`, with its node, whose headers the answer keeps),
    /// or an ``HTTPStatusError`` the app threw (one with a URL is the answer of an outbound call: the server's).
    private static func statusStatement(
        of failure: ResolvedFailure,
        framework: ServerFramework
    ) -> (status: HTTPResponse.Status, node: (any Error)?)? {
        var found: (status: HTTPResponse.Status, node: (any Error)?)?
        failure.facts.forEachNode { node in
            if let status = framework.statedStatus(node) {
                guard status.code >= 400 else { return true }
                found = (status, node)
            } else if let statusError = node as? HTTPStatusError, statusError.url == nil,
                (400..<600).contains(statusError.status)
            {
                found = (HTTPResponse.Status(code: statusError.status), nil)
            }
            return found == nil
        }
        return found
    }

    /// The status of a failure that states none: its category's, and 400 for invalid input that couldn't
    /// even be decoded (a malformed request).
    private static func status(
        of failure: ResolvedFailure,
        statuses: [ErrorCategory: HTTPResponse.Status]
    ) -> HTTPResponse.Status {
        if failure.category == .invalidInput,
            failure.first(RequestBodyError.self) != nil || failure.first(DecodingError.self) != nil
        {
            return .badRequest
        }
        return statuses[failure.category] ?? .internalServerError
    }

    /// Whether a node of the tree is a failure of the server's own resources.
    private static func containsServerResource(
        _ failure: ResolvedFailure,
        _ isServerResource: @Sendable (any Error) -> Bool
    ) -> Bool {
        var found = false
        failure.facts.forEachNode { node in
            found = isServerResource(node)
            return !found
        }
        return found
    }

    /// What is wrong with each field of the input: the tree's own (an `InvalidInputError`'s), else the place in
    /// a request body that couldn't be decoded (``RequestBodyError``), in the answer's language and without
    /// type names.
    private static func fieldErrors(of failure: ResolvedFailure, localization: Localization) -> [FieldError] {
        if !failure.fieldErrors.isEmpty { return failure.fieldErrors }
        guard let body = failure.first(RequestBodyError.self) else { return [] }
        return [FieldError(decoding: body.decodingError, localization: localization)]
    }

    // MARK: - Actions

    /// The failure's options, with Try Again where the client can run the request again, without the options
    /// whose ids are in `links` (another service's link actions), which then don't keep Try Again away either.
    private static func options(of failure: ResolvedFailure, leavingOut links: Set<String>) -> [RecoveryOption] {
        var failure = failure
        if !links.isEmpty {
            var interpretation = failure.interpretation
            interpretation.options.removeAll { $0.id.map(links.contains) == true }
            failure = ResolvedFailure(error: failure.error, interpretation: interpretation, facts: failure.facts)
        }
        var options = failure.interpretation.options
        if failure.offersRetry(retryableCategories: retryableCategories) {
            if !options.contains(where: { $0.isRetry }) { options.insert(.retry, at: 0) }
        } else if options.contains(where: { $0.isRetry }) {
            options.removeAll { $0.isRetry }
        }
        return options
    }

    /// The categories whose failures offer Try Again, as an ``ErrorScope``'s by default.
    private static let retryableCategories = ErrorScope.Configuration().retryableCategories

    /// Gives a 401 answer a sign-in action when it has none, so the client's sign-in flow (its take-over
    /// rule) knows it may run; with the configured sign-in request, if any.
    private static func addSignIn(
        to problem: inout ProblemDetails,
        request: ProblemDetails.Action.Request?,
        localization: Localization
    ) {
        let id = ProblemDetails.Action.signInID
        guard !problem.actions.contains(where: { $0.id == id }) else { return }
        let title = RecoveryOption.signIn { false }.localizedTitle(in: localization)
        let signIn = ProblemDetails.Action(
            id: id,
            title: title,
            role: .recommended,
            request: request
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

    // MARK: - Response

    /// The Problem Details response.
    func response() -> ProblemResponse {
        var headers = languageHeaders
        if textLanguages.message != textLanguages.labels { headers[.contentLanguage] = textLanguages.message }
        addStatusHeaders(to: &headers)
        return ProblemResponse(status: status, headers: headers, body: body())
    }

    /// Adds what every answer to this failure carries, whatever its body: `Retry-After`, and the headers of
    /// the failure's status error (`WWW-Authenticate`…).
    func addStatusHeaders(to headers: inout HTTPFields) {
        if let retryAfter { headers[.retryAfter] = "\(retryAfter)" }
        if !keptHeaders.isEmpty {
            headers.append(contentsOf: keptHeaders.filter { retryAfter == nil || $0.name != .retryAfter })
        }
    }

    /// The problem's bytes.
    private func body() -> ByteBuffer {
        ProblemBodyWriter.body(of: problem)
    }
}
#endif
