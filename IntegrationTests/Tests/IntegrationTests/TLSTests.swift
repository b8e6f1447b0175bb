import IntegrationSupport
import Remedy
import Testing

/// TLS handshakes with swift-nio-ssl on loopback: a server that speaks plain HTTP, and a server whose
/// certificate is self-signed (made at test time, never written to disk).
@Suite(.timeLimit(.minutes(5)))
struct TLSTests {
    @Test("A handshake with a server that doesn't speak TLS: secure connection failed, not retried")
    func handshakeFailure() async throws {
        let seen = try await observe("tls.handshake")
        expectPersonFacing(seen, alsoForbidden: ["WRONG_VERSION_NUMBER", "wrong version number", "handshakeFailed"])
        expectKind(seen, .secureConnectionFailed)
        expectReport(seen, keeps: ["handshakeFailed"])
        let keepsBoringSSL =
            seen.report.contains("WRONG_VERSION_NUMBER") || seen.report.contains("wrong version number")
        #expect(keepsBoringSSL, "the report lost BoringSSL's reason:\n\(seen.report)")
    }

    @Test("A self-signed server certificate: the server can't be verified, no Try Again")
    func untrustedCertificate() async throws {
        let seen = try await observe("tls.certificate")
        expectPersonFacing(seen, alsoForbidden: ["CERTIFICATE_VERIFY_FAILED", "certificate verify failed"])
        expectKind(seen, .untrustedServer)
        expectReport(seen, keeps: ["handshakeFailed", "CERTIFICATE_VERIFY_FAILED"])
    }
}
