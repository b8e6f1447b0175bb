import Foundation

/// The kinds of failure that many libraries share, read from the signals they have in common: an
/// SQLSTATE, a case name that says what went wrong (`authenticationFailure`, `invalidCRC32`,
/// `corruptData`), an errno. Each reader answers `nil` when the error says nothing it knows, and the
/// generic text stands.
extension EcosystemFamily {
    /// The family of a type no exact name lists, by what its module and type names say.
    static func byKind(module: Substring, name: Substring) -> EcosystemFamily? {
        let last = name.split(separator: ".").last.map(String.init) ?? String(name)
        guard last.hasSuffix("Error") || last.hasSuffix("Errors") else { return nil }
        let words = module + "." + last
        if words.contains("SQLite") || words.contains("Sqlite") { return .sqlite }  // result codes, not SQLSTATEs
        if module == "Configuration" || ["Config", "Setting"].contains(where: { last.contains($0) }) {
            return .configuration
        }
        if module == "JWTKit" || ["JWT", "Jwt", "JWS"].contains(where: { last.contains($0) })
            || names(last, word: "Token")
        {
            return .credentials
        }
        if module == "Subprocess" || ["Subprocess", "Spawn"].contains(where: { last.contains($0) }) {
            return .process
        }
        if ["PostgresNIO", "PostgresKit", "MySQLNIO", "MySQLKit", "SQLKit"].contains(module)
            || ["SQL", "Postgres", "MySQL"].contains(where: { last.contains($0) })
        {
            return .sql
        }
        if ["Crypto", "CryptoKit", "_CryptoExtras", "CryptoSwift"].contains(module) || last.hasPrefix("Crypto") {
            return .crypto
        }
        if ["ZIPFoundation", "CompressNIO", "SWCompression", "Zip"].contains(module)
            || ["Archive", "Zip", "ZIP", "Compression", "Compress", "Gzip", "Deflate"].contains(where: {
                last.contains($0)
            })
        {
            return .archive
        }
        return nil
    }

    /// Whether a type name has a word, not a word it begins (`AccessTokenError`, not `TokenizerError`).
    private static func names(_ name: String, word: String) -> Bool {
        guard let range = name.range(of: word) else { return false }
        return name[range.upperBound...].first.map { !$0.isLowercase } ?? true
    }

    // MARK: Setup, credentials and programs

    /// A setting that isn't there, or one whose value can't be used (of the wrong type, malformed); `nil` for
    /// what the names don't say.
    static func configurationEntry(_ error: any Error, info: ErrorTypeInfo) -> Entry? {
        let name = (Reflection.kindName(of: error) ?? info.name).lowercased()
        if ["missing", "notfound", "required", "absent", "undefined", "unset"].contains(where: name.contains) {
            return BuiltInCatalog.configMissing
        }
        let invalid = [
            "invalid", "convert", "cast", "mismatch", "type", "malformed", "parse", "decod", "unsupported",
            "unexpected",
            "notobject",
        ]
        return invalid.contains(where: name.contains) ? BuiltInCatalog.configInvalid : nil
    }

    /// A token that expired, is malformed or doesn't verify asks the person to sign in again; `nil` for the
    /// app's own keys and algorithms that can't be used (its setup, not the person's credentials) and for what
    /// the names don't say.
    static func credentialsEntry(_ error: any Error, info: ErrorTypeInfo) -> Entry? {
        let name = (Reflection.kindName(of: error) ?? info.name).lowercased()
        if ["jwk", "nokey", "signingalgorithm", "curve"].contains(where: name.contains) { return nil }
        let unverified = [
            "expired", "invalid", "malformed", "signature", "claim", "verif", "kid", "x5c", "revoked", "notbefore",
        ]
        return unverified.contains(where: name.contains) ? BuiltInCatalog.signInRequired : nil
    }

    /// A program that isn't there, a working folder that isn't there, else the errno the error keeps.
    static func processEntry(_ error: any Error) -> Entry? {
        let name =
            (Reflection.field("code", of: error).flatMap(SharedVocabularies.codeName)
            ?? Reflection.kindName(of: error) ?? "").lowercased()
        let errno = Reflection.errno(in: error) ?? keptErrno(of: error)
        if name.contains("executablenotfound") || name.contains("programnotfound") {
            return BuiltInCatalog.processProgramNotFound
        }
        if name.contains("workingdirectory") || name.contains("currentdirectory") {
            return errno.map { $0 == .ENOENT ? BuiltInCatalog.fileNotFound : BuiltInCatalog.posixEntry($0) }
                ?? BuiltInCatalog.fileNotFound
        }
        if errno == .ENOENT, name.contains("spawn") || name.contains("launch") {
            return BuiltInCatalog.processProgramNotFound
        }
        return errno.map { BuiltInCatalog.posixEntry($0) }
    }

