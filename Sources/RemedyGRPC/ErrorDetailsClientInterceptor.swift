#if GRPC
public import Foundation
public import GRPCCore
public import Remedy
public import Tracing

/// Asks the services a client calls for answers in the person's language, and gives each failed call's
/// `RPCError` the `ProblemDetailsError` its detailed error model stands for, as its `cause`.
///
/// Every call carries the caller's trace context too (`traceparent`, with swift-otel's W3C propagator), so the
/// service's span — ``ErrorDetailsServerInterceptor``'s, which records the answer's reference — continues the
/// caller's trace.
///
/// Every call sends the request metadata `accept-language`: the language of `Localization.answering`
/// when it is bound (the client runs in a server's method, whose answer is in its client's language), else the
/// localization the interceptor was given. ``ErrorDetailsServerInterceptor`` answers in it.
///
/// A call that fails with gRPC's detailed error model (`grpc-status-details-bin`) still throws its `RPCError`,
/// whose `cause` is then the `ProblemDetailsError` read from the details
/// (`ProblemDetailsError(_:linkBase:actionTransport:)`): an `ErrorScope` that handles the error
/// presents the server's localized message, title, actions, field errors and reference, waits for `RetryInfo`
/// before trying again, and its sign-in rule takes over an `unauthenticated` call. A server that handles the
/// error answers its own client that it has a problem, with the reference it received as the cause.
///
/// ```swift
/// let localization = Localization(language: "de")
/// let scope = ErrorScope.root(presenter: TerminalPresenter(), localization: localization)
/// try await withGRPCClient(
///     transport: .http2NIOPosix(target: .dns(host: "records.example.com"), transportSecurity: .tls),
///     interceptors: [ErrorDetailsClientInterceptor(localization: localization)]
/// ) { client in
///     let records = Records.Client(wrapping: client)
///     let record = await scope.attempt("Loading the record") { try await records.get(request) }
/// }
/// ```
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct ErrorDetailsClientInterceptor: ClientInterceptor {
    private let localization: Localization
    private let linkBase: URL?
    private let actionTransport: ProblemDetailsError.ActionTransport
    private let instrument: (any Instrument)?

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - localization: The language to ask for outside a server's method. Default: `Localization.default`.
    ///   - linkBase: The web address whose origin the services' `Help` links may go to; `nil` for none.
    ///   - actionTransport: What sends the requests of link actions. Default: `URLSession.shared`.
    ///   - instrument: What writes the caller's trace context into the call's metadata. Default: `nil`, the
    ///     bootstrapped `InstrumentationSystem.instrument`.
    public init(
        localization: Localization = .default,
        linkBase: URL? = nil,
        actionTransport: ProblemDetailsError.ActionTransport = .urlSession(),
        instrument: (any Instrument)? = nil
    ) {
        self.localization = localization
        self.linkBase = linkBase
        self.actionTransport = actionTransport
        self.instrument = instrument
    }

    /// Sends the language, and gives the call's error the presentable error of its details.
    ///
    /// - Parameters:
    ///   - request: The request; `accept-language` is set in its metadata.
    ///   - context: The call's context.
    ///   - next: The rest of the chain.
    /// - Returns: The response, its error (and the errors of its messages) with their details read.
    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingClientRequest<Input>,
        context: ClientContext,
        next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
    ) async throws -> StreamingClientResponse<Output> {
        var request = request
        request.metadata.replaceOrAddString(
            (Localization.answering ?? localization).acceptLanguage, forKey: "accept-language")
        // The caller's trace context (`traceparent`, with swift-otel's W3C propagator), so the service's span
        // continues the caller's trace.
        if let trace = ServiceContext.current {
            (instrument ?? InstrumentationSystem.instrument).inject(
                trace, into: &request.metadata, using: MetadataInjector())
        }
        var response = try await next(request, context)
        switch response.accepted {
        case .failure(let rpcError):
            response.accepted = .failure(withDetails(rpcError))
        case .success(var contents):
            let read = { @Sendable (error: RPCError) in withDetails(error) }
            contents.bodyParts = RPCAsyncSequence(wrapping: ErrorMappingSequence(contents.bodyParts, read))
            response.accepted = .success(contents)
        }
        return response
    }

    /// The error with the presentable error of its details as its cause, when it has details and no cause.
    private func withDetails(_ rpcError: RPCError) -> RPCError {
        guard rpcError.cause == nil,
            let presentable = ProblemDetailsError(rpcError, linkBase: linkBase, actionTransport: actionTransport)
        else { return rpcError }
        var rpcError = rpcError
        rpcError.cause = presentable
        return rpcError
    }
}

/// A sequence's elements, its `RPCError`s read by a function: a streaming response's failure after its first
/// messages arrives through the sequence.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct ErrorMappingSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
    typealias Element = Base.Element

    let base: Base
    let read: @Sendable (RPCError) -> RPCError

    init(_ base: Base, _ read: @escaping @Sendable (RPCError) -> RPCError) {
        self.base = base
        self.read = read
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), read: read)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let read: @Sendable (RPCError) -> RPCError

        mutating func next() async throws -> Element? {
            do {
                return try await base.next()
            } catch let error as RPCError {
                throw read(error)
            }
        }
    }
}
#endif
