import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import X509

extension Failures {
    // MARK: - TLS (swift-nio-ssl)

    /// TLS handshakes with swift-nio-ssl's `NIOSSLClientHandler` that fail on loopback: a server that speaks
    /// plain text, and a server whose certificate nobody vouches for.
    static let tls: [FailureCase] = [
        FailureCase(
            "tls.handshake", library: "swift-nio-ssl",
            summary: "a TLS handshake with a loopback server that answers in plain HTTP"
        ) { workspace in
            try await TLSLoopback.withPlainTextServer { port in
                try await workspace.failure {
                    try await TLSLoopback.handshake(port: port, configuration: .makeClientConfiguration())
                }
            }
        },
        FailureCase(
            "tls.certificate", library: "swift-nio-ssl",
            summary: "a verifying TLS client against a loopback server whose certificate is self-signed "
                + "(made at test time)"
        ) { workspace in
            try await TLSLoopback.withSelfSignedServer { port in
                try await workspace.failure {
                    try await TLSLoopback.handshake(port: port, configuration: .makeClientConfiguration())
                }
            }
        },
    ]
}

/// TLS on 127.0.0.1: servers that fail a handshake, and a client that reports how its handshake ended.
enum TLSLoopback {
    /// The name the client asks for and the self-signed certificate is made for.
    static let serverName = "localhost"

    /// Connects to `port`, runs a TLS handshake with `configuration` and closes the connection.
    ///
    /// - Throws: The error the handshake failed with (`NIOSSLError`), or the connection's.
    static func handshake(port: Int, configuration: TLSConfiguration) async throws -> String {
        let context = try NIOSSLContext(configuration: configuration)
        let outcome = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let tls = try NIOSSLClientHandler(context: context, serverHostname: serverName)
                        try channel.pipeline.syncOperations.addHandler(tls)
                        try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(outcome: outcome))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
        } catch {
            outcome.fail(error)
            throw error
        }
        do {
            try await outcome.futureResult.get()
            try? await channel.close()
            return "the handshake succeeded"
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// Runs `body` with a server that answers every connection with a plain HTTP response (no TLS).
    static func withPlainTextServer<T>(_ body: (Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PlainTextGreeter())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return try await serve(body, on: channel)
    }

    /// Runs `body` with a TLS server whose certificate for `localhost` is self-signed: a P-256 key and its
    /// certificate made now, valid for an hour, kept in memory only.
    static func withSelfSignedServer<T>(_ body: (Int) async throws -> T) async throws -> T {
        let (certificate, key) = try selfSignedCertificate()
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)],
            privateKey: .privateKey(key)
        )
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return try await serve(body, on: channel)
    }

    /// A certificate for ``serverName`` signed by its own key, and the key.
    static func selfSignedCertificate() throws -> (NIOSSLCertificate, NIOSSLPrivateKey) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Remedy integration tests")
            CommonName(serverName)
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-60),
            notValidAfter: now.addingTimeInterval(3600),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.dnsName(serverName)])
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        let pem = try certificate.serializeAsPEM().pemString
        return (
            try NIOSSLCertificate(bytes: Array(pem.utf8), format: .pem),
            try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        )
    }

    private static func serve<T>(_ body: (Int) async throws -> T, on channel: any Channel) async throws -> T {
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw SetupFailure(caseID: "tls", reason: "the server has no local port")
        }
        do {
            let result = try await body(port)
            try? await channel.close()
            return result
        } catch {
            try? await channel.close()
            throw error
        }
    }
}

/// Completes a promise when the TLS handshake completes, or fails it with the first error in the pipeline.
private final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let outcome: EventLoopPromise<Void>
    private var isDone = false

    init(outcome: EventLoopPromise<Void>) {
        self.outcome = outcome
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event {
            finish(.success(()))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(ChannelError.eof))
        context.fireChannelInactive()
    }

    private func finish(_ result: Result<Void, any Error>) {
        guard !isDone else { return }
        isDone = true
        outcome.completeWith(result)
    }
}

/// Answers a new connection with a plain HTTP response, as a server without TLS on the port would.
private final class PlainTextGreeter: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let response = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
    }
}
