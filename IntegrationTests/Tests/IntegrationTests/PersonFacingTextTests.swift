import IntegrationSupport
import Remedy
import Testing

/// Every real failure, whatever its family: what a person reads holds no developer text — no SQL, no
/// library's own description, no type name, no domain, no code, no source or temporary path, no backticks.
@Suite(.timeLimit(.minutes(5)))
struct PersonFacingTextTests {
    /// The codes each error carries (SQLite result codes, errno values, Cocoa codes), which a person must
    /// not see as numbers.
    static let codes: [String: [Int]] = [
        "grdb.unique": [19, 2067],
        "grdb.busy": [5],
        "grdb.readonly": [8],
        "grdb.cantOpen": [14],
        "grdb.notADatabase": [26],
        "nio.refused.host": [111],
        "nio.refused.address": [111],
        "ahc.refused": [111],
        "ahc.bodyTooLarge": [1024],
        "ahc.tls": [268_435_703, 127],
        "json.malformed": [4864],
        "json.missingKey": [4865],
        "json.malformed.inFile": [259, 4864],
        "json.missingKey.inFile": [259, 4865],
        "file.missing": [260, 2],
        "file.notDirectory.write": [512, 20],
        "file.notDirectory.createDirectory": [512, 20],
        "file.isDirectory.read": [256, 21],
        "file.permission.write": [513, 13],
        "file.permission.create": [513, 13],
        "file.permission.remove": [513, 1],
        "postgres.unique": [23505],
        "postgres.refused": [111],
        "postgres.serialization": [40001],
        "postgres.valueTooLong": [22001, 8],
        "postgres.tooManyConnections": [53300],
        "tls.handshake": [268_435_703, 127],
        "tls.certificate": [268_435_581],
        "crypto.authentication": [503_316_581],
    ]

    @Test("No developer text reaches a person", arguments: Failures.all.map(\.id))
    func noDeveloperText(id: String) async throws {
        let seen = try await observe(id)
        expectPersonFacing(seen, codes: Self.codes[id] ?? [])
        // The texts are there at all: a title, a message, and at least one option.
        #expect(!seen.presentation.title.isEmpty)
        #expect(!seen.presentation.message.isEmpty)
        #expect(!seen.optionTitles.isEmpty)
    }

    @Test(
        "Every case is recognised: a text of its own and a known category",
        arguments: Failures.all.map(\.id).filter { !Failures.notFailures.contains($0) }
    )
    func recognised(id: String) async throws {
        expectRecognised(try await observe(id))
    }
}
