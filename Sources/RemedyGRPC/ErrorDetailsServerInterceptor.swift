#if GRPC
public import Foundation
public import GRPCCore
import GRPCProtobuf
public import Logging
import NIOCore
import Tracing
import Remedy
public import RemedyServer

/// Answers every error a gRPC method throws with the status code of its kind and gRPC's detailed error model
/// (`google.rpc.Status` in `grpc-status-details-bin`), which a person can act on, and logs what the developer
/// needs.
///
/// The error is resolved as RemedyHummingbird's and RemedyVapor's `ProblemDetailsMiddleware` resolve a route's
/// error — one walk of its tree, the app's rules and catalog (`ProblemDetailsConfiguration`), in the language
/// the client asks for in the request metadata `accept-language` (HTTP's header name, which gRPC's HTTP/2
/// headers carry) — and the answer is the one they would send, as gRPC's standard error details:
///
/// - the code of the answer's status, as gRPC's HTTP mapping guide maps them (`notFound` for 404,
///   `invalidArgument` for 400 and 422, `unavailable` for 503, `internalError` for any other 5xx);
/// - `LocalizedMessage`: the message a person reads, in the answer's language;
/// - `ErrorInfo`: the domain, the category as the reason (`INVALID_INPUT`), and in its metadata the title
///   (`title`), the severity (`severity`), the ready-made actions (`actions`: `retry`, `signIn`) and the
///   reference of the failure of another service this one answers (`causeReference`);
/// - `RequestInfo`: the support reference of this answer as the request id, the same as in the log line;
/// - `RetryInfo`: how long to wait before trying again;
/// - `BadRequest`: a violation per field of invalid input (an `InvalidInputError`'s field errors);
/// - `Help`: a link per action a person can open (see `linkBase`).
///
/// ```swift
/// let server = GRPCServer(
///     transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 8080), transportSecurity: .plaintext),
///     services: [RecordsService()],
///     interceptors: [ErrorDetailsServerInterceptor(logger: logger)]
/// )
/// ```
///
/// The server speaks from the client's point of view. What the client can act on keeps its text: the app's
/// own errors, invalid input, and the status of an `RPCError` the method throws (it states its code, as
/// Hummingbird's `HTTPError` does). A failure of the server's own resources (its database, files, the
/// services it calls) answers `unavailable` when it is transient and `internalError` otherwise, with texts
/// that say only that the service has a problem, and the reference.
///
/// An error that is already a `GoogleRPCStatus` is the app's own detailed answer and passes untouched; so does a
/// cancellation. An `RPCError` another service answered a call of the method with is this server's own failure:
/// its details are never relayed, and its reference (read by ``ErrorDetailsClientInterceptor``) becomes the cause of
/// this answer's.
///
/// The interceptor answers an error thrown by the method (from the rest of the chain), a response the chain
/// rejects, and an error thrown while a streaming response is produced. While the method runs (and while its
/// response is produced), the localization of the request's answer is bound as `Localization.answering`,
/// which ``ErrorDetailsClientInterceptor`` sends on as `accept-language` to the services the method calls.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct ErrorDetailsServerInterceptor: ServerInterceptor {
    /// The rules, catalog, languages and records.
    public let configuration: ProblemDetailsConfiguration
    private let resolver: ProblemResolver
    private let logger: Logger
    private let domain: String?
    private let linkBase: URL?

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - configuration: The rules, catalog, languages and records.
    ///   - logger: Where each answered failure is logged, in one line with its reference.
    ///   - domain: `ErrorInfo.domain`: the service's domain name, such as `"records.example.com"`. Default:
    ///     the called service's fully qualified name.
    ///   - linkBase: The web address the app's action links are on, such as `https://example.com/`: an
    ///     action whose request is a `GET` of a URL on its origin (or relative to it) is sent as a `Help` link.
    ///     Links to other origins, other methods and other schemes (`javascript:`, `data:`) are never sent.
    ///     Default: `nil`, no `Help` links.
    ///   - fileID: The caller's file: its module is one of the app's own (`ErrorCatalog.appModules`), whose
    ///     error types' texts a client may read.
    public init(
        _ configuration: ProblemDetailsConfiguration = ProblemDetailsConfiguration(),
        logger: Logger,
        domain: String? = nil,
        linkBase: URL? = nil,
        fileID: String = #fileID
    ) {
        var configuration = configuration
        configuration.catalog = configuration.catalog.addingAppModule(ofFileID: fileID)
        self.configuration = configuration
        self.resolver = ProblemResolver(configuration, framework: .grpc)
        self.logger = logger
        self.domain = domain
        self.linkBase = linkBase
    }

    /// Runs the rest of the chain in the language of the request's answer, and answers its errors with gRPC's
    /// detailed error model.
    ///
    /// - Parameters:
    ///   - request: The request; its metadata `accept-language` chooses the answer's language.
    ///   - context: The call's context.
    ///   - next: The rest of the chain: the method.
    /// - Returns: The method's response, or the rejection that answers its error.
    /// - Throws: An error thrown while a streaming response is produced, answered; a cancellation, untouched.
    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        let call = Call(request.metadata, context, resolver)
        let span = startSpan(for: call, metadata: request.metadata)
        let bound = Bound(localization: call.localization, context: span?.context ?? ServiceContext.current)
        var response: StreamingServerResponse<Output>
        do {
            response = try await bound.run { try await next(request, context) }
        } catch {
            defer { span?.end() }
            return StreamingServerResponse(error: try await bound.run { try await answer(error, call) })
        }
        switch response.accepted {
        case .failure(let rejection):
            defer { span?.end() }
            response.accepted = .failure(try await bound.run { try await answer(rejection, call) })
        case .success(var contents):
            let producer = contents.producer
            contents.producer = { writer in
                defer { span?.end() }
                return try await bound.run {
                    do {
                        return try await producer(writer)
                    } catch {
                        throw try await answer(error, call)
                    }
                }
            }
            response.accepted = .success(contents)
        }
        return response
    }

    /// The server span of a call, continuing the trace context of its metadata (`traceparent`, with swift-otel's
    /// W3C propagator), on which the answer's record notes its reference; `nil` when a span is already active (a
    /// tracing interceptor before this one made it).
    private func startSpan(for call: Call, metadata: Metadata) -> (any Span)? {
        let tracer = configuration.tracer ?? InstrumentationSystem.tracer
        if let current = ServiceContext.current, tracer.activeSpan(identifiedBy: current) != nil { return nil }
        var context = ServiceContext.current ?? .topLevel
        // The configuration's tracer reads the context it propagates; otherwise the bootstrapped instrument does.
        let instrument: any Instrument = configuration.tracer ?? InstrumentationSystem.instrument
        instrument.extract(metadata, into: &context, using: MetadataExtractor())
        let span = tracer.startSpan(call.method, context: context, ofKind: .server)
        span.updateAttributes { attributes in
            // OpenTelemetry's RPC conventions.
            attributes["rpc.system"] = "grpc"
            attributes["rpc.service"] = call.service
            attributes["rpc.method"] = String(call.method.dropFirst(call.service.count + 1))
        }
        return span
    }

    /// What the method and the answer to its error run with: the answer's localization, and the call's trace
    /// context.
    struct Bound: Sendable {
        var localization: Localization
        var context: ServiceContext?

        func run<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
            try await Localization.$answering.withValue(localization) {
                guard let context else { return try await body() }
                return try await ServiceContext.withValue(context) { try await body() }
            }
        }
    }

    /// What an answer reads of a call.
    struct Call: Sendable {
        /// The `accept-language` metadata, its values joined by commas.
        var acceptLanguage: String?
        /// `Service/Method`, as the app's rules see the route.
        var method: String
        /// The called service, the default domain.
        var service: String
        /// The localization of the call's answer.
        var localization: Localization

        init(_ metadata: Metadata, _ context: ServerContext, _ resolver: ProblemResolver) {
            let languages = Array(metadata[stringValues: Self.acceptLanguageKey])
            acceptLanguage = languages.isEmpty ? nil : languages.joined(separator: ", ")
            localization = resolver.localization(acceptLanguage: acceptLanguage)
            service = context.descriptor.service.fullyQualifiedService
            method = "\(service)/\(context.descriptor.method)"
        }

        static let acceptLanguageKey = "accept-language"
    }

    /// The rejection that answers an error.
    ///
    /// - Throws: The error itself when it is the app's own detailed answer (a `GoogleRPCStatus`), or a
    ///   cancellation.
    private func answer(_ error: any Error, _ call: Call) async throws -> RPCError {
        if error is GoogleRPCStatus { throw error }
        let failed = FailedRequest(
            acceptLanguage: call.acceptLanguage,
            prefersPage: false,
            logger: logger.with(method: call.method),
            route: configuration.rules.isEmpty ? "" : call.method,
            target: nil
        )
        let response: ProblemResponse
        if let made = resolver.madeAnswer(for: error, to: failed) {
            response = made
        } else {
            // A take-over that recovers can't run the method again: its request stream may have been read.
            switch await resolver.answer(error, to: failed, canRerun: false, statedHeaders: { _ in [:] }) {
            case .response(let made): response = made
            case .passOn, .rerun: throw error
            }
        }
        return rpcError(answering: error, with: response, service: call.service)
    }

    /// The `RPCError` whose metadata carries the detailed error model of an answer.
    private func rpcError(answering error: any Error, with response: ProblemResponse, service: String) -> RPCError {
        let status = Int(response.status.code)
        var code = RPCStatusMapping.code(forHTTPStatus: status)
        // A 409 is `aborted` unless the method said `alreadyExists` itself.
        if status == 409, ErrorTree(error).first(RPCError.self)?.code == .alreadyExists { code = .alreadyExists }
        let problem = (try? ProblemDetails(decoding: Data(response.body.readableBytesView), contentType: nil))
        let language = response.headers[.contentLanguage] ?? "en"
        let details = GoogleRPCStatus(
            answering: problem ?? ProblemDetails(status: status),
            code: code,
            language: language,
            domain: domain ?? service,
            linkBase: linkBase,
            allowedOrigins: resolver.allowedOrigins
        )
        return RPCError(details)
    }
}

extension Logger {
    /// This logger with the called method in its metadata, as OpenTelemetry's RPC conventions name it.
    fileprivate func with(method: String) -> Logger {
        var logger = self
        logger[metadataKey: "rpc.method"] = "\(method)"
        return logger
    }
}
#endif
