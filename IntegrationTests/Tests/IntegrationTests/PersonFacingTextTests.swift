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
        "grpc.deadlineExceeded": [4],
        "grpc.unauthenticated": [16],
        "grpc.permissionDenied": [7],
        "grpc.notFound": [5],
        "grpc.invalidArgument": [3],
        "grpc.resourceExhausted": [8],
        "grpc.internalError": [13],
        "grpc.unavailable": [14],
        "grpc.unimplemented": [12],
        "grpc.alreadyExists": [6],
        "grpc.failedPrecondition": [9],
        "grpc.aborted": [10],
        "grpc.outOfRange": [11],
        "grpc.unknown": [2],
        "grpc.dataLoss": [15],
        "openapi.refused": [1004, 111],
        "openapi.undocumented": [500],
        "openapi.unexpectedContentType": [500],
        "subprocess.notFound": [2],
        "subprocess.workingDirectory": [2],
        "sqlitenio.notNull": [19, 1299],
        "sqlitenio.unique": [19, 2067],
        "sqlitenio.check": [19, 275],
        "sqlitenio.foreignKey": [19, 787],
        "sqlitenio.cantOpen": [14],
        "pipe.closed": [32],
        "device.full": [28],
        "nio.reset": [104],
    ]

    /// What each library writes for developers (its messages, the names it was called with), by the case's
    /// family: a person reads none of it, in any language.
    static let libraryTexts: [String: [String]] = [
        "grpc.": [
            "remedy.Notes", "access token", "notebook 7", "title must not be empty", "quota exceeded", "NotesStore",
            "maintenance", "Archive", "gRPC", "already exists", "archived", "transaction", "page 12", "EOF",
            "chunk 3",
        ],
        "openapi.": ["getNote", "saveNote", "text/html", "application/json", "nginx", "<html>", "statusCode"],
        "jwt.": ["JWT", "claim", "signature", "not-a-token", "exp:"],
        "configuration.": ["database.url", "DATABASE_URL", "http.port", "HTTP_PORT", "eighty", "Config value"],
        "subprocess.": ["remedy-no-such-program", "executableNotFound", "failedToChangeWorkingDirectory", "/bin/sh"],
        // Foundation's `Process` reads as the missing file at that path, named as every missing file is named.
        "process.": ["fileNoSuchFile", "/bin/"],
        "sqlitenio.": ["constraint", "NOT NULL", "UNIQUE", "CHECK", "FOREIGN KEY", "SELEC", "note.title", "sqlite"],
        "pipe.": ["Broken pipe", "EPIPE"],
        "device.": ["ENOSPC", "No space left", "/dev/full"],
    ]

    @Test("No developer text reaches a person, in any of the six languages", arguments: Failures.all.map(\.id))
    func noDeveloperText(id: String) async throws {
        let seen = try await observe(id)
        let codes = Self.codes[id] ?? []
        let library = Self.libraryTexts.filter { id.hasPrefix($0.key) }.flatMap(\.value)
        expectPersonFacing(seen, codes: codes, alsoForbidden: library)
        for language in Localization.supportedLanguages where language != "en" {
            expectPersonFacing(await seen.personTexts(in: language), codes: codes, alsoForbidden: library)
        }
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
