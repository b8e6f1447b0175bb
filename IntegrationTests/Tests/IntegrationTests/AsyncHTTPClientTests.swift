import Foundation
import IntegrationSupport
import Remedy
import Testing

/// AsyncHTTPClient failures against loopback servers: refused, connect and read timeouts, redirects, a body
/// too large, TLS to a plain-HTTP server.
@Suite(.timeLimit(.minutes(5)))
struct AsyncHTTPClientTests {
    @Test("A refused connection: unavailable and transient; the report keeps the errno")
    func refused() async throws {
        let seen = try await observe("ahc.refused")
        expectPersonFacing(seen, codes: [111], alsoForbidden: ["Connection refused", "connection reset"])
        expectUnavailableAndTransient(seen)
        expectReport(seen, keepsErrno: .ECONNREFUSED)
    }

    @Test("A connect timeout: unavailable and transient; the report keeps the case")
    func connectTimeout() async throws {
        let seen = try await observe("ahc.connectTimeout")
        expectPersonFacing(seen, alsoForbidden: ["connectTimeout"])
        expectUnavailableAndTransient(seen)
        expectReport(seen, keeps: ["connectTimeout"])
    }

    @Test("A read timeout: unavailable and transient; the report keeps the case")
    func readTimeout() async throws {
        let seen = try await observe("ahc.readTimeout")
        expectPersonFacing(seen, alsoForbidden: ["readTimeout"])
        expectUnavailableAndTransient(seen)
        expectReport(seen, keeps: ["readTimeout"])
    }

    @Test("A redirect cycle is recognised and not transient; the report keeps the case")
    func redirectCycle() async throws {
        let seen = try await observe("ahc.redirectCycle")
        expectPersonFacing(seen, alsoForbidden: ["redirectCycleDetected"])
        expectRecognised(seen)
        let isTransient = seen.interpretation.isTransient
        #expect(!isTransient)
        expectReport(seen, keeps: ["redirectCycleDetected"])
    }

    @Test("Too many redirects is recognised and not transient; the report keeps the case")
    func redirectLimit() async throws {
        let seen = try await observe("ahc.redirectLimit")
        expectPersonFacing(seen, alsoForbidden: ["redirectLimitReached"])
        expectRecognised(seen)
        let isTransient = seen.interpretation.isTransient
        #expect(!isTransient)
        expectReport(seen, keeps: ["redirectLimitReached"])
    }

    @Test("A body over the limit is recognised and not retried; the report keeps the limit")
    func bodyTooLarge() async throws {
        let seen = try await observe("ahc.bodyTooLarge")
        expectPersonFacing(seen, codes: [1024], alsoForbidden: ["maxBytes"])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectReport(seen, keeps: ["1024"])
    }

    @Test("A failed TLS handshake is recognised and not transient; the report keeps BoringSSL's reason")
    func tls() async throws {
        let seen = try await observe("ahc.tls")
        expectPersonFacing(seen, codes: [268_435_703], alsoForbidden: ["WRONG_VERSION_NUMBER", "handshakeFailed"])
        expectRecognised(seen)
        let isTransient = seen.interpretation.isTransient
        #expect(!isTransient)
        expectReport(seen, keeps: ["WRONG_VERSION_NUMBER"])
    }
}
