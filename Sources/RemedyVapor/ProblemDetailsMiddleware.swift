#if Vapor
import HTTPTypes
import Logging
import Remedy
public import RemedyServer
public import Vapor

/// Answers every error a route throws with an RFC 9457 Problem Details response
/// (`application/problem+json`) that a person can act on, and logs what the developer needs: Vapor's
/// `ErrorMiddleware`, replaced.
///
/// The answers are those of RemedyHummingbird's middleware, made by the same code: a failed request's error
/// is resolved in one walk of its tree, in the language its `Accept-Language` asks for, with the app's rules
/// and catalog (`ProblemDetailsConfiguration`); the answer carries the title and message written for a
/// person, the options as actions, the category, severity, support reference, field errors and
/// `Retry-After`, with `Content-Language` and `Vary`. A request that prefers `text/html` (a browser
/// navigating) gets the same answer as a small, localized HTML page under a strict
/// `Content-Security-Policy`. The developer report goes to the request's logger (`req.logger`, whose
/// metadata holds Vapor's request id), with the same support reference, and never into the response.
///
/// Install it in place of `ErrorMiddleware`, outermost, so it answers the errors of the other middleware and of
/// the router's 404 too:
///
/// ```swift
/// app.middleware = Middlewares()
/// app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
/// app.middleware.use(ProblemDetailsMiddleware())
/// ```
///
/// Vapor's `AbortError`s keep their status and headers (`Retry-After`, `WWW-Authenticate`…), but never their
/// `reason`: Vapor's own errors, and most apps' `Abort(.notFound, reason: "user 42 missing in table users")`,
/// fill it with text for developers, so the client reads the catalog's texts for the status ("Not Found"),
/// unless the app's catalog knows the error better. An error of the app's can be both: a
/// `PresentableError` for what a person reads and an `AbortError` for its status and headers.
///
/// A `DecodingError` is not read as an `AbortError` (Vapor makes every one a 400, whoever's data failed to
/// decode): decode request bodies through ``RequestBodyDecoder`` and the client is told which field to fix.
/// An `AbortError` below 400 (a redirect thrown as an error) isn't a failure: it is answered with its status and
/// headers and no body. A cancellation is never presented nor logged as an answer: nothing outside this
/// middleware answers it, so it gets a bare 500 without a body, as an error nobody handled.
public struct ProblemDetailsMiddleware: AsyncMiddleware {
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
        self.resolver = ProblemResolver(configuration, framework: .vapor)
    }

    /// Runs the rest of the chain, and answers its error with Problem Details.
    ///
    /// While the chain runs, and while its error is answered, the language of the request's answer is bound as
    /// `Localization.answering`, which Remedy's clients send on to the services the route calls.
    ///
    /// - Parameters:
    ///   - request: The request; its logger receives the error's log line.
    ///   - next: The rest of the chain: the other middleware and the route.
    /// - Returns: The route's response, or the answer to its error.
    /// - Throws: Nothing of the route's: every error is answered.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let localization = resolver.localization(acceptLanguage: FailedRequest.joined(request.headers[.acceptLanguage]))
        return try await Localization.$answering.withValue(localization) {
            try await answer(request, chainingTo: next)
        }
    }

    /// Runs the chain and answers its error, in the request's language.
    private func answer(_ request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        var failure: any Error
        do {
            return try await next.respond(to: request)
        } catch {
            failure = error
        }
        let failed = FailedRequest(
            request, servesPages: configuration.servesPages, hasRules: !configuration.rules.isEmpty)
        var reruns = 0
        while true {
            if let passed = ServerFramework.abortError(failure), passed.status.code < 400 {
                return Response(status: passed.status, headers: passed.headers)
            }
            if let made = resolver.madeAnswer(for: failure, to: failed) { return Response(made) }
            let canRerun = reruns < configuration.maximumReruns
            let answer = await resolver.answer(
                failure, to: failed, canRerun: canRerun, statedHeaders: FailedRequest.statedHeaders)
            switch answer {
            case .response(let answer):
                return Response(answer)
            case .passOn:
                // A cancellation (the client went away, the server is shutting down) is never presented.
                return Response(status: .internalServerError)
            case .rerun:
                reruns += 1
                do {
                    return try await next.respond(to: request)
                } catch {
                    failure = error
                }
            }
        }
    }
}

extension Response {
    /// Vapor's response for an answer.
    convenience init(_ answer: ProblemResponse) {
        self.init(
            status: HTTPResponseStatus(statusCode: Int(answer.status.code)),
            headers: HTTPHeaders(answer.headers),
            body: Response.Body(buffer: answer.body)
        )
    }
}
#endif
