import Foundation
import IntegrationSupport
import Remedy
import Testing

/// SwiftNIO connection failures on loopback: refused (by host name and by address) and a connect timeout.
@Suite(.timeLimit(.minutes(5)))
struct NIOTests {
    @Test("A refused connection by host: unavailable, transient, names the host; the IOError inside is in the tree")
    func refusedByHost() async throws {
        let seen = try await observe("nio.refused.host")
        expectPersonFacing(seen, codes: [111], alsoForbidden: ["Connection refused", "connection reset"])
        expectUnavailableAndTransient(seen)
        expectMessage(seen, names: "127.0.0.1")
        // The IOError is held by `NIOConnectionError.connectionErrors[_].error`: part of the tree, the report
        // shows it as a cause with its type.
        expectReport(seen, keeps: ["IOError"])
        expectReport(seen, keepsErrno: .ECONNREFUSED)
    }

    @Test("A refused connection by address: unavailable and transient; the report keeps the errno")
    func refusedByAddress() async throws {
        let seen = try await observe("nio.refused.address")
        expectPersonFacing(seen, codes: [111], alsoForbidden: ["Connection refused", "connection reset"])
        expectUnavailableAndTransient(seen)
        expectReport(seen, keepsErrno: .ECONNREFUSED)
    }

    @Test("A connect timeout: unavailable and transient; the report keeps the timeout")
    func connectTimeout() async throws {
        let seen = try await observe("nio.connectTimeout")
        expectPersonFacing(seen, alsoForbidden: ["Connect timeout"])
        expectUnavailableAndTransient(seen)
        expectReport(seen, keeps: ["200 ms"])
    }
}
