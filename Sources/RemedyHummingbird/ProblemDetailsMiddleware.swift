#if Hummingbird
import Foundation
public import Hummingbird
import Logging
import Remedy
public import RemedyServer

/// Answers every error a route throws with an RFC 9457 Problem Details response
/// (`application/problem+json`) that a person can act on, and logs what the developer needs.
///
/// A failed request's error is resolved in one walk of its tree, in the language its `Accept-Language`
/// asks for, with the app's rules and catalog (`ProblemDetailsConfiguration`), as an `ErrorScope`
/// would resolve it in an app, but without a scope: a server has nobody to ask, so nothing is scheduled
/// and nothing outlives the request. The resolution becomes the response: the title and message (text
/// written for a person, never the error's own description), the options as actions (Try Again, Sign
/// In…), the category, severity, support reference and `Retry-After`. The developer report goes to the
/// request's logger, with Hummingbird's request id and the same support reference, and never into the
/// response.
///
/// ```swift
/// let router = Router()
/// router.add(middleware: ProblemDetailsMiddleware())
/// router.get("/invoices/:id") { _, context in
///     try await invoices.find(context.parameters.require("id"))
/// }
/// ```
///
/// The server speaks from the client's point of view. What the client can act on keeps its text: the
/// app's own errors and catalog entries, invalid input, and the statuses of Hummingbird's
/// `HTTPResponseError`s and Remedy's `HTTPStatusError`s. A failure of the server's own resources (its
/// files, database, configuration, outbound calls: `ProblemDetailsConfiguration.isServerResourceFailure`)
/// answers 503 "Service Unavailable" when it is transient and 500 "Server Problem" otherwise, with the
/// reference, and names none of them.
///
/// The status comes from the error: Hummingbird's `HTTPResponseError`s and Remedy's `HTTPStatusError`s
/// keep theirs; otherwise the category decides (`ProblemDetailsConfiguration.statuses`): invalid input
/// 422 (400 when the request couldn't be decoded), authentication 401, permission 403, an unavailable or
/// exhausted resource 503, everything unexpected 500. An `HTTPResponseError` below 400 (a redirect thrown
/// as an error) isn't a failure, and a cancellation is never presented: both are passed on untouched.
///
/// A request that prefers `text/html` (a browser navigating to a failing page) gets the same answer as a
/// small, localized HTML page whose actions are working links and forms, under a strict
/// `Content-Security-Policy` (`ProblemDetailsConfiguration.servesPages`, `ProblemPage`); API clients,
/// `Accept: */*` and a request without `Accept` get Problem Details.
///
/// Every answer carries `Vary: Accept, Accept-Language` (`Vary: Accept-Language` when pages are off) and the
/// `Content-Language` of its texts. Each is logged in one line, at `info`, so the reference a person reads out
/// finds it at the default level (`ProblemDetailsConfiguration.clientErrorLogLevel` opts 4xx answers down); one a
/// rule silenced at `debug`. None is an `error`: a handled error is not a failure of the program.
public struct ProblemDetailsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The rules, catalog, languages and records.
    public let configuration: ProblemDetailsConfiguration
    private let resolver: ProblemResolver

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - configuration: The rules, catalog, languages and records.
    ///   - fileID: The caller's file: its module is one of the app's own (`ErrorCatalog.appModules`), whose
    ///     error types' texts a client may read.
    public init(_ configuration: ProblemDetailsConfiguration = ProblemDetailsConfiguration(), fileID: String = #fileID)
    {
        var configuration = configuration
        configuration.catalog = configuration.catalog.addingAppModule(ofFileID: fileID)
        self.configuration = configuration
        self.resolver = ProblemResolver(configuration, framework: .hummingbird)
    }

    /// Runs the rest of the chain, and answers its error with Problem Details.
    ///
    /// While the chain runs, and while its error is answered, the language of the request's answer is bound as
    /// `Localization.answering`, which Remedy's clients send on to the services the route calls.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The request's context; its logger receives the error's log lines.
    ///   - next: The rest of the chain: the route.
    /// - Returns: The route's response, or the Problem Details response of its error.
    /// - Throws: Only an `HTTPResponseError` whose status is below 400, or a cancellation, untouched.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let localization = resolver.localization(acceptLanguage: request.headers[.acceptLanguage])
        return try await Localization.$answering.withValue(localization) {
            try await answer(request, context: context, next: next)
        }
    }

    /// Runs the chain and answers its error, in the request's language.
    private func answer(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var failure: any Error
        do {
            return try await next(request, context)
        } catch {
            failure = error
        }
        let failed = FailedRequest(
            request, context: context, servesPages: configuration.servesPages, hasRules: !configuration.rules.isEmpty)
        var reruns = 0
        while true {
            if let passed = failure as? any HTTPResponseError, passed.status.code < 400 { throw passed }
            if let made = resolver.madeAnswer(for: failure, to: failed) { return Response(made) }
            let canRerun = reruns < configuration.maximumReruns
            let answer = await resolver.answer(failure, to: failed, canRerun: canRerun) { node in
                FailedRequest.statedHeaders(of: node, request: request, context: context)
            }
            switch answer {
            case .response(let answer):
                return Response(answer)
            case .passOn:
                // A cancellation (the client went away, the server is shutting down) is never presented.
                throw failure
            case .rerun:
                reruns += 1
                do {
                    return try await next(request, context)
                } catch {
                    failure = error
                }
            }
        }
    }
}

extension Response {
    /// Hummingbird's response for an answer.
    init(_ answer: ProblemResponse) {
        self.init(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body))
    }
}
#endif
