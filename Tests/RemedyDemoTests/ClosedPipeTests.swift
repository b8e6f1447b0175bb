import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `remedy-demo storm --json | head -1`: the reader goes away after one line while 200 tasks write, and
/// several of them hit the closed pipe at once. Whichever comes first, the demo's temporary folder is
/// removed completely before the process ends.
@Suite(.timeLimit(.minutes(10)))
struct ClosedPipeTests {
    @Test(arguments: 1...20)
    func nothingIsLeftBehindWhenTheReaderGoesAway(run number: Int) async throws {
        let process = Process()
        process.executableURL = DemoProcess.executable("remedy-demo")
        process.arguments = ["storm", "--json"]
        process.environment = DemoProcess.environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()

        // As `head -1`: read up to the first line, then close the pipe.
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let data = stdout.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += data
        }
        try stdout.fileHandleForReading.close()
        process.waitUntilExit()

        #expect(seen.contains(UInt8(ascii: "\n")), "run \(number): no line before the end")
        #expect(process.terminationStatus == 128 + SIGPIPE)
        let prefix = "remedy-demo-\(process.processIdentifier)-"
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix(prefix)
        }
        #expect(left.isEmpty, "run \(number) left \(left)")
    }
}
