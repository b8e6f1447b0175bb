import Configuration
import Foundation
import JWTKit

extension Failures {
    // MARK: - jwt-kit

    /// jwt-kit 5 verifying HS256 tokens it signed: one expired an hour ago, one signed with another key,
    /// and a string that is no token.
    static let jwt: [FailureCase] = [
        FailureCase(
            "jwt.expired", library: "jwt-kit",
            summary: "verify a token whose `exp` claim passed an hour ago"
        ) { workspace in
            let keys = await sessionKeys("the app's signing secret, 32 bytes or more")
            let token = try await keys.sign(SessionToken(expiresIn: -3600))
            return try await workspace.failure { try await keys.verify(token, as: SessionToken.self) }
        },
        FailureCase(
            "jwt.signature", library: "jwt-kit",
            summary: "verify a token signed with another key"
        ) { workspace in
            let token = try await sessionKeys("another app's signing secret, 32 bytes or more").sign(
                SessionToken(expiresIn: 3600))
            let keys = await sessionKeys("the app's signing secret, 32 bytes or more")
            return try await workspace.failure { try await keys.verify(token, as: SessionToken.self) }
        },
        FailureCase(
            "jwt.malformed", library: "jwt-kit",
            summary: "verify `not-a-token` (no three dot-separated parts)"
        ) { workspace in
            let keys = await sessionKeys("the app's signing secret, 32 bytes or more")
            return try await workspace.failure { try await keys.verify("not-a-token", as: SessionToken.self) }
        },
    ]

    private static func sessionKeys(_ secret: String) async -> JWTKeyCollection {
        await JWTKeyCollection().add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
    }

    // MARK: - swift-configuration

    /// swift-configuration reading the environment variables of a server (`EnvironmentVariablesProvider`): a
    /// required key that isn't set, and a number that isn't one.
    static let configuration: [FailureCase] = [
        FailureCase(
            "configuration.missing", library: "swift-configuration",
            summary: "requiredString(forKey: \"database.url\") with no DATABASE_URL"
        ) { workspace in
            let config = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: serverEnvironment))
            return try await workspace.failure { try config.requiredString(forKey: "database.url") }
        },
        FailureCase(
            "configuration.wrongType", library: "swift-configuration",
            summary: "requiredInt(forKey: \"http.port\") with HTTP_PORT=eighty"
        ) { workspace in
            let config = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: serverEnvironment))
            return try await workspace.failure { try config.requiredInt(forKey: "http.port") }
        },
    ]

    private static let serverEnvironment = ["HTTP_HOST": "127.0.0.1", "HTTP_PORT": "eighty", "LOG_LEVEL": "debug"]
}

/// A session's token: its subject and when it expires.
struct SessionToken: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim

    init(expiresIn seconds: TimeInterval) {
        sub = SubjectClaim(value: "user-42")
        exp = ExpirationClaim(value: Date(timeIntervalSinceNow: seconds))
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}
