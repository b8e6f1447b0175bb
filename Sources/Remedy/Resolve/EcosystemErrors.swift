import Foundation

/// The error families of the server-side and command-line ecosystem that the built-in catalog knows,
/// recognised by their structure — module and type name, case name, errno, SQLite result code, the
/// fields that hold a line or a host — so that Remedy's library products need none of those packages.
package enum EcosystemFamily: Sendable, Equatable {
    /// SQLite result codes: GRDB's `DatabaseError` (its `CustomNSError` code), SQLiteNIO's
    /// `SQLiteError` (its `reason`).
    case sqlite
    case nioIOError
    /// SwiftNIO's `NIOConnectionError`: every connection attempt to a host failed.
    case nioConnectionError
    case nioChannelError
    /// SwiftNIO's `NIOTooManyBytesError`: a body past the size the caller accepts.
    case nioTooManyBytes
    /// swift-nio-ssl's `NIOSSLError`, `NIOSSLExtraError` and `BoringSSLError`.
    case tls
    case httpClient
    /// The parse errors of data-format libraries: Yams, TOMLKit, SwiftCSV, CSV.swift, SWXMLHash,
    /// XMLCoder and any type whose name says it is a YAML, TOML, CSV, XML or JSON error.
    case parse
    /// SQL databases that give an SQLSTATE: postgres-nio's `PSQLError` and `PostgresError`, MySQLNIO,
    /// SQLKit, and any type whose name says it is an SQL, Postgres or MySQL error.
    case sql
    /// Cryptography: swift-crypto's and CryptoKit's `CryptoKitError`, and types named `Crypto…Error`.
    case crypto
    /// Archives and compressed data: ZIPFoundation's, CompressNIO's and types whose name says archive, zip
    /// or compression.
    case archive
    /// swift-system's `Errno`: an errno as its raw value.
    case systemErrno
    /// Types whose names say configuration or settings (swift-configuration's `ConfigError`): a setting missing
    /// or not valid.
    case configuration
    /// Types whose names say token or JWT (jwt-kit's `JWTError`): credentials that expired or don't verify.
    case credentials
    /// Types whose names say subprocess or spawn (swift-subprocess' `SubprocessError`): a program or working
    /// folder that isn't there; the errno it keeps is read with that meaning.
    case process
    /// Any other type that may carry a code libraries share (``SharedVocabularies``): an HTTP status, a gRPC
    /// status code, an errno.
    case sharedCodes

    /// The family of an error's type: by its names, else by the codes its structure may carry.
    init?(of error: any Error, qualifiedName: String, mirror: Mirror) {
        if let family = EcosystemFamily(qualifiedName: qualifiedName) {
            self = family
        } else if SharedVocabularies.mayCarryCodes(mirror, type: type(of: error)) {
            self = .sharedCodes
        } else {
            return nil
        }
    }

    /// Whether the family reads the one cause its errors keep (an errno) as its own code, with its meaning: the
    /// walk doesn't read it again without that meaning.
    var readsItsCause: Bool { self == .process }

    package init?(qualifiedName: String) {
        let parts = qualifiedName.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let module = parts[0]
        let name = parts[1]
        switch (module, name) {
        case ("GRDB", "DatabaseError"), ("SQLiteNIO", "SQLiteError"):
            self = .sqlite
        case ("NIOCore", "IOError"):
            self = .nioIOError
        case ("NIOPosix", "NIOConnectionError"):
            self = .nioConnectionError
        case ("NIOCore", "ChannelError"):
            self = .nioChannelError
        case ("NIOCore", "NIOTooManyBytesError"):
            self = .nioTooManyBytes
        case ("NIOSSL", "NIOSSLError"), ("NIOSSL", "NIOSSLExtraError"), ("NIOSSL", "BoringSSLError"):
            self = .tls
        case ("AsyncHTTPClient", "HTTPClientError"):
            self = .httpClient
        case ("SystemPackage", "Errno"), ("System", "Errno"):
            self = .systemErrno
        case ("Yams", "YamlError"), ("TOMLKit", "TOMLParseError"), ("SwiftCSV", "CSVParseError"),
            ("CSV", "CSVError"), ("SWXMLHash", "ParsingError"), ("XMLCoder", "XMLCoderError"):
            self = .parse
        default:
            if Self.namesDataFormat(String(name)) {
                self = .parse
            } else if let family = Self.byKind(module: module, name: name) {
                self = family
            } else {
                return nil
            }
        }
    }

    /// Whether an unqualified type name says it is a data format's error: `YAMLError`, `TomlParseError`,
    /// `CSVReaderError`, `XMLParsingError`, `JSONError`.
    static func namesDataFormat(_ name: String) -> Bool {
        guard !name.contains("."), name.hasSuffix("Error") else { return false }
        let formats = ["YAML", "Yaml", "TOML", "Toml", "CSV", "Csv", "XML", "Xml", "JSON", "Json"]
        return formats.contains { name.hasPrefix($0) }
    }

    // MARK: - Interpretation

    typealias Entry = ErrorCatalog.BuiltInEntry

    /// For tests with stand-ins of the ecosystem's types, which can't live in modules of the real names.
    package func interpretation(of error: any Error, localization: Localization = .default) -> ErrorInterpretation? {
        interpretation(of: error, info: ErrorTypeInfo.of(error), localization: localization)
    }

    /// `nil` for a case the catalog has no text for (a library's programming error): the generic text.
    func interpretation(of error: any Error, info: ErrorTypeInfo, localization: Localization) -> ErrorInterpretation? {
        switch self {
        case .sqlite:
            return Self.sqlite(error, info: info).map { $0.map { $0.interpretation(in: localization) } ?? .silent }
        case .nioIOError:
            guard let errno = Reflection.errno(in: error) else { return nil }
            return BuiltInCatalog.posixEntry(errno, onSocket: true).interpretation(in: localization)
        case .nioConnectionError:
            var interpretation = Self.connectionEntry(error).interpretation(in: localization)
            if let host = Reflection.field("host", of: error) as? String, !host.isEmpty {
                interpretation.subject = ErrorSubject(host: host)
            }
            return interpretation
        case .nioChannelError:
            return Self.channelEntry(Reflection.caseName(of: error)).map { $0.interpretation(in: localization) }
        case .nioTooManyBytes:
            return BuiltInCatalog.networkResponseTooLarge.interpretation(in: localization)
        case .tls:
            return Self.tlsEntry(error).interpretation(in: localization)
        case .httpClient:
            guard let code = Reflection.field("code", of: error) else { return nil }
            return Self.httpClientEntry(Reflection.caseName(of: code)).map {
                $0.map { $0.interpretation(in: localization) } ?? .silent
            }
        case .sql:
            return Self.sqlEntry(error).map { $0.map { $0.interpretation(in: localization) } ?? .silent }
        case .crypto:
            return Self.cryptoEntry(error).map { $0.interpretation(in: localization) }
        case .archive:
            return Self.archiveEntry(error).map { $0.map { $0.interpretation(in: localization) } ?? .silent }
        case .systemErrno:
            guard let raw = Reflection.field("rawValue", of: error).flatMap(Reflection.integer),
                let code = Int32(exactly: raw).flatMap(POSIXErrorCode.init(rawValue:))
            else { return nil }
            return BuiltInCatalog.posixEntry(code).interpretation(in: localization)
        case .configuration, .credentials, .process:
            let entry =
                switch self {
                case .configuration: Self.configurationEntry(error, info: info)
                case .credentials: Self.credentialsEntry(error, info: info)
                default: Self.processEntry(error)
                }
            // What the names don't say, a code the error carries may (a token service's HTTP 401).
            guard let entry else {
                return Self.sharedCodes.interpretation(of: error, info: info, localization: localization)
            }
            return entry.interpretation(in: localization)
        case .sharedCodes:
            guard let reading = SharedVocabularies.reading(of: error, typeName: info.qualifiedName) else { return nil }
            var interpretation = reading.entry?.interpretation(in: localization) ?? .silent
            interpretation.retryAfter = reading.retryAfter
            return interpretation
        case .parse:
            let caseName = Reflection.caseName(of: error) ?? ""
            if ["writer", "emitter", "representer"].contains(caseName) || caseName.hasPrefix("encod") {
                return BuiltInCatalog.dataUnsavable.interpretation(in: localization)
            }
            if ["no", "memory"].contains(caseName) { return nil }
            var interpretation = BuiltInCatalog.fileUnreadableFormat.interpretation(in: localization)
            if let location = Reflection.location(in: error) {
                interpretation.subject = ErrorSubject(line: location.line, column: location.column)
            }
            return interpretation
        }
    }

    // MARK: Network

    /// A failed connection: the host wasn't found when only its lookups failed, else it can't be reached.
    static func connectionEntry(_ error: any Error) -> Entry {
        let attempts = Reflection.field("connectionErrors", of: error).map { Mirror(reflecting: $0).children.count }
        let lookupFailed =
            Reflection.isSome(Reflection.field("dnsAError", of: error))
            || Reflection.isSome(Reflection.field("dnsAAAAError", of: error))
        return attempts == 0 && lookupFailed ? BuiltInCatalog.networkHostNotFound : BuiltInCatalog.networkCannotConnect
    }

    static func channelEntry(_ caseName: String?) -> Entry? {
        switch caseName {
        case "connectTimeout": BuiltInCatalog.networkTimedOut
        case "ioOnClosedChannel", "alreadyClosed", "outputClosed", "inputClosed", "eof":
            BuiltInCatalog.networkConnectionLost
        case "writeHostUnreachable": BuiltInCatalog.networkCannotConnect
        case let name? where isProgrammingMistake(name): BuiltInCatalog.programmingError
        default: nil
        }
    }

    /// TLS: a certificate or host name that can't be verified, else a failed secure connection.
    static func tlsEntry(_ error: any Error) -> Entry {
        var name = Reflection.caseName(of: error) ?? ""
        if let base = Reflection.field("baseError", of: error) { name = Reflection.caseName(of: base) ?? name }
        // A handshake that failed because the peer's certificate didn't verify says so only in BoringSSL's
        // error strings (`…:CERTIFICATE_VERIFY_FAILED`), in `NIOSSLError.handshakeFailed` and in the
        // `BoringSSLError` it holds (a child of the tree, which must read the same).
        if String(describing: error).contains("CERTIFICATE_VERIFY_FAILED") {
            return BuiltInCatalog.networkUntrustedServer
        }
        switch name {
        case "unableToValidateCertificate", "noCertificateToValidate", "cannotMatchULabel",
            "failedToValidateHostname", "serverHostnameImpossibleToMatch":
            return BuiltInCatalog.networkUntrustedServer
        case "uncleanShutdown":
            return BuiltInCatalog.networkConnectionLost
        default:
            return BuiltInCatalog.networkSecureConnectionFailed
        }
    }

    /// The entry of an `HTTPClientError` code; `.some(nil)` for a cancellation, `nil` for the client's
    /// programming and configuration errors.
    static func httpClientEntry(_ code: String?) -> Entry?? {
        switch code {
        case "cancelled", "requestStreamCancelled":
            return .some(nil)
        case "readTimeout", "writeTimeout", "connectTimeout", "getConnectionFromPoolTimeout", "deadlineExceeded",
            "socksHandshakeTimeout", "httpProxyHandshakeTimeout", "tlsHandshakeTimeout":
            return BuiltInCatalog.networkTimedOut
        case "remoteConnectionClosed", "uncleanShutdown":
            return BuiltInCatalog.networkConnectionLost
        case "invalidURL", "emptyHost", "emptyScheme", "unsupportedScheme", "missingSocketPath":
            return BuiltInCatalog.networkBadAddress
        case "redirectLimitReached", "redirectCycleDetected":
            return BuiltInCatalog.networkTooManyRedirects
        case "bodyLengthMismatch", "invalidProxyResponse", "contentLengthMissing", "identityCodingIncorrectlyPresent",
            "httpEndReceivedAfterHeadWith1xx", "serverOfferedUnsupportedApplicationProtocol":
            return BuiltInCatalog.networkBadResponse
        case "proxyAuthenticationRequired":
            return BuiltInCatalog.networkClientCertificate
        default:
            return nil
        }
    }
}

