import IntegrationSupport
import Remedy
import Testing

/// swift-crypto's AES-GCM: a sealed box changed after sealing, and a key of a size AES doesn't take.
@Suite(.timeLimit(.minutes(5)))
struct CryptoTests {
    @Test("Opening a changed sealed box: the data can't be verified, not retried; the report keeps the case")
    func authenticationFailure() async throws {
        let seen = try await observe("crypto.authentication")
        expectPersonFacing(
            seen,
            codes: [503_316_581],
            alsoForbidden: ["CryptoKitError", "authenticationFailure", "underlyingCoreCryptoError", "AES", "GCM"]
        )
        expectKind(seen, .unverifiable)
        #if canImport(CryptoKit)
        expectReport(seen, keeps: ["CryptoKitError", "authenticationFailure"])
        #else
        // swift-crypto's BoringSSL backend never throws `authenticationFailure` for an AEAD: it throws
        // `underlyingCoreCryptoError` with BoringSSL's packed error, here CIPHER_R_BAD_DECRYPT (library 30,
        // reason 101: 0x1E000065).
        expectReport(seen, keeps: ["CryptoKitError", "underlyingCoreCryptoError", "503316581"])
        #endif
    }

    @Test("A key of the wrong size is a programmer's mistake: an internal problem, not retried")
    func incorrectKeySize() async throws {
        let seen = try await observe("crypto.keySize")
        expectPersonFacing(seen, alsoForbidden: ["CryptoKitError", "incorrectKeySize", "AES"])
        expectKind(seen, .internalProblem)
        expectReport(seen, keeps: ["CryptoKitError", "incorrectKeySize"])
    }
}