    /// The errno kept as the `underlyingError`, or the error's own raw value (swift-system's `Errno`).
    static func keptErrno(of error: any Error) -> POSIXErrorCode? {
        guard let kept = Reflection.field("underlyingError", of: error).map(Reflection.unwrapped) ?? Optional(error),
            let raw = Reflection.integer(kept) ?? Reflection.field("rawValue", of: kept).flatMap(Reflection.integer)
        else { return nil }
        return Int32(exactly: raw).flatMap(POSIXErrorCode.init(rawValue:))
    }

    // MARK: SQL databases

    /// By SQLSTATE, else the library's own code (postgres-nio's `PSQLError.Code`); `.some(nil)` for a
    /// cancelled query, `nil` when nothing is known (a child error may still speak).
    static func sqlEntry(_ error: any Error) -> Entry?? {
        if let state = SQLState(in: error) { return .some(state.entry) }
        switch Reflection.kindName(of: error) {
        case "queryCancelled":
            return .some(nil)
        case "serverClosedConnection", "clientClosedConnection", "uncleanShutdown":
            return BuiltInCatalog.networkConnectionLost
        case "sslUnsupported", "failedToAddSSLHandler", "receivedUnencryptedDataAfterSSLRequest":
            return BuiltInCatalog.networkSecureConnectionFailed
        case "authMechanismRequiresPassword", "unsupportedAuthMechanism", "saslError":
            return BuiltInCatalog.databaseCredentials
        case "tooManyParameters", "poolClosed":
            return BuiltInCatalog.programmingError
        default:
            return nil
        }
    }

    // MARK: Cryptography

    /// Data that fails its authentication can't be trusted; a key or parameter of the wrong size is the
    /// caller's mistake.
    static func cryptoEntry(_ error: any Error) -> Entry? {
        guard let name = Reflection.kindName(of: error) else { return nil }
        if name == "underlyingCoreCryptoError" {
            // swift-crypto on Linux reports BoringSSL's packed error code: library 30 (the cipher library) with
            // reason 101 (`CIPHER_R_BAD_DECRYPT`) is a sealed box whose tag doesn't match. Other codes: unknown.
            guard let code = Reflection.payloadInteger(of: error) else { return nil }
            return code >> 24 == 30 && code & 0xFFF == 101 ? BuiltInCatalog.dataIntegrityFailed : nil
        }
        if [
            "authenticationFailure", "unwrapFailure", "invalidSignature", "signatureMismatch", "macMismatch",
            "tagMismatch", "integrityCheckFailed",
        ].contains(name) {
            return BuiltInCatalog.dataIntegrityFailed
        }
        if isProgrammingMistake(name) { return BuiltInCatalog.programmingError }
        if name.hasPrefix("invalidPEM") || name.hasPrefix("invalidASN1") || name.hasPrefix("truncatedASN1") {
            return BuiltInCatalog.fileUnreadableFormat
        }
        return nil
    }

    // MARK: Archives and compressed data

    /// `.some(nil)` for a cancelled operation.
    static func archiveEntry(_ error: any Error) -> Entry?? {
        guard let name = Reflection.kindName(of: error) else { return nil }
        let lowered = name.lowercased()
        if lowered.hasPrefix("cancel") { return .some(nil) }
        if lowered.hasPrefix("unwritable") { return BuiltInCatalog.fileWriteFailed }
        // Damaged, or in a form the app can't read (an unsupported compression method): one text says both.
        let damaged = [
            "corrupt", "damaged", "crc", "checksum", "truncated", "unreadable", "invalidstream", "centraldirectory",
            "localheader", "entrypath", "symlink", "unfinished", "unexpectedend", "unsupported", "compressionmethod",
        ]
        if damaged.contains(where: { lowered.contains($0) }) { return BuiltInCatalog.fileCorrupt }
        if lowered.contains("buffersize") || isProgrammingMistake(name) { return BuiltInCatalog.programmingError }
        return nil
    }

    // MARK: A programmer's mistakes

