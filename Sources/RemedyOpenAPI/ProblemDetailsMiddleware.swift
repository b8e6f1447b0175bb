#if OpenAPI
import Foundation
public import HTTPTypes
public import Logging
import NIOCore
public import OpenAPIRuntime
import Remedy
public import RemedyServer

/// Answers every error an OpenAPI handler throws with an RFC 9457 Problem Details response
/// (`application/problem+json`) that a person can act on, and logs what the developer needs, whatever the
/// transport (swift-openapi-hummingbird, swift-openapi-vapor, …).
///
/// The answers are those of RemedyHummingbird's and RemedyVapor's middleware, made by the same code: a failed
/// request's error is resolved in one walk of its tree, in the language its `Accept-Language` asks for, with the
/// app's rules and catalog (`ProblemDetailsConfiguration`); the answer carries the title and message written for
/// a person, the options as actions, the category, severity, support reference, field errors and
/// `Retry-After`, with `Content-Language` and `Vary`. The developer report goes to the logger, with the
/// operation's identifier and the same support reference, and never into the response.
///
/// Put it first in the server's middlewares, so it answers the errors of the others too:
///
/// ```swift
/// let transport = Router()
/// try handler.registerHandlers(
///     on: transport,
///     middlewares: [ProblemDetailsMiddleware(logger: Logger(label: "records"))]
/// )
/// ```
///
/// The runtime wraps what a handler throws in its `ServerError`; the middleware answers the handler's own
/// error, as a route's. A request that doesn't match the document (a missing required parameter, a body that
/// can't be decoded, a wrong content type: the runtime's own errors, before the handler runs) is the person's
/// input: the runtime's status (400 for a parameter or a body), "Check Your Entry", and a field error naming the
/// parameter or the place in the body (a JSON pointer) where the runtime names one. A handler's error that
/// adopts the runtime's `HTTPResponseConvertible` keeps its status and headers, as a framework's status error
/// does; otherwise the category decides the status (`ProblemDetailsConfiguration.statuses`).
///
/// A rule that takes an error over and recovers runs the operation again only when the request's body can be read
/// again (`HTTPBody.IterationBehavior.multiple`); a transport's streamed body can't, and the error is answered.
///
/// Its answers are always Problem Details, never the HTML page of the other integrations: an OpenAPI
/// operation answers what its document declares, and the document fragment in this module's documentation
/// declares `application/problem+json` for every operation's `default` response. A cancellation is never
/// answered: it goes on untouched.
public struct ProblemDetailsMiddleware: ServerMiddleware {
    /// The rules, catalog, languages and records.
    public let configuration: ProblemDetailsConfiguration
    /// Where each answered failure is logged, with the operation's identifier.
    public let logger: Logger
    private let resolver: ProblemResolver

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - configuration: The rules, catalog, languages and records. Its `servesPages` is ignored: the answers
    ///     are Problem Details.
    ///   - logger: Where each answered failure is logged (OpenAPI has no request logger): its line carries the
    ///     metadata `openapi.operation` and the support reference.
    ///   - fileID: The caller's file: its module is one of the app's own (`ErrorCatalog.appModules`), whose
    ///     error types' texts a client may read.
    public init(
        _ configuration: ProblemDetailsConfiguration = ProblemDetailsConfiguration(),
        logger: Logger,
        fileID: String = #fileID
    ) {
        var configuration = configuration
        configuration.catalog = configuration.catalog.addingAppModule(ofFileID: fileID)
        configuration.servesPages = false
        self.configuration = configuration
        self.logger = logger
        self.resolver = ProblemResolver(configuration, framework: .openAPI)
    }

    /// Runs the rest of the chain, and answers its error with Problem Details.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request's body.
    ///   - metadata: The path parameters the transport read.
    ///   - operationID: The operation's identifier in the document: the route the app's rules see.
    ///   - next: The other middlewares and the operation.
    /// - Returns: The operation's response, or the answer to its error.
    /// - Throws: Only a cancellation, untouched.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let acceptLanguage = request.headerFields[values: .acceptLanguage].joinedOrNil
        let localization = resolver.localization(acceptLanguage: acceptLanguage)
        return try await Localization.$answering.withValue(localization) {
            var failure: any Error
            do {
                return try await next(request, body, metadata)
            } catch {
                failure = error
            }
            return try await answer(
                failure, operationID: operationID, acceptLanguage: acceptLanguage, localization: localization,
                // A body read once by the runtime can't be read again: a take-over's rerun needs one that can.
                canRerun: body.map { $0.iterationBehavior == .multiple } ?? true
            ) {
                try await next(request, body, metadata)
            }
        }
    }

    /// Answers an operation's error, in the request's language.
    private func answer(
        _ error: any Error,
        operationID: String,
        acceptLanguage: String?,
        localization: Localization,
        canRerun canReadBodyAgain: Bool,
        rerun: () async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var failure = error
        var logger = logger
        logger[metadataKey: "openapi.operation"] = "\(operationID)"
        let failed = FailedRequest(
            acceptLanguage: acceptLanguage,
            prefersPage: false,
            logger: logger,
            route: operationID,
            target: nil
        )
        var reruns = 0
        while true {
            let error = Self.handlerError(failure, localization: localization)
            let canRerun = reruns < configuration.maximumReruns && canReadBodyAgain
            let answer = await resolver.answer(error, to: failed, canRerun: canRerun, statedHeaders: Self.statedHeaders)
            switch answer {
            case .response(let answer):
                return (
                    HTTPResponse(status: answer.status, headerFields: answer.headers),
                    HTTPBody(Array(answer.body.readableBytesView))
                )
            case .passOn:
                // A cancellation (the client went away, the server is shutting down) is never presented.
                throw failure
            case .rerun:
                reruns += 1
                do {
                    return try await rerun()
                } catch {
                    failure = error
                }
            }
        }
    }

    /// The error to answer: the handler's own, out of the runtime's `ServerError`; the request's mismatch with
    /// the document when the runtime failed before the handler ran.
    static func handlerError(_ error: any Error, localization: Localization) -> any Error {
        guard let serverError = error as? ServerError else { return error }
        // The runtime gives no input to a failure of reading the request, and none to a failure of another
        // middleware, whose cause it describes in words of its own.
        let isMiddlewareFailure = serverError.causeDescription.hasPrefix("Middleware of type")
        guard serverError.operationInput == nil, serverError.operationOutput == nil, !isMiddlewareFailure else {
            return serverError.underlyingError
        }
        return RequestMismatchError(serverError, localization: localization)
    }

    /// The headers an `HTTPResponseConvertible` node states, without those that describe its own body.
    static func statedHeaders(of node: any Error) -> HTTPFields {
        (node as? any HTTPResponseConvertible)?.httpHeaderFields.keptForAnswer ?? HTTPFields()
    }
}

extension [String] {
    /// A header's lines as one value, as HTTP reads a list; `nil` when there is none.
    var joinedOrNil: String? {
        isEmpty ? nil : joined(separator: ", ")
    }
}
#endif
