import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import GRPCProtobuf
import Logging
import Remedy
import RemedyGRPC
import RemedyTesting
import SwiftProtobuf
import Testing

/// A gRPC service of the round trips whose methods answer with what a test gives them: a unary call, a server
/// stream that fails after its first message, and a method that rejects its call with an `RPCError` instead of
/// throwing it. Its messages are `google.protobuf.StringValue`s.
struct ScriptedService: RegistrableRPCService {
    static let call = MethodDescriptor(fullyQualifiedService: "remedy.tests.Scripted", method: "Call")
    static let stream = MethodDescriptor(fullyQualifiedService: "remedy.tests.Scripted", method: "Stream")
    static let reject = MethodDescriptor(fullyQualifiedService: "remedy.tests.Scripted", method: "Reject")

    /// What a call of any method answers, from its request's text.
    let answer: @Sendable (_ text: String, _ metadata: Metadata) async throws -> String

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        let answer = self.answer
        router.registerHandler(
            forMethod: Self.call, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            let text = try await Self.text(of: request)
            let value = try await answer(text, request.metadata)
            return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue(value)))
        }
        router.registerHandler(
            forMethod: Self.stream, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            let text = try await Self.text(of: request)
            return StreamingServerResponse { writer in
                try await writer.write(Google_Protobuf_StringValue("first"))
                try await writer.write(Google_Protobuf_StringValue(try await answer(text, request.metadata)))
                return [:]
            }
        }
        router.registerHandler(
            forMethod: Self.reject, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
        ) { request, _ in
            do {
                let value = try await answer(try await Self.text(of: request), request.metadata)
                return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue(value)))
            } catch let rejection as RPCError {
                return StreamingServerResponse(error: rejection)
            }
        }
    }

    private static func text(of request: StreamingServerRequest<Google_Protobuf_StringValue>) async throws -> String {
        try await request.messages.first(where: { _ in true })?.value ?? ""
    }
}

/// A real gRPC server on 127.0.0.1 (HTTP/2, plaintext, port 0) with RemedyGRPC's server interceptor, and a real
/// client with its client interceptor; the server's log in memory.
struct GRPCTrip: Sendable {
    let client: GRPCClient<HTTP2ClientTransport.Posix>
    /// The server's log.
    let log: LogRecording
    /// The server's port.
    let port: Int

    /// Calls a method of ``ScriptedService`` with a text; returns the answer's text, or its messages' joined by
    /// spaces for the stream.
    func call(_ text: String = "", method: MethodDescriptor = ScriptedService.call) async throws -> String {
        try await client.serverStreaming(
            request: ClientRequest(message: Google_Protobuf_StringValue(text)),
            descriptor: method,
            serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
            deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
            options: .defaults
        ) { response in
            var texts: [String] = []
            for try await message in response.messages { texts.append(message.value) }
            return texts.joined(separator: " ")
        }
    }

    /// The record of an answered failure in the server's log, by the reference its answer carried.
    func record(of reference: SupportReference?) -> LogRecording.Entry? {
        log.entries.first { $0.message.hasPrefix("Answered") && $0["reference"] == reference?.description }
    }

    /// Runs a server with the service and the interceptors, and a client connected to it.
    ///
    /// - Parameters:
    ///   - configuration: The server interceptor's configuration; `nil` for a server without it.
    ///   - linkBase: The server's and the client's base of `Help` links.
    ///   - localization: The client's language.
    ///   - clientInterceptors: The client's interceptors; default: RemedyGRPC's, in `localization`.
    ///   - answer: What the service answers.
    ///   - body: The test.
    static func with<Value: Sendable>(
        configuration: ProblemDetailsConfiguration? = ProblemDetailsConfiguration(),
        linkBase: URL? = nil,
        localization: Localization = .default,
        clientInterceptors: [any ClientInterceptor]? = nil,
        answer: @escaping @Sendable (_ text: String, _ metadata: Metadata) async throws -> String,
        _ body: (GRPCTrip) async throws -> Value
    ) async throws -> Value {
        let log = LogRecording()
        let serverInterceptors: [any ServerInterceptor] =
            configuration.map {
                [ErrorDetailsServerInterceptor($0, logger: log.logger(label: "server"), linkBase: linkBase)]
            } ?? []
        return try await withGRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [ScriptedService(answer: answer)],
            interceptors: serverInterceptors
        ) { server in
            let port = try #require(try await server.listeningAddress?.ipv4?.port)
            return try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext),
                interceptors: clientInterceptors
                    ?? [ErrorDetailsClientInterceptor(localization: localization, linkBase: linkBase)]
            ) { client in
                try await body(GRPCTrip(client: client, log: log, port: port))
            }
        }
    }
}

/// A call's failure as the client's code catches it.
struct CallFailure {
    let rpcError: RPCError
    /// The server's detailed error model, as it came.
    let status: GoogleRPCStatus?

    /// The presentable error RemedyGRPC's client interceptor gave the `RPCError`.
    var presentable: ProblemDetailsError? { rpcError.cause as? ProblemDetailsError }

    var localizedMessage: ErrorDetails.LocalizedMessage? { status?.details.lazy.compactMap(\.localizedMessage).first }
    var errorInfo: ErrorDetails.ErrorInfo? { status?.details.lazy.compactMap(\.errorInfo).first }
    var requestInfo: ErrorDetails.RequestInfo? { status?.details.lazy.compactMap(\.requestInfo).first }
    var retryInfo: ErrorDetails.RetryInfo? { status?.details.lazy.compactMap(\.retryInfo).first }
    var badRequest: ErrorDetails.BadRequest? { status?.details.lazy.compactMap(\.badRequest).first }
    var help: ErrorDetails.Help? { status?.details.lazy.compactMap(\.help).first }

    /// The failure of a call that must fail.
    static func of(_ call: () async throws -> String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CallFailure
    {
        do {
            let value = try await call()
            Issue.record("the call answered \(value)", sourceLocation: sourceLocation)
            throw CancellationError()
        } catch let rpcError as RPCError {
            return CallFailure(rpcError: rpcError, status: try rpcError.unpackGoogleRPCStatus())
        }
    }
}

/// A value a test and its server share.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    /// Changes the value; returns the new one.
    @discardableResult
    func update(_ change: (inout Value) -> Void) -> Value {
        lock.withLock {
            change(&stored)
            return stored
        }
    }
}