    /// Whether a case name says the caller broke an API's contract: a query with a syntax error, a
    /// misused handle, an argument or key of the wrong size, an operation in the wrong state. Trying
    /// again can't help.
    static func isProgrammingMistake(_ name: String) -> Bool {
        let lowered = name.lowercased()
        let mistakes = [
            "syntax", "misuse", "precondition", "invalidargument", "invalidparameter", "incorrectkeysize",
            "incorrectparametersize", "inappropriateoperation", "operationunsupported", "unsupportedoperation",
        ]
        return mistakes.contains { lowered.contains($0) }
    }

    // MARK: What tells failures of one type apart

    /// What tells this error apart from other errors of its type when its type is opaque (a struct whose
    /// case lives in private storage): its SQLSTATE, else its kind's name. `nil` for an enum (its case
    /// already counts) or when nothing stable is found. Never a dynamic value.
    func discriminator(of error: any Error) -> String? {
        switch self {
        case .sql:
            if let state = SQLState(in: error) { return state.code }
            return Reflection.kindName(of: error)
        case .sqlite, .nioIOError, .nioConnectionError, .nioChannelError, .nioTooManyBytes, .tls, .parse:
            return nil
        case .httpClient:
            return Reflection.field("code", of: error).flatMap { Reflection.caseName(of: $0) }
        case .sharedCodes, .process:
            guard Mirror(reflecting: error).displayStyle != .enum else { return nil }
            return Reflection.field("code", of: error).flatMap(SharedVocabularies.codeName)
        case .crypto, .archive, .systemErrno, .configuration, .credentials:
            return Mirror(reflecting: error).displayStyle == .enum ? nil : Reflection.kindName(of: error)
        }
    }

    /// The code an error of the family carries in its structure, as reports name it (`ENOENT (2)`, `HTTP 503`);
    /// `nil` when it carries none the report doesn't show already.
    func code(of error: any Error, info: ErrorTypeInfo) -> String? {
        switch self {
        case .sharedCodes:
            return SharedVocabularies.reading(of: error, typeName: info.qualifiedName)?.code
        case .process, .nioIOError:
            return (Reflection.errno(in: error) ?? Self.keptErrno(of: error)).map(SharedVocabularies.errnoName)
        case .systemErrno:
            return Self.keptErrno(of: error).map(SharedVocabularies.errnoName)
        default:
            return nil
        }
    }

    /// A message for developers in place of a description that deliberately says nothing (postgres-nio's
    /// "Generic description to prevent accidental leakage…"): the database server's own message with its
    /// SQLSTATE, or the library's code. `nil` when the family has nothing better.
    func specificMessage(of error: any Error) -> String? {
        guard self == .sql else { return nil }
        if let state = SQLState(in: error) {
            guard let message = state.message else { return "SQLSTATE \(state.code)" }
            return "\(message) (SQLSTATE \(state.code))"
        }
        return Reflection.kindName(of: error).map { "code: \($0)" }
    }
}

extension Reflection {
    /// The name of the kind an error is: its case name for an enum, else the case name of the enum it keeps
    /// as its code (`code`, `error`, `kind`, `reason` or `base`), looked for a few levels deep and inside
    /// its storage object, as in postgres-nio's `PSQLError` (`backing.code.base`) and CompressNIO's
    /// `CompressNIOError` (`error`).
    static func kindName(of value: Any) -> String? {
        if let name = caseName(of: value) { return name }
        var level: [Any] = [value]
        for _ in 0..<3 {
            var next: [Any] = []
            for candidate in level {
                for child in Mirror(reflecting: candidate).children.prefix(32) {
                    let value = unwrapped(child.value)
                    if ["code", "error", "kind", "reason", "base"].contains(child.label), let name = caseName(of: value)
                    {
                        return name
                    }
                    let style = Mirror(reflecting: value).displayStyle
                    if style == .struct || style == .class { next.append(value) }
                }
            }
            guard !next.isEmpty else { return nil }
            level = next
        }
        return nil
    }

    /// As in `underlyingCoreCryptoError(error: 503316581)`.
    static func payloadInteger(of value: Any) -> Int? {
        guard let payload = Mirror(reflecting: value).children.first?.value else { return nil }
        return integer(payload) ?? Mirror(reflecting: payload).children.first.flatMap { integer($0.value) }
    }

    static func unwrapped(_ value: Any) -> Any {
        guard let optional = value as? any OptionalValue, let wrapped = optional.wrappedValue else { return value }
        return unwrapped(wrapped)
    }
}
