import Crypto
import Foundation

extension Failures {
    // MARK: - swift-crypto

    /// swift-crypto's AES-GCM (BoringSSL underneath on Linux, CryptoKit's API): a sealed box whose
    /// ciphertext was changed, and a key of a size AES doesn't have.
    static let crypto: [FailureCase] = [
        FailureCase(
            "crypto.authentication", library: "swift-crypto",
            summary: "AES.GCM.open a sealed box with one byte of its ciphertext flipped"
        ) { workspace in
            let key = SymmetricKey(size: .bits256)
            let sealed = try AES.GCM.seal(Data("The notes of the meeting".utf8), using: key)
            var ciphertext = sealed.ciphertext
            ciphertext[ciphertext.startIndex] ^= 0x01
            let tampered = try AES.GCM.SealedBox(nonce: sealed.nonce, ciphertext: ciphertext, tag: sealed.tag)
            return try await workspace.failure { try AES.GCM.open(tampered, using: key) }
        },
        FailureCase(
            "crypto.keySize", library: "swift-crypto",
            summary: "AES.GCM.seal with a 20-byte key (AES takes 16, 24 or 32)"
        ) { workspace in
            let key = SymmetricKey(data: Data(repeating: 7, count: 20))
            return try await workspace.failure {
                try AES.GCM.seal(Data("The notes of the meeting".utf8), using: key)
            }
        },
    ]
}
