import Foundation
import IntegrationSupport
import Remedy
import Testing

/// Triggers a case's real failure and observes what Remedy makes of it.
func observe(_ id: String) async throws -> Observation {
    let failureCase = try #require(Failures.named(id), "no case named \(id)")
    return await Observation(of: try failureCase.error())
}

/// Text that is written for developers and must never reach a person: SQL, library texts, type names,
/// domains, source paths and the temporary workspace's paths.
let developerFragments = [
    "SQL", "INSERT", "SELECT", "BEGIN", "sqlite_master",
    "DatabaseError", "IOError", "NIOConnectionError", "SingleConnectionFailure", "ChannelError",
    "HTTPClientError", "NIOTooManyBytesError", "NIOSSLError", "BoringSSL", "SSL routines",
    "YamlError", "TOMLParseError", "DecodingError", "CodingKeys", "CocoaError", "POSIXError",
    "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "Domain=", "errno", "(null)", "Optional(",
    ".swift", ".cc", "/work/", ".build/", "/tmp/", "file://", "`",
    "RPCError", "ClientError", "RuntimeError", "OpenAPIRuntime", "HTTPBody", "UndocumentedPayload", "undocumented(",
    "Client encountered", "Transport threw", "JWTError", "JWTKit", "ConfigError", "SubprocessError", "Errno",
    "SQLiteError", "SQLiteNIO",
]

/// Whether `text` holds `number` as a number of its own (not as part of a longer one).
func containsNumber(_ text: String, _ number: Int) -> Bool {
    text.range(of: "(?<![0-9])\(number)(?![0-9])", options: .regularExpression) != nil
}

/// A person's texts (titles, messages, option titles) hold no developer text and none of the error's codes.
func expectPersonFacing(
    _ seen: Observation,
    codes: [Int] = [],
    alsoForbidden: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectPersonFacing(seen.personTexts, codes: codes, alsoForbidden: alsoForbidden, sourceLocation: sourceLocation)
}

/// Texts a person reads (in any language) hold no developer text and none of the error's codes.
func expectPersonFacing(
    _ texts: [String],
    codes: [Int] = [],
    alsoForbidden: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for text in texts {
        for fragment in developerFragments + alsoForbidden {
            #expect(!text.contains(fragment), "“\(text)” shows “\(fragment)”", sourceLocation: sourceLocation)
        }
        for code in codes {
            #expect(!containsNumber(text, code), "“\(text)” shows the code \(code)", sourceLocation: sourceLocation)
        }
    }
}

/// Remedy recognised the error: some node has a text of its own (not the category's generic fallback) and
/// the category is known.
func expectRecognised(_ seen: Observation, sourceLocation: SourceLocation = #_sourceLocation) {
    let ownMessage = seen.interpretation.message
    let category = seen.presentation.category
    #expect(
        ownMessage != nil,
        "no node has a text; the person reads the generic “\(seen.presentation.message)”",
        sourceLocation: sourceLocation
    )
    #expect(
        category != .unknown,
        "category unknown: “\(seen.presentation.title)”, “\(seen.presentation.message)”",
        sourceLocation: sourceLocation
    )
}

/// Try Again is offered neither by the presentation nor inside `attempt`, and nothing retries on its own.
func expectNoRetry(_ seen: Observation, sourceLocation: SourceLocation = #_sourceLocation) {
    let offersTryAgain = seen.offersTryAgain
    let isTransient = seen.interpretation.isTransient
    #expect(!offersTryAgain, "Try Again offered: \(seen.optionTitles)", sourceLocation: sourceLocation)
    #expect(!isTransient, "transient", sourceLocation: sourceLocation)
}

/// A failure of the network: the other system is unavailable, and retrying (automatically) can help.
func expectUnavailableAndTransient(_ seen: Observation, sourceLocation: SourceLocation = #_sourceLocation) {
    let category = seen.presentation.category
    let isTransient = seen.interpretation.isTransient
    #expect(
        category == .externalSystemUnavailable,
        "“\(seen.presentation.title)”, “\(seen.presentation.message)”",
        sourceLocation: sourceLocation
    )
    #expect(isTransient, "not transient", sourceLocation: sourceLocation)
}

/// The person's message names a thing (a file, a line, a key, a host).
func expectMessage(
    _ seen: Observation,
    names thing: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let message = seen.presentation.message
    #expect(
        message.contains(thing),
        "“\(seen.presentation.message)” doesn't name \(thing)",
        sourceLocation: sourceLocation
    )
}

/// The developer's report keeps the original details.
func expectReport(
    _ seen: Observation,
    keeps fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for fragment in fragments {
        let report = seen.report
        #expect(
            report.contains(fragment),
            "the report lost “\(fragment)”:\n\(seen.report)",
            sourceLocation: sourceLocation
        )
    }
}

/// The developer's report keeps a POSIX error: by its name, its text or its number.
func expectReport(
    _ seen: Observation,
    keepsErrno code: POSIXErrorCode,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let number = Int(code.rawValue)
    let name = "\(code)"
    let text = String(cString: strerror(code.rawValue))
    let kept =
        seen.report.contains(name) || seen.report.contains(text)
        || seen.report.range(of: "code:? \(number)(?![0-9])", options: .regularExpression) != nil
        || seen.report.contains("errno: \(number)")
    #expect(kept, "the report lost \(name) (\(number), “\(text)”):\n\(seen.report)", sourceLocation: sourceLocation)
}
