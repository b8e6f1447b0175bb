import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Servers on 127.0.0.1 that fail a client in one specific way. Each binds port 0 and is closed after use.
public enum LoopbackServer {
    /// A port on 127.0.0.1 that nobody listens on: bound by a server that is closed at once, so a connection
    /// to it is refused.
    public static func closedPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try port(of: channel)
        try await channel.close()
        return port
    }

    /// Runs `body` with a server that accepts connections and never answers (the kernel completes the
    /// handshake and takes the request; nothing is ever read or written back).
    public static func withSilentServer<T>(_ body: (Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: 0).get()
        return try await run(body, on: channel)
    }

    /// Runs `body` with a server whose accept queue is full: it listens with a backlog of 0, never accepts,
    /// and one connection already fills the queue, so Linux drops every further SYN and a connection attempt
    /// waits until the client's connect timeout (the first SYN retransmission comes only after a second).
    public static func withFullBacklogServer<T>(_ body: (Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 0)
            .serverChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try port(of: channel)
        let filler: any Channel
        do {
            filler = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port)).get()
        } catch {
            try? await channel.close()
            throw error
        }
        defer { filler.close(promise: nil) }
        return try await run(body, on: channel)
    }

    /// Runs `body` with a plain HTTP/1.1 server:
    ///
    /// - `/loop` answers 302 with `Location: /loop` (a redirect to itself);
    /// - `/hop/N` answers 302 with `Location: /hop/N+1` (a redirect chain without a cycle);
    /// - `/large` answers 200 with a body of 64 KiB;
    /// - any other path answers 200 `ok`.
    public static func withHTTPServer<T>(_ body: (Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RouteHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return try await run(body, on: channel)
    }

    /// The size of `/large`'s body.
    public static let largeBodySize = 64 * 1024

    private static func run<T>(_ body: (Int) async throws -> T, on channel: any Channel) async throws -> T {
        do {
            let result = try await body(port(of: channel))
            try? await channel.close()
            return result
        } catch {
            try? await channel.close()
            throw error
        }
    }

    private static func port(of channel: any Channel) throws -> Int {
        guard let port = channel.localAddress?.port else {
            throw SetupFailure(caseID: "server", reason: "the server has no local port")
        }
        return port
    }
}

/// Answers each request by its path; see ``LoopbackServer/withHTTPServer(_:)``.
private final class RouteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var uri = "/"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            uri = head.uri
        case .body:
            break
        case .end:
            respond(context: context)
        }
    }

    private func respond(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        let body: ByteBuffer
        if uri == "/loop" {
            status = .found
            headers.add(name: "Location", value: "/loop")
            body = ByteBuffer()
        } else if uri.hasPrefix("/hop/"), let hop = Int(uri.dropFirst("/hop/".count)) {
            status = .found
            headers.add(name: "Location", value: "/hop/\(hop + 1)")
            body = ByteBuffer()
        } else if uri == "/large" {
            status = .ok
            body = ByteBuffer(repeating: UInt8(ascii: "x"), count: LoopbackServer.largeBodySize)
        } else {
            status = .ok
            body = ByteBuffer(string: "ok")
        }
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
