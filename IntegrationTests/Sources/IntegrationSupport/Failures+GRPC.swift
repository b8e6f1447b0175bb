import GRPCCore
import GRPCNIOTransportHTTP2Posix

extension Failures {
    // MARK: - gRPC Swift 2

    /// A client of grpc-swift 2 calling a service on a loopback HTTP/2 server (grpc-swift-nio-transport,
    /// plaintext, port 0): the status codes a service returns, the client's own deadline, and a method the
    /// server doesn't have.
    static let grpc: [FailureCase] =
        NotesService.refusals.map { id, status in
            FailureCase(
                "grpc.\(id)", library: "grpc-swift 2",
                summary: "a unary call the server answers with status \(status.code)"
            ) { workspace in
                try await withNotesServer(NotesService(refusal: status)) { client in
                    try await workspace.failure { try await client.call(NotesService.save) }
                }
            }
        } + [
            FailureCase(
                "grpc.deadlineExceeded", library: "grpc-swift 2",
                summary: "a unary call with a 200 ms deadline to a method that answers only once released"
            ) { workspace in
                let service = NotesService(refusal: nil)
                return try await withNotesServer(service) { client in
                    // The server shuts down only once its calls end: the waiting one ends before that.
                    defer { service.release() }
                    return try await workspace.failure {
                        try await client.call(NotesService.wait, timeout: .milliseconds(200))
                    }
                }
            },
            FailureCase(
                "grpc.unimplemented", library: "grpc-swift 2",
                summary: "a unary call of a method the server doesn't have"
            ) { workspace in
                try await withNotesServer(NotesService(refusal: nil)) { client in
                    try await workspace.failure { try await client.call(NotesService.archive) }
                }
            },
        ]

    /// Runs a server with the service on 127.0.0.1 (port 0) and a client connected to it.
    private static func withNotesServer(
        _ service: NotesService,
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> any Error
    ) async throws -> any Error {
        try await withGRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [service]
        ) { server in
            guard let port = try await server.listeningAddress?.ipv4?.port else {
                throw SetupFailure(caseID: "grpc", reason: "the server has no IPv4 address")
            }
            return try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            ) { client in
                try await body(client)
            }
        }
    }
}

/// A service written by hand as generated code would register it (no protobuf: the messages are UTF-8
/// text), whose `Save` fails with the status it was given and whose `Wait` answers only once released.
struct NotesService: RegistrableRPCService {
    static let save = MethodDescriptor(fullyQualifiedService: "remedy.Notes", method: "Save")
    static let wait = MethodDescriptor(fullyQualifiedService: "remedy.Notes", method: "Wait")
    /// Not registered: the server answers `unimplemented`.
    static let archive = MethodDescriptor(fullyQualifiedService: "remedy.Notes", method: "Archive")

    /// The statuses a service returns, by case name, each with the message a service would write.
    static let refusals: [(id: String, status: RPCError)] = [
        ("unauthenticated", RPCError(code: .unauthenticated, message: "missing or expired access token")),
        ("permissionDenied", RPCError(code: .permissionDenied, message: "user 42 may not write notebook 7")),
        ("notFound", RPCError(code: .notFound, message: "notebook 7 not found")),
        ("invalidArgument", RPCError(code: .invalidArgument, message: "title must not be empty")),
        (
            "resourceExhausted",
            RPCError(code: .resourceExhausted, message: "quota exceeded", metadata: ["retry-after": "30"])
        ),
        ("internalError", RPCError(code: .internalError, message: "panic in NotesStore.save: index out of range")),
        ("unavailable", RPCError(code: .unavailable, message: "the notes store is down for maintenance")),
        ("alreadyExists", RPCError(code: .alreadyExists, message: "notebook \"Work\" already exists")),
        ("failedPrecondition", RPCError(code: .failedPrecondition, message: "notebook 7 is archived")),
        ("aborted", RPCError(code: .aborted, message: "transaction aborted: concurrent modification")),
        ("outOfRange", RPCError(code: .outOfRange, message: "page 12 is past the last page")),
        ("unknown", RPCError(code: .unknown, message: "unexpected EOF from NotesStore")),
        ("dataLoss", RPCError(code: .dataLoss, message: "chunk 3 of note 7 is corrupt")),
    ]

    private let refusal: RPCError?
    private let gate: AsyncStream<Void>
    private let opening: AsyncStream<Void>.Continuation

    init(refusal: RPCError?) {
        self.refusal = refusal
        (gate, opening) = AsyncStream.makeStream()
    }

    /// Lets a waiting `Wait` end, so the server can shut down.
    func release() {
        opening.finish()
    }

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(forMethod: Self.save, deserializer: TextCoder(), serializer: TextCoder()) {
            [refusal] _, _ in
            if let refusal { throw refusal }
            return StreamingServerResponse(single: ServerResponse(message: "saved"))
        }
        router.registerHandler(forMethod: Self.wait, deserializer: TextCoder(), serializer: TextCoder()) {
            [gate] _, _ in
            for await _ in gate {}
            return StreamingServerResponse(single: ServerResponse(message: "done"))
        }
    }
}

/// UTF-8 text as a message, in place of generated protobuf messages.
struct TextCoder: MessageSerializer, MessageDeserializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: String) throws -> Bytes {
        Bytes(Array(message.utf8))
    }

    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> String {
        serializedMessageBytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
}

extension GRPCClient {
    /// A unary call with a text message, as generated client code makes it.
    func call(_ method: MethodDescriptor, timeout: Duration? = nil) async throws -> String {
        var options = CallOptions.defaults
        options.timeout = timeout
        return try await unary(
            request: ClientRequest(message: "note 7"),
            descriptor: method,
            serializer: TextCoder(),
            deserializer: TextCoder(),
            options: options
        ) { response in
            try response.message
        }
    }
}
