#if GRPC
import Foundation
import GRPCCore
import GRPCExampleRecords
import GRPCProtobuf
import Remedy
import SwiftProtobuf

/// The example's service: each method fails for real, and throws what an app would throw. RemedyGRPC's server
/// interceptor turns each error into gRPC's detailed error model.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct RecordsService: RegistrableRPCService {
    /// The one record there is.
    static let records = ["7": "Field notes, 1998"]

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: Records.get,
            deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            let id = try await Self.message(of: request).value
            // A status the method states, as Hummingbird's HTTPError: the client reads "Not Found" in its language;
            // the message is the developer's, in the log only.
            guard let title = Self.records[id] else {
                throw RPCError(code: .notFound, message: "record \(id.prefix(40)) is not in table records")
            }
            return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue(title)))
        }
        router.registerHandler(
            forMethod: Records.create,
            deserializer: ProtobufDeserializer<Google_Protobuf_Struct>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            let fields = try await Self.message(of: request).fields
            try Self.validate(title: fields["title"]?.stringValue ?? "", year: fields["year"]?.stringValue ?? "")
            return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue("8")))
        }
        router.registerHandler(
            forMethod: Records.export,
            deserializer: ProtobufDeserializer<Google_Protobuf_Empty>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { _, _ in
            // The export service this one calls is overloaded: its answer, with a URL, is this server's own
            // failure, answered "unavailable" with its retry delay; the export service's host stays in the log.
            throw HTTPStatusError(
                status: 503, headers: ["Retry-After": "30"], url: URL(string: "http://export.internal:9000/jobs"))
        }
        router.registerHandler(
            forMethod: Records.delete,
            deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_Empty>()
        ) { request, _ in
            guard request.metadata[stringValues: "authorization"].contains(where: { _ in true }) else {
                throw RPCError(code: .unauthenticated, message: "no session token in the call's metadata")
            }
            return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_Empty()))
        }
    }

    /// A unary request's one message.
    static func message<Message: Sendable>(of request: StreamingServerRequest<Message>) async throws -> Message {
        guard let message = try await request.messages.first(where: { _ in true }) else {
            throw RPCError(code: .invalidArgument, message: "a unary call without a message")
        }
        return message
    }

    /// A title and a year a person can correct: what is wrong with each, in one error, in the language of the
    /// call's answer (`Localization.answering`, which the interceptor binds while the method runs).
    static func validate(title: String, year: String) throws {
        let texts = fieldTexts[Localization.answering?.language ?? "en"] ?? fieldTexts["en"]!
        var problems: [FieldError] = []
        if title.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(FieldError(field: "title", message: texts.title))
        }
        if Int(year) == nil {
            problems.append(FieldError(field: "year", message: texts.year))
        }
        guard problems.isEmpty else { throw InvalidInputError(problems) }
    }

    /// The service's own words for its fields, in the languages it answers in.
    static let fieldTexts: [String: (title: String, year: String)] = [
        "en": ("Enter a title.", "Enter the year as a number, such as 1998."),
        "de": ("Gib einen Titel ein.", "Gib das Jahr als Zahl ein, etwa 1998."),
        "ja": ("タイトルを入力してください。", "年を数字で入力してください（例：1998）。"),
    ]
}
#endif
