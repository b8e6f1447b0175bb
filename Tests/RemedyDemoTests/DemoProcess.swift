import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs the built `remedy-demo` executable, as swift-argument-parser's `AssertExecuteCommand` does: it is
/// found next to the test bundle (the test target depends on it, so `swift test` builds it first), run
/// with `Process`, and its standard output, standard error and exit status are captured. A run that
/// takes longer than the time limit is killed and reported, so nothing hangs.
struct DemoProcess {
    /// What a run produced.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
        var timedOut: Bool

        /// Standard output and standard error, one after the other.
        var all: String { stdout + "\n" + stderr }

        /// How often a text occurs in a stream.
        func count(_ text: String, in stream: String) -> Int {
            stream.components(separatedBy: text).count - 1
        }
    }

    /// The directory of the built products (`.build/debug`).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// The built demo.
    static var executable: URL {
        productsDirectory.appendingPathComponent("remedy-demo")
    }

    /// The environment of every run: English texts, 80 columns, no colour, no narration, whatever the
    /// environment of the test run.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            ["PATH", "HOME", "TMPDIR"].contains(key)
        }
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = "en_US.UTF-8"
        environment["COLUMNS"] = "80"
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        return environment
    }

    /// Runs the demo.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments.
    ///   - input: Standard input; `nil` for `/dev/null`.
    ///   - timeLimit: Seconds after which the run is killed.
    /// - Returns: What the run produced.
    ///   - overrides: Environment variables to set; an empty value removes the variable.
    static func run(
        _ arguments: [String],
        input: String? = nil,
        environment overrides: [String: String] = [:],
        timeLimit: Double = 90
    ) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = environment
        for (key, value) in overrides { environment[key] = value.isEmpty ? nil : value }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = Pipe()
        if input != nil {
            process.standardInput = stdin
        } else {
            process.standardInput = FileHandle.nullDevice
        }

        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.continuation.yield()
            exited.continuation.finish()
        }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Both pipes are drained while the process runs, so a full pipe can't block it.
        async let out = readToEnd(stdout.fileHandleForReading)
        async let err = readToEnd(stderr.fileHandleForReading)

        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeLimit))
            process.terminate()
            return true
        }
        for await _ in exited.stream {}
        watchdog.cancel()
        let timedOut = (try? await watchdog.value) ?? false
        let result = Result(
            stdout: await out,
            stderr: await err,
            status: process.terminationStatus,
            timedOut: timedOut
        )
        #expect(!result.timedOut, "remedy-demo \(arguments.joined(separator: " ")) took longer than \(timeLimit) s")
        return result
    }

    private static func readToEnd(_ handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = handle.readDataToEndOfFile()
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
    }
}
