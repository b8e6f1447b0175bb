import Foundation

/// One span as a tracing backend received it: decoded from an OTLP/HTTP JSON export request
/// (`ExportTraceServiceRequest`), field by field, as a collector reads it.
struct ExportedSpan: Sendable, Equatable, CustomStringConvertible {
    /// OTLP's span kinds (`Span.SpanKind`), by their wire numbers.
    enum Kind: Int, Sendable {
        case unspecified = 0, `internal`, server, client, producer, consumer
    }

    /// An attribute's value; arrays and maps, which no test reads, are `other`.
    enum Value: Sendable, Equatable {
        case string(String), int(Int64), bool(Bool), double(Double), other
    }

    /// The trace id, 32 lowercase hex digits.
    var traceID: String
    /// The span id, 16 lowercase hex digits.
    var spanID: String
    /// The parent's span id; `nil` for a trace's root span.
    var parentSpanID: String?
    var name: String
    var kind: Kind
    var attributes: [String: Value]
    /// OTLP's status code: 0 unset, 1 ok, 2 error.
    var statusCode: Int

    /// A string attribute's value.
    func string(_ key: String) -> String? {
        guard case .string(let value) = attributes[key] else { return nil }
        return value
    }

    /// An integer attribute's value.
    func int(_ key: String) -> Int64? {
        guard case .int(let value) = attributes[key] else { return nil }
        return value
    }

    var description: String {
        "\(kind) span \(name) \(spanID) of trace \(traceID) (parent \(parentSpanID ?? "none")) \(attributes)"
    }
}

/// The JSON encoding of OTLP's `ExportTraceServiceRequest`: the members a test reads, in the protobuf JSON
/// mapping (lowerCamelCase names, enums as numbers, 64-bit integers as strings, absent for default values).
struct OTLPTraceExport: Decodable {
    struct ResourceSpans: Decodable {
        var scopeSpans: [ScopeSpans]?
    }

    struct ScopeSpans: Decodable {
        var spans: [Span]?
    }

    struct Span: Decodable {
        var traceId: String
        var spanId: String
        var parentSpanId: String?
        var name: String?
        var kind: Int?
        var attributes: [KeyValue]?
        var status: Status?
    }

    struct Status: Decodable {
        var code: Int?
    }

    struct KeyValue: Decodable {
        var key: String
        var value: AnyValue?
    }

    struct AnyValue: Decodable {
        var stringValue: String?
        var intValue: FlexibleInt?
        var boolValue: Bool?
        var doubleValue: Double?
    }

    /// A 64-bit integer: a string in the protobuf JSON mapping, a number from some encoders.
    struct FlexibleInt: Decodable {
        var value: Int64

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                value = number
            } else if let number = Int64(try container.decode(String.self)) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a 64-bit integer")
            }
        }
    }

    var resourceSpans: [ResourceSpans]?

    /// The request's spans; throws when an id is neither hex nor base64 of the right length.
    func spans() throws -> [ExportedSpan] {
        try (resourceSpans ?? []).flatMap { $0.scopeSpans ?? [] }.flatMap { $0.spans ?? [] }.map { span in
            var attributes: [String: ExportedSpan.Value] = [:]
            for pair in span.attributes ?? [] {
                attributes[pair.key] = Self.value(of: pair.value)
            }
            let parent = span.parentSpanId.flatMap { $0.isEmpty ? nil : $0 }
            return ExportedSpan(
                traceID: try Self.hex(span.traceId, bytes: 16),
                spanID: try Self.hex(span.spanId, bytes: 8),
                parentSpanID: try parent.map { try Self.hex($0, bytes: 8) },
                name: span.name ?? "",
                kind: ExportedSpan.Kind(rawValue: span.kind ?? 0) ?? .unspecified,
                attributes: attributes,
                statusCode: span.status?.code ?? 0
            )
        }
    }

    private static func value(of value: AnyValue?) -> ExportedSpan.Value {
        if let string = value?.stringValue { return .string(string) }
        if let int = value?.intValue { return .int(int.value) }
        if let bool = value?.boolValue { return .bool(bool) }
        if let double = value?.doubleValue { return .double(double) }
        return .other
    }

    /// An id in lowercase hex. OTLP's JSON encoding writes ids in hex; the protobuf JSON mapping, which
    /// swift-otel's exporter uses, in base64. Either is read; the byte count tells a wrong id from a right one.
    static func hex(_ text: String, bytes: Int) throws -> String {
        if text.count == bytes * 2, text.allSatisfy(\.isHexDigit) { return text.lowercased() }
        guard let data = Data(base64Encoded: text), data.count == bytes else {
            throw OTLPDecodingFailure(description: "the id \(text) is not \(bytes) bytes in hex or base64")
        }
        return data.map { String(format: "%02x", $0) }.joined()
    }
}

/// An export request the collector stand-in couldn't read.
struct OTLPDecodingFailure: Error, CustomStringConvertible {
    var description: String
}
