import Foundation
import NIOCore
import NIOPosix
import Subprocess
import SystemPackage

extension Failures {
    // MARK: - swift-subprocess and Foundation's Process

    /// Spawning a program that isn't installed, and one in a working directory that doesn't exist.
    static let processes: [FailureCase] = [
        FailureCase(
            "subprocess.notFound", library: "swift-subprocess",
            summary: "run(.name(\"remedy-no-such-program\")): no such program on PATH"
        ) { workspace in
            try await workspace.failure {
                try await Subprocess.run(.name("remedy-no-such-program"), output: .discarded).terminationStatus
            }
        },
        FailureCase(
            "subprocess.workingDirectory", library: "swift-subprocess",
            summary: "run /bin/sh with a working directory that doesn't exist"
        ) { workspace in
            try await workspace.failure {
                try await Subprocess.run(
                    .path("/bin/sh"), arguments: ["-c", "true"],
                    workingDirectory: FilePath(workspace.path("missing")), output: .discarded
                ).terminationStatus
            }
        },
        FailureCase(
            "process.notFound", library: "Foundation",
            summary: "Process.run() of an executable path that doesn't exist"
        ) { workspace in
            let process = Process()
            process.executableURL = workspace.url("bin/remedy-no-such-program")
            return try await workspace.failure { try process.run() }
        },
    ]

    // MARK: - Foundation pipes and devices

    /// Writing output that nobody reads any more (`tool | head`), writing to a full device, and the contrast:
    /// a reset on a socket, which is a network's failure.
    static let pipes: [FailureCase] = [
        FailureCase(
            "pipe.closed", library: "Foundation",
            summary: "FileHandle.write(contentsOf:) to a pipe whose reading end is closed (SIGPIPE ignored)"
        ) { workspace in
            // A tool that writes to a pipe ignores SIGPIPE to get EPIPE as an error instead of being killed.
            signal(SIGPIPE, SIG_IGN)
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return try await workspace.failure {
                try pipe.fileHandleForWriting.write(contentsOf: Data("note 1\nnote 2\n".utf8))
            }
        },
        FailureCase(
            "device.full", library: "Foundation",
            summary: "FileHandle.write(contentsOf:) to /dev/full (ENOSPC)"
        ) { workspace in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            defer { try? handle.close() }
            return try await workspace.failure { try handle.write(contentsOf: Data("the notes".utf8)) }
        },
        FailureCase(
            "nio.reset", library: "SwiftNIO",
            summary: "a connection the server resets at once (SO_LINGER 0): ECONNRESET on a channel, not a pipe"
        ) { workspace in
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            let server = try await ServerBootstrap(group: loop)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ClosingHandler())
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            defer { server.close(promise: nil) }
            let ended = loop.makePromise(of: Void.self)
            let client = try await ClientBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(EndRecorder(ended: ended))
                    }
                }
                .connect(host: "127.0.0.1", port: server.localAddress?.port ?? 0).get()
            defer { client.close(promise: nil) }
            return try await workspace.failure { try await ended.futureResult.get() }
        },
    ]
}

/// Closes each connection as soon as it is accepted (with SO_LINGER 0: a reset).
private final class ClosingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Fails `ended` with the first error the channel sees; succeeds it if the channel ends without one.
private final class EndRecorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let ended: EventLoopPromise<Void>

    init(ended: EventLoopPromise<Void>) {
        self.ended = ended
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        ended.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended.succeed()
    }
}
