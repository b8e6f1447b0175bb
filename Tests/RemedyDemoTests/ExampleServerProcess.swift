#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Testing

/// `server-example` (or another example server, such as `vapor-example serve --port 0`) running on a port the
/// system picks, in a folder of its own, until stopped.
/// Its standard output and standard error (the listening line and the log) are read as they come, so a test
/// can wait for a line instead of sleeping.
final class ExampleServerProcess: @unchecked Sendable {
    // @unchecked: each instance is used by one test task only; the reading thread only yields into the stream.
    /// The server's working folder; its data directory is `server-data` in it.
    let folder: URL
    /// Where it listens, such as `http://127.0.0.1:41234`.
    private(set) var baseURL = URL(fileURLWithPath: "/")
    private let process = Process()
    private var chunks: AsyncStream<Data>.Iterator
    private var seen = Data()

    /// Starts the server and waits for the line that says where it listens.
    ///
    /// - Parameters:
    ///   - name: The executable.
    ///   - arguments: Its command line, which asks for a free port.
    ///   - listening: The start of the address in the line that says where it listens.
    init(
        _ name: String = "server-example",
        arguments: [String] = ["--port", "0"],
        listening: String = "Listening on http://127.0.0.1:"
    ) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = Pipe()
        process.executableURL = DemoProcess.executable(name)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = DemoProcess.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        chunks = stream.makeAsyncIterator()
        try process.run()
        // Ends when the server does (end of file).
        DispatchQueue.global().async {
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                continuation.yield(data)
            }
            continuation.finish()
        }
        let line = try await waitForLine(containing: listening)
        let address = try #require(line.firstMatch(of: #/http://127\.0\.0\.1:([0-9]+)/#))
        #expect(Int(address.1) != 0, "the chosen port is printed, not 0")
        baseURL = try #require(URL(string: String(address.0)))
    }

    /// Everything the server wrote so far.
    var output: String { String(decoding: seen, as: UTF8.self) }

    /// Waits until the server writes a line holding a text.
    ///
    /// - Returns: The first such line.
    /// - Throws: When the server ends without writing it.
    func waitForLine(containing text: String) async throws -> String {
        while true {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
            var iterator = chunks
            guard let chunk = await iterator.next() else { throw Ended(awaited: text, output: output) }
            chunks = iterator
            seen.append(chunk)
        }
    }

    /// The server ended before writing what a test waited for.
    struct Ended: Error, CustomStringConvertible {
        var awaited: String
        var output: String
        var description: String { "server-example ended without writing “\(awaited)”:\n\(output)" }
    }

    /// Runs `server-example-client` against the server.
    ///
    /// - Parameters:
    ///   - arguments: The command and its options; `--server` is added.
    ///   - input: Standard input: typed answers at a terminal, or none.
    ///   - language: The value of `LANG` (`LC_ALL` is removed); English unless told.
    func client(
        _ arguments: [String],
        input: DemoProcess.Input = .none,
        language: String = "en_US.UTF-8"
    ) async throws -> DemoProcess.Result {
        try await DemoProcess.run(
            arguments + ["--server", baseURL.absoluteString],
            executable: "server-example-client",
            standardInput: input,
            environment: ["LC_ALL": "", "LANG": language]
        )
    }

    /// Stops the server (SIGTERM: a graceful shutdown) and removes its folder.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
#endif
