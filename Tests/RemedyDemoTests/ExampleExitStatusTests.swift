import Foundation
import Testing

/// The server examples end as the command-line article's table says, with Remedy's calm words instead of the
/// libraries' raw text: a bad `--server` is a bad command line (64), a server that can't be reached a temporary
/// failure (75), a port another program holds a service that is unavailable (69) — in each server example.
@Suite(.timeLimit(.minutes(3)))
struct ExampleExitStatusTests {
    @Test(arguments: ["localhost:8080", "ftp://127.0.0.1", "not a url"])
    func aServerAddressThatIsNoHTTPAddressIsABadCommandLine(address: String) async throws {
        let run = try await DemoProcess.run(
            ["report", "--server", address], executable: "server-example-client", standardInput: DemoProcess.Input.none)
        #expect(run.status == 64)
        #expect(run.stderr.contains("╭─ ⚠ Check the Command"))
        #expect(run.stderr.contains("must start with http:// or https://"))
        #expect(!run.stderr.contains("Error:"), "the parser's raw output: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aServerThatCantBeReachedIsATemporaryFailure() async throws {
        // Nothing listens on port 1 of the loopback: the connection is refused.
        let run = try await DemoProcess.run(
            ["report", "--server", "http://127.0.0.1:1"], executable: "server-example-client",
            standardInput: DemoProcess.Input.none)
        #expect(run.status == 75)
        #expect(run.stderr.contains("╭─ "))
        #expect(!run.stderr.contains("NSURLErrorDomain") && !run.stderr.contains("Error Domain"))
    }

    #if Hummingbird
    @Test func aPortAnotherProgramHoldsIsToldCalmly() async throws {
        let occupied = try OccupiedPort()
        let run = try await DemoProcess.run(
            ["--port", "\(occupied.port)"], executable: "server-example", standardInput: DemoProcess.Input.none)
        withExtendedLifetime(occupied) {}
        #expect(run.status == 69)
        #expect(run.stderr.contains("Port \(occupied.port) Is in Use"))
        #expect(!run.all.contains("errno"), "the library's raw text: \(run.all)")
        #expect(!run.all.contains("bind(descriptor"))
    }
    #endif

    #if Vapor
    @Test func aPortAnotherProgramHoldsIsToldCalmlyByTheVaporExample() async throws {
        let occupied = try OccupiedPort()
        let run = try await DemoProcess.run(
            ["serve", "--port", "\(occupied.port)"], executable: "vapor-example", standardInput: DemoProcess.Input.none)
        withExtendedLifetime(occupied) {}
        #expect(run.status == 69)
        #expect(run.stderr.contains("╭─ ⚠ Port in Use"))
        #expect(run.stderr.contains("Another program is listening on the port."))
        // The person's side: no library text, no crash (Vapor's own log line on standard output is the developer's).
        for fragment in ["errno", "bind(descriptor", "Fatal error", "crashed"] {
            #expect(!run.stderr.contains(fragment), "raw text for the person: \(run.stderr)")
        }
    }
    #endif
}
