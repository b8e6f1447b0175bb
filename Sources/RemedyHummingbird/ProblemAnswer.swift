#if Hummingbird
import Foundation
import HTTPTypes
import Hummingbird
import Remedy

/// The answer to one failed request, read from its one walk: the status, what the client may read, the
/// Problem Details body and the headers.
///
/// The server speaks from the client's point of view (see ``ProblemDetailsConfiguration/isServerResourceFailure``):
/// a failure the client can act on keeps its texts; a failure of the server's own resources is answered
/// as the service's problem, with the reference, and its texts stay in the server's log.
///
/// A class: the answer is made once and read by the response and the record, never copied.
final class ProblemAnswer {
    /// The failure as resolved, with the rules' replacement if any: what the log reports.
    let failure: ResolvedFailure
    /// What the client reads.
    let presentation: Presentation
    /// The status of the response.
    let status: HTTPResponse.Status
    /// Whether the failure's own texts were withheld as the server's.
    let isServerFailure: Bool
    /// Whether the app stated the status itself (an `HTTPResponseError`, an ``HTTPStatusError`` without a
    /// URL): an answer it chose, not a failure it didn't expect.
    let isStatedStatus: Bool
    /// `Retry-After`, in whole seconds.
    let retryAfter: Int?
    /// The headers the failure's `HTTPResponseError` carries (`WWW-Authenticate`, `Retry-After`…), without
    /// those that describe its own body.
    let keptHeaders: HTTPFields
    /// The headers every answer in the language of the texts carries.
    let languageHeaders: HTTPFields

    init(
        _ failure: ResolvedFailure,
        reference: SupportReference,
        language: ProblemResolver.AnswerLanguage,
        configuration: ProblemDetailsConfiguration,
        request: Request,
        context: some RequestContext
    ) {
        let resolver = language.resolver
        self.failure = failure
        languageHeaders = language.headers
        let statement = Self.statusStatement(of: failure)
        isStatedStatus = statement != nil
        let category = failure.category
        let isServerFailure =
            statement == nil && category != .invalidInput && !failure.interpretation.hasAppText
            && Self.containsServerResource(failure, configuration.isServerResourceFailure)
        self.isServerFailure = isServerFailure
        let wait = failure.interpretation.retryAfter.map(ProblemDetails.wholeSeconds)
        retryAfter = wait
        if isServerFailure {
            // Unavailable for now when trying again later may help; otherwise the service has a problem.
            let status: HTTPResponse.Status =
                failure.interpretation.isTransient ? .serviceUnavailable : .internalServerError
            self.status = status
            presentation = Self.servicePresentation(status, of: failure, reference: reference, resolver: resolver)
            keptHeaders = [:]
        } else {
            let status = statement?.status ?? Self.status(of: failure, statuses: configuration.statuses)
            self.status = status
            presentation = Self.presentation(of: failure, reference: reference, resolver: resolver)
            keptHeaders = statement?.error.map { Self.headers(of: $0, request: request, context: context) } ?? [:]
        }
    }

    // MARK: - Status

    /// A status the tree states for the client: the first `HTTPResponseError` of 400 or more, or an
    /// ``HTTPStatusError`` the app threw (one with a URL is the answer of an outbound call: the server's).
    private static func statusStatement(
        of failure: ResolvedFailure
    ) -> (status: HTTPResponse.Status, error: (any HTTPResponseError)?)? {
        var found: (status: HTTPResponse.Status, error: (any HTTPResponseError)?)?
        failure.facts.forEachNode { node in
            // Hummingbird's own error by its type first, without the runtime's general cast; a cast to a
            // protocol costs a conformance lookup.
            if let response = ErrorTree.value(node, as: HTTPError.self) ?? (node as? any HTTPResponseError) {
                guard response.status.code >= 400 else { return true }
                found = (response.status, response)
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
        if failure.category == .invalidInput, failure.first(DecodingError.self) != nil { return .badRequest }
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

    // MARK: - Presentations

    /// The failure's presentation, with Try Again where the client can run the request again.
    private static func presentation(
        of failure: ResolvedFailure,
        reference: SupportReference,
        resolver: ErrorResolver
    ) -> Presentation {
        let interpretation = failure.interpretation
        var options = interpretation.options
        let offersRetry = failure.offersRetry(retryableCategories: retryableCategories)
        if offersRetry {
            if !options.contains(where: { $0.isRetry }) { options.insert(.retry, at: 0) }
        } else if options.contains(where: { $0.isRetry }) {
            options.removeAll { $0.isRetry }
        }
        return failure.presentation(
            options: options,
            detail: interpretation.detail,
            supportReference: reference,
            localization: resolver.localization
        )
    }

    /// The categories whose failures offer Try Again, as an ``ErrorScope``'s by default.
    private static let retryableCategories = ErrorScope.Configuration().retryableCategories

    /// The answer to a failure of the server's own resources: the catalog's texts for the status ("Server
    /// Problem", "Service Unavailable"), with Try Again and the failure's reference; the failure itself
    /// stays in the log.
    private static func servicePresentation(
        _ status: HTTPResponse.Status,
        of failure: ResolvedFailure,
        reference: SupportReference,
        resolver: ErrorResolver
    ) -> Presentation {
        let service = resolver.interpretation(of: HTTPStatusError(status: Int(status.code)))
        let category = service.category ?? .externalSystemUnavailable
        return Presentation(
            title: service.title,
            message: service.message ?? "",
            options: [.retry],
            category: category,
            severity: max(failure.severity, category.defaultSeverity),
            supportReference: reference,
            error: failure.error,
            localization: resolver.localization
        )
    }

    // MARK: - Response

    /// The headers of an `HTTPResponseError`, without those that describe its own body.
    private static func headers(
        of failure: any HTTPResponseError,
        request: Request,
        context: some RequestContext
    ) -> HTTPFields {
        let headers: HTTPFields
        if let httpError = failure as? HTTPError {
            headers = httpError.headers
        } else if let response = try? failure.response(from: request, context: context) {
            headers = response.headers
        } else {
            return [:]
        }
        guard !headers.isEmpty else { return headers }
        return headers.filter { ![.contentType, .contentLength, .contentLanguage, .vary].contains($0.name) }
    }

    /// The Problem Details response.
    ///
    /// - Parameter configuration: The middleware's configuration: the problem type and the action requests.
    func response(_ configuration: ProblemDetailsConfiguration) -> Response {
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
        problem.actions.removeAll { action in
            guard action.role == .cancel, case .none = action.request else { return false }
            return true
        }
        if status == .unauthorized {
            addSignIn(to: &problem, request: configuration.actionRequests[ProblemDetails.Action.signInID])
        }

        var headers = languageHeaders
        if let retryAfter { headers[.retryAfter] = "\(retryAfter)" }
        if !keptHeaders.isEmpty {
            headers.append(contentsOf: keptHeaders.filter { retryAfter == nil || $0.name != .retryAfter })
        }
        return Response(
            status: status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.encodedBytes()))
        )
    }

    /// Gives a 401 answer a sign-in action when its presentation has none, so the client's sign-in
    /// flow (its take-over rule) knows it may run; with the configured sign-in request, if any.
    private func addSignIn(to problem: inout ProblemDetails, request: ProblemDetails.Action.Request?) {
        let id = ProblemDetails.Action.signInID
        guard !problem.actions.contains(where: { $0.id == id }) else { return }
        let title = RecoveryOption.signIn { false }.localizedTitle(in: presentation.localization)
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
}
#endif
