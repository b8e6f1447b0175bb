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

/// A dependency of the article's manifest, as the server article's manifest test stands in for PackageDescription.
typealias ManifestDependency = ServerManifestSampleTests.Package.Dependency

/// The samples of RemedyGRPC's DocC catalog (`Sources/RemedyGRPC/Documentation.docc`), word for word (the root
/// package's `CodeSampleCoverageTests` checks that), run against a real server and client on loopback.
@Suite(.timeLimit(.minutes(3)))
struct GRPCArticleSampleTests {
    // MARK: - Stand-ins for the samples' app

    /// The records the samples' service knows.
    let titles = ["7": "Field notes, 1998"]

    /// The samples' service: `Get` answers a record's title.
    struct RecordsService: RegistrableRPCService {
        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(
                forMethod: ScriptedService.call, deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
                serializer: ProtobufSerializer<Google_Protobuf_StringValue>()
            ) { request, _ in
                let id = try await request.messages.first(where: { _ in true })?.value ?? ""
                let title = try GRPCArticleSampleTests().record(id)
                return StreamingServerResponse(single: ServerResponse(message: Google_Protobuf_StringValue(title)))
            }
        }
    }

    /// The samples' client of the service.
    struct RecordsClient {
        func get(_ id: String, on client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> String {
            try await client.unary(
                request: ClientRequest(message: Google_Protobuf_StringValue(id)),
                descriptor: ScriptedService.call,
                serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(),
                options: .defaults
            ) { try $0.message.value }
        }
    }

    // MARK: - The samples

    // swift-format-ignore
    func articleManifest() -> [ManifestDependency] {
        manifest(
            dependencies: [
                .package(path: "../Remedy", traits: ["GRPC"]),
                .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
                .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
            ],
        )
    }

    func manifest(dependencies: [ManifestDependency]) -> [ManifestDependency] {
        dependencies
    }

    func record(_ id: String) throws -> String {
        guard let title = titles[id] else {
            throw RPCError(code: .notFound, message: "record \(id) is not in table records")
        }
        return title
    }

    func makeServer(logger: Logger) -> GRPCServer<HTTP2ServerTransport.Posix> {
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [RecordsService()],
            interceptors: [ErrorDetailsServerInterceptor(logger: logger)]
        )
        return server
    }

    func load(_ id: String, port: Int, localization: Localization, scope: ErrorScope) async throws {
        let records = RecordsClient()
        try await withGRPCClient(
            transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext),
            interceptors: [ErrorDetailsClientInterceptor(localization: localization)]
        ) { client in
            let record = await scope.attempt("Loading the record") { try await records.get(id, on: client) }
            print(record ?? "nothing loaded")
        }
    }

    // MARK: - Running them

    @Test func theManifestNamesTheTraitAndGRPCSwift() {
        #expect(articleManifest().map(\.traits) == [["GRPC"], [], []])
    }

    @Test func aMissingRecordIsPresentedInTheClientsLanguageWithTheLoggedReference() async throws {
        let log = LogRecording()
        let server = makeServer(logger: log.logger(label: "server"))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await server.serve() }
            defer { server.beginGracefulShutdown() }
            let port = try #require(try await server.listeningAddress?.ipv4?.port)
            let presenter = ScriptedPresenter([.role(.cancel)])
            let scope = GRPCRoundTripTests.root(presenter, language: "ja")
            try await load("8", port: port, localization: Localization(language: "ja"), scope: scope)
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.title == StringsFile.text("catalog.http.notFound.title", language: "ja"))
            let record = try #require(
                log.entries.first { $0["reference"] == presentation.supportReference.description })
            #expect(record["report"]?.contains("table records") == true)
            try await load("7", port: port, localization: Localization(language: "ja"), scope: scope)
            #expect(presenter.presentations.count == 1)
        }
    }
}
