#if GRPC
import GRPCCore
import Tracing

/// Writes a call's trace context into its request metadata, for `Instrument.inject(_:into:using:)`: with
/// swift-otel's W3C propagator, `traceparent` and `tracestate`, which gRPC's metadata carries as HTTP/2 headers.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct MetadataInjector: Injector {
    /// Sets the value, replacing any the call had: a call carries one trace context.
    func inject(_ value: String, forKey key: String, into metadata: inout Metadata) {
        metadata.replaceOrAddString(value, forKey: key.lowercased())
    }
}

/// Reads a call's trace context from its request metadata, for `Instrument.extract(_:into:using:)`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct MetadataExtractor: Extractor {
    /// The key's values, combined as HTTP combines a field's lines; `nil` when the call has none.
    func extract(key: String, from metadata: Metadata) -> String? {
        let values = Array(metadata[stringValues: key.lowercased()])
        return values.isEmpty ? nil : values.joined(separator: ",")
    }
}
#endif