/// Reads fields and cases of foreign values by reflection, for structural recognition.
enum Reflection {
    static func field(_ label: String, of value: Any) -> Any? {
        for child in Mirror(reflecting: value).children where child.label == label {
            return child.value
        }
        return nil
    }

    static func isSome(_ value: Any?) -> Bool {
        guard let value else { return false }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle != .optional || !mirror.children.isEmpty
    }

    /// The case name of an enum value: its payload's label, or its description without a payload.
    static func caseName(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        if let label = mirror.children.first?.label { return label }
        return NodeFacts.caseName(fromDescription: String(describing: value))
    }

    /// The errno a value holds: a case named `errno` with an integer payload, or an integer field named
    /// `errno` or `errnoCode`, searched a few levels deep.
    static func errno(in value: Any, depth: Int = 3) -> POSIXErrorCode? {
        for child in Mirror(reflecting: value).children {
            if child.label == "errno" || child.label == "errnoCode", let code = integer(child.value),
                let raw = Int32(exactly: code)
            {
                return POSIXErrorCode(rawValue: raw)
            }
            if depth > 1, !isScalar(child.value), let code = errno(in: child.value, depth: depth - 1) {
                return code
            }
        }
        return nil
    }

    /// Breadth first: a parser's error holds the mark of the problem beside the mark of its context, one
    /// level deeper (Yams' `.parser(context:problem:_:yaml:)`).
    static func location(in value: Any, depth: Int = 4) -> (line: Int, column: Int?)? {
        var level: [Any] = [value]
        for _ in 0..<depth {
            var next: [Any] = []
            for candidate in level {
                let mirror = Mirror(reflecting: candidate)
                var line: Int?
                var column: Int?
                for child in mirror.children {
                    switch child.label {
                    case "line", "lineNumber", "row": line = line ?? integer(child.value)
                    case "column", "columnNumber": column = column ?? integer(child.value)
                    default: if !isScalar(child.value) { next.append(child.value) }
                    }
                }
                if let line, line > 0 { return (line, column.flatMap { $0 > 0 ? $0 : nil }) }
            }
            guard !next.isEmpty else { return nil }
            level = next
        }
        return nil
    }

    static func integer(_ value: Any) -> Int? {
        switch value {
        case let value as Int: value
        case let value as Int32: Int(value)
        case let value as Int64: Int(exactly: value)
        case let value as UInt: Int(exactly: value)
        case let value as UInt32: Int(value)
        case let value as UInt64: Int(exactly: value)
        case let value as Int16: Int(value)
        default: nil
        }
    }

    private static func isScalar(_ value: Any) -> Bool {
        value is String || value is Substring || value is Data || value is Bool || integer(value) != nil
            || value is Double || value is Float
    }
}
