#if Hummingbird || Vapor || OpenAPI || GRPC
public import HTTPTypes
public import Tracing

/// Writes a request's trace context into its HTTP fields, for `Instrument.inject(_:into:using:)`.
///
/// Whatever the bootstrapped instrument propagates goes in: with swift-otel's W3C propagator, `traceparent` and
/// `tracestate`. A service that calls another with a client that doesn't propagate the context itself (a
/// `URLSession` request built from `HTTPFields`, an OpenAPI client's `HTTPRequest`) adds it before sending, so
/// the called service's tracing middleware continues the same trace and both services' failures, each recorded
/// with its `remedy.reference`, are found under one trace id:
///
/// ```swift
/// InstrumentationSystem.instrument.inject(
///     ServiceContext.current ?? .topLevel, into: &request.headerFields, using: HTTPFieldsInjector())
/// ```
///
/// AsyncHTTPClient (1.37 and later) does this itself for a client configured with a tracer
/// (`HTTPClient.Configuration.tracing`), as do Hummingbird's and Vapor's `TracingMiddleware` on the receiving side;
/// neither framework makes its own carrier for `HTTPFields` public.
public struct HTTPFieldsInjector: Injector {
    /// Makes the injector.
    public init() {}

    /// Sets the field, replacing any value it had: a request carries one trace context.
    ///
    /// - Parameters:
    ///   - value: The value, as the instrument formats it.
    ///   - key: The field's name (`traceparent`); a name HTTP doesn't allow is skipped.
    ///   - fields: The request's fields.
    public func inject(_ value: String, forKey key: String, into fields: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        fields[name] = value
    }
}

/// Reads a request's trace context from its HTTP fields, for `Instrument.extract(_:into:using:)`.
///
/// The counterpart of ``HTTPFieldsInjector`` for a server integration that starts its own span for a request
/// (one whose framework has no tracing middleware).
public struct HTTPFieldsExtractor: Extractor {
    /// Makes the extractor.
    public init() {}

    /// The field's value; several fields of that name are combined as HTTP combines them (`tracestate`'s
    /// list members may come in several fields).
    ///
    /// - Parameters:
    ///   - key: The field's name.
    ///   - fields: The request's fields.
    /// - Returns: The value, or `nil` when the request has no such field.
    public func extract(key: String, from fields: HTTPFields) -> String? {
        guard let name = HTTPField.Name(key) else { return nil }
        return fields[name]
    }
}
#endif
