#if GRPC
public import GRPCCore
import GRPCProtobuf
import SwiftProtobuf

/// The service of records.proto, written by hand as protoc-gen-grpc-swift-2 would generate it: its messages are
/// protobuf's well-known types (`StringValue`, `Struct`, `Empty`), which SwiftProtobuf brings.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public enum Records {
    /// `remedy.examples.Records`.
    public static let service = ServiceDescriptor(fullyQualifiedService: "remedy.examples.Records")
    /// `Get(StringValue) returns (StringValue)`.
    public static let get = MethodDescriptor(service: service, method: "Get", type: .unary)
    /// `Create(Struct) returns (StringValue)`.
    public static let create = MethodDescriptor(service: service, method: "Create", type: .unary)
    /// `Export(Empty) returns (StringValue)`.
    public static let export = MethodDescriptor(service: service, method: "Export", type: .unary)
    /// `Delete(StringValue) returns (Empty)`.
    public static let delete = MethodDescriptor(service: service, method: "Delete", type: .unary)

    /// A client of the service.
    public struct Client<Transport: ClientTransport>: Sendable {
        private let client: GRPCClient<Transport>

        /// A client that calls through `client`.
        public init(wrapping client: GRPCClient<Transport>) {
            self.client = client
        }

        /// The title of record `id`.
        public func get(_ id: String) async throws -> String {
            let title: Google_Protobuf_StringValue = try await call(Records.get, Google_Protobuf_StringValue(id))
            return title.value
        }

        /// Creates a record; returns its id.
        public func create(title: String, year: String) async throws -> String {
            let fields = Google_Protobuf_Struct(fields: [
                "title": Google_Protobuf_Value(stringValue: title), "year": Google_Protobuf_Value(stringValue: year),
            ])
            let id: Google_Protobuf_StringValue = try await call(Records.create, fields)
            return id.value
        }

        /// Exports every record; returns where the export is.
        public func export() async throws -> String {
            let place: Google_Protobuf_StringValue = try await call(Records.export, Google_Protobuf_Empty())
            return place.value
        }

        /// Deletes record `id`, with the session's token if signed in.
        public func delete(_ id: String, token: String? = nil) async throws {
            var metadata: Metadata = [:]
            if let token { metadata.addString("Bearer \(token)", forKey: "authorization") }
            let _: Google_Protobuf_Empty = try await call(Records.delete, Google_Protobuf_StringValue(id), metadata)
        }

        private func call<Request: Message, Response: Message>(
            _ method: MethodDescriptor,
            _ message: Request,
            _ metadata: Metadata = [:]
        ) async throws -> Response {
            try await client.unary(
                request: ClientRequest(message: message, metadata: metadata),
                descriptor: method,
                serializer: ProtobufSerializer<Request>(),
                deserializer: ProtobufDeserializer<Response>(),
                options: .defaults
            ) { try $0.message }
        }
    }
}
#endif
