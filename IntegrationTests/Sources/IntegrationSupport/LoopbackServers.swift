import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Servers on 127.0.0.1 that fail a client in one specific way. Each binds port 0 and is closed after use.
public enum LoopbackServer {
    /// A port on 127.0.0.1 that refuses every connection: a TCP socket bound to it and never listening,
    /// kept open for the life of the process.
    ///
    /// A port that a server bound and closed at once could be refused only by luck: the kernel may hand
    /// it to the next `bind(port: 0)` of a test running at the same time, or to the client's own ephemeral
    /// port, and a connection from a port to itself succeeds (TCP's simultaneous open). While this socket
    /// holds the port, neither can happen, and a SYN to a port with no listener is answered with a reset:
    /// `ECONNREFUSED`, every time.
    public static func closedPort() async throws -> Int {
        try refusingPort.get()
    }

    private static let refusingPort: Result<Int, any Error> = Result {
        let failure = { (call: String) in
            SetupFailure(caseID: "closedPort", reason: "\(call) failed: errno \(errno)")
        }
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let error = failure("bind")
            close(descriptor)
            throw error
        }
        // Never closed: the port must stay taken while any test may still connect to it.
        return Int(UInt16(bigEndian: address.sin_port))
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
