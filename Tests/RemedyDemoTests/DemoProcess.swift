import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a built executable (`remedy-demo` unless told otherwise), as swift-argument-parser's `AssertExecuteCommand` does: it is
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

    /// A built executable of the package.
    static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }

    /// The environment of every run: English texts, 80 columns, no colour, no narration, logs in a temporary
    /// state folder, whatever the environment of the test run.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            ["PATH", "HOME", "TMPDIR"].contains(key)
        }
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = "en_US.UTF-8"
        environment["COLUMNS"] = "80"
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        // The examples' logs (`Logger.stateFile`) go to a folder of the test run's, never the person's home.
        environment["XDG_STATE_HOME"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("remedy-tests-state").path
        return environment
    }

    /// How standard input is given.
    enum Input {
        /// `/dev/null`: nothing to read, and not a terminal.
        case none
        /// A pipe that delivers the text and ends.
        case pipe(String)
        /// A pseudo-terminal, as when a person types the text at the keyboard: the program sees a
        /// terminal, and the text is typed before it starts reading.
        case terminal(String)
    }

    /// Runs an executable.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments.
    ///   - name: The executable. Default: `remedy-demo`.
    ///   - input: Standard input; `nil` for `/dev/null`.
    ///   - standardInput: Standard input, when a terminal is wanted; wins over `input`.
    ///   - directory: The working directory; `nil` for the test's.
    ///   - overrides: Environment variables to set; an empty value removes the variable.
    ///   - timeLimit: Seconds after which the run is killed.
    ///   - mergesStandardError: Whether standard error goes into standard output's pipe, interleaved as
    ///     on a terminal (the result's `stderr` is then empty).
    /// - Returns: What the run produced.
    static func run(
        _ arguments: [String],
        executable name: String = "remedy-demo",
        input: String? = nil,
        standardInput: Input? = nil,
        directory: URL? = nil,
        environment overrides: [String: String] = [:],
        timeLimit: Double = 90,
        mergesStandardError: Bool = false
    ) async throws -> Result {
        let process = Process()
        process.executableURL = executable(name)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = environment
        for (key, value) in overrides { environment[key] = value.isEmpty ? nil : value }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = mergesStandardError ? stdout : stderr
        let stdin = Pipe()
        var terminal: PseudoTerminal?
        switch standardInput ?? input.map(Input.pipe) ?? .none {
        case .none:
            process.standardInput = FileHandle.nullDevice
        case .pipe:
            process.standardInput = stdin
        case .terminal:
            terminal = try PseudoTerminal()
            process.standardInput = terminal?.terminal
        }

        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.continuation.yield()
            exited.continuation.finish()
        }
        try process.run()
        switch standardInput ?? input.map(Input.pipe) ?? .none {
        case .none:
            break
        case .pipe(let text):
            stdin.fileHandleForWriting.write(Data(text.utf8))
            try stdin.fileHandleForWriting.close()
        case .terminal(let text):
            // Typed ahead: the terminal keeps the lines until the program reads them, one per read.
            terminal?.controller.write(Data(text.utf8))
        }
        // Nobody writes into an unused pipe: closed, so reading it ends at once.
        if mergesStandardError { try stderr.fileHandleForWriting.close() }
        // Both pipes are drained while the process runs, so a full pipe can't block it.
        async let out = readToEnd(stdout.fileHandleForReading)
        async let err = readToEnd(stderr.fileHandleForReading)

        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeLimit))
            process.terminate()
            return true
        }
        // A cancelled test (at its time limit) ends the program, so the reads of its output end too.
        await withTaskCancellationHandler {
            for await _ in exited.stream {}
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        watchdog.cancel()
        // Closed only now: closing the controlling side hangs the terminal up under a program still reading.
        try terminal?.closeBothSides()
        let timedOut = (try? await watchdog.value) ?? false
        let result = Result(
            stdout: await out,
            stderr: await err,
            status: process.terminationStatus,
            timedOut: timedOut
        )
        #expect(!result.timedOut, "\(name) \(arguments.joined(separator: " ")) took longer than \(timeLimit) s")
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

/// A pseudo-terminal pair: a child process reads the ``terminal`` side as its standard input, which is a
/// terminal to it (`isatty`), and the test types on the ``controller`` side. The terminal echoes what is
/// typed back to the controller, where nobody reads it; a few lines fit its buffer.
struct PseudoTerminal {
    let controller: FileHandle
    let terminal: FileHandle

    init() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.controller = FileHandle(fileDescriptor: controller, closeOnDealloc: true)
        self.terminal = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
    }

    /// Closes both sides.
    func closeBothSides() throws {
        try terminal.close()
        try controller.close()
    }

}
