#if Hummingbird || Vapor || OpenAPI || GRPC
public import Tracing

// URLRequest is FoundationNetworking's on Linux, Foundation's on Apple's systems.
#if canImport(FoundationNetworking)
public import FoundationNetworking
#else
public import Foundation
#endif

/// Writes a request's trace context into a `URLRequest`'s header fields, for `Instrument.inject(_:into:using:)`.
///
/// `URLSession` propagates no trace context itself. A service that calls another with it adds the context of
/// the request it is answering (or of a client span it started for the call) before sending, so the called
/// service's tracing middleware continues the same trace:
///
/// ```swift
/// var request = URLRequest(url: stock)
/// InstrumentationSystem.instrument.inject(
///     ServiceContext.current ?? .topLevel, into: &request, using: URLRequestInjector())
/// let (data, response) = try await URLSession.shared.data(for: request)
/// ```
///
/// ``HTTPFieldsInjector`` does the same for HTTPTypes' `HTTPFields`.
public struct URLRequestInjector: Injector {
    /// Makes the injector.
    public init() {}

    /// Sets the header field, replacing any value it had: a request carries one trace context.
    ///
    /// - Parameters:
    ///   - value: The value, as the instrument formats it.
    ///   - key: The field's name (`traceparent`).
    ///   - request: The request.
    public func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
        request.setValue(value, forHTTPHeaderField: key)
    }
}
#endif
