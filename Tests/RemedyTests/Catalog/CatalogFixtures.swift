import Foundation
import Remedy
import Testing

/// One error the built-in catalog knows, and the entry it must map to.
struct CatalogCase: Sendable, CustomTestStringConvertible {
    let label: String
    let entryName: String
    let makeError: @Sendable () -> any Error

    var testDescription: String { "\(label) → \(entryName)" }

    static func url(_ code: URLError.Code, _ entry: String, _ name: String) -> CatalogCase {
        CatalogCase(label: "URLError.\(name)", entryName: entry) { URLError(code) }
    }

    static func cocoa(_ code: CocoaError.Code, _ entry: String, _ name: String) -> CatalogCase {
        CatalogCase(label: "CocoaError.\(name)", entryName: entry) { CocoaError(code) }
    }

    static func posix(_ code: POSIXErrorCode, _ entry: String) -> CatalogCase {
        CatalogCase(label: "POSIXError.\(code)", entryName: entry) { POSIXError(code) }
    }

    static func http(_ status: Int, _ entry: String) -> CatalogCase {
        CatalogCase(label: "HTTP \(status)", entryName: entry) { HTTPStatusError(status: status) }
    }

    static func nsError(_ domain: String, _ code: Int, _ entry: String) -> CatalogCase {
        CatalogCase(label: "NSError \(domain) \(code)", entryName: entry) { NSError(domain: domain, code: code) }
    }
}

enum CatalogFixtures {
    /// Every error the brief names, and a few more, with the entry each must map to.
    static let cases: [CatalogCase] = [
        // Paths that aren't what they must be, SQLite domains, Foundation's XML parser
        .posix(.ENOTDIR, "file.notAFolder"),
        .posix(.EISDIR, "file.isAFolder"),
        .nsError("NSXMLParserErrorDomain", 4, "file.unreadableFormat"),
        .nsError("GRDB.DatabaseError", 2067, "database.constraint"),
        .nsError("GRDB.DatabaseError", 5, "database.busy"),
        .nsError("SQLiteErrorDomain", 6, "database.busy"),
        .nsError("GRDB.DatabaseError", 8, "database.readOnly"),
        .nsError("GRDB.DatabaseError", 26, "database.corrupt"),
        .nsError("GRDB.DatabaseError", 14, "database.cannotOpen"),
        .nsError("GRDB.DatabaseError", 1, "internal.programmingError"),  // SQLITE_ERROR: a syntax error, no such table
        .nsError("GRDB.DatabaseError", 10, "database.default"),  // SQLITE_IOERR
        // URLError
        .url(.notConnectedToInternet, "network.offline", "notConnectedToInternet"),
        .url(.networkConnectionLost, "network.connectionLost", "networkConnectionLost"),
        .url(.timedOut, "network.timedOut", "timedOut"),
        .url(.cannotFindHost, "network.hostNotFound", "cannotFindHost"),
        .url(.dnsLookupFailed, "network.hostNotFound", "dnsLookupFailed"),
        .url(.cannotConnectToHost, "network.cannotConnect", "cannotConnectToHost"),
        .url(.secureConnectionFailed, "network.secureConnectionFailed", "secureConnectionFailed"),
        .url(.serverCertificateUntrusted, "network.untrustedServer", "serverCertificateUntrusted"),
        .url(.serverCertificateHasBadDate, "network.untrustedServer", "serverCertificateHasBadDate"),
        .url(.serverCertificateNotYetValid, "network.untrustedServer", "serverCertificateNotYetValid"),
        .url(.serverCertificateHasUnknownRoot, "network.untrustedServer", "serverCertificateHasUnknownRoot"),
        .url(.clientCertificateRejected, "network.clientCertificate", "clientCertificateRejected"),
        .url(.clientCertificateRequired, "network.clientCertificate", "clientCertificateRequired"),
        .url(.badURL, "network.badAddress", "badURL"),
        .url(.unsupportedURL, "network.badAddress", "unsupportedURL"),
        .url(.badServerResponse, "network.badResponse", "badServerResponse"),
        .url(.cannotParseResponse, "network.badResponse", "cannotParseResponse"),
        .url(.cannotDecodeContentData, "network.unreadableResponse", "cannotDecodeContentData"),
        .url(.cannotDecodeRawData, "network.unreadableResponse", "cannotDecodeRawData"),
        .url(.resourceUnavailable, "network.resourceUnavailable", "resourceUnavailable"),
        .url(.dataNotAllowed, "network.dataNotAllowed", "dataNotAllowed"),
        .url(.internationalRoamingOff, "network.roamingOff", "internationalRoamingOff"),
        .url(.userAuthenticationRequired, "auth.signInRequired", "userAuthenticationRequired"),
        .url(.fileDoesNotExist, "file.notFound", "fileDoesNotExist"),
        .url(.noPermissionsToReadFile, "file.noPermission", "noPermissionsToReadFile"),
        .url(.unknown, "network.default", "unknown"),
        .url(.httpTooManyRedirects, "network.default", "httpTooManyRedirects"),
        // CocoaError
        .cocoa(.fileNoSuchFile, "file.notFound", "fileNoSuchFile"),
        .cocoa(.fileReadNoSuchFile, "file.notFound", "fileReadNoSuchFile"),
        .cocoa(.fileReadNoPermission, "file.noPermission", "fileReadNoPermission"),
        .cocoa(.fileWriteNoPermission, "file.writeNoPermission", "fileWriteNoPermission"),
        .cocoa(.fileWriteOutOfSpace, "storage.full", "fileWriteOutOfSpace"),
        .cocoa(.fileLocking, "file.locked", "fileLocking"),
        .cocoa(.fileReadCorruptFile, "file.corrupt", "fileReadCorruptFile"),
        .cocoa(.fileWriteVolumeReadOnly, "file.readOnlyVolume", "fileWriteVolumeReadOnly"),
        .cocoa(.fileWriteFileExists, "file.exists", "fileWriteFileExists"),
        .cocoa(.fileWriteInvalidFileName, "file.invalidName", "fileWriteInvalidFileName"),
        .cocoa(.fileReadInvalidFileName, "file.invalidName", "fileReadInvalidFileName"),
        .cocoa(.fileReadTooLarge, "file.tooLarge", "fileReadTooLarge"),
        .cocoa(.fileReadInapplicableStringEncoding, "file.unsupportedEncoding", "fileReadInapplicableStringEncoding"),
        .cocoa(.fileReadUnknownStringEncoding, "file.unsupportedEncoding", "fileReadUnknownStringEncoding"),
        .cocoa(.fileWriteInapplicableStringEncoding, "file.unsupportedEncoding", "fileWriteInapplicableStringEncoding"),
        .cocoa(.fileReadUnknown, "file.readFailed", "fileReadUnknown"),
        .cocoa(.fileWriteUnknown, "file.writeFailed", "fileWriteUnknown"),
        .cocoa(.propertyListReadCorrupt, "data.unreadable", "propertyListReadCorrupt"),
        .cocoa(.propertyListReadUnknownVersion, "data.unreadable", "propertyListReadUnknownVersion"),
        .cocoa(.propertyListReadStream, "data.unreadable", "propertyListReadStream"),
        .cocoa(.coderReadCorrupt, "data.unreadable", "coderReadCorrupt"),
        .cocoa(.coderValueNotFound, "data.unreadable", "coderValueNotFound"),
        .cocoa(.propertyListWriteStream, "data.unsavable", "propertyListWriteStream"),
        .cocoa(.propertyListWriteInvalid, "data.unsavable", "propertyListWriteInvalid"),
        .cocoa(.coderInvalidValue, "data.unsavable", "coderInvalidValue"),
        .cocoa(.featureUnsupported, "cocoa.default", "featureUnsupported"),
        .cocoa(.formatting, "cocoa.default", "formatting"),
        // POSIXError
        .posix(.ENOSPC, "storage.full"),
        .posix(.EDQUOT, "storage.quota"),
        .posix(.EACCES, "file.noPermission"),
        .posix(.EPERM, "file.noPermission"),
        .posix(.EROFS, "file.readOnlyVolume"),
        .posix(.ENOENT, "file.notFound"),
        .posix(.ECONNREFUSED, "network.cannotConnect"),
        .posix(.EHOSTUNREACH, "network.cannotConnect"),
        .posix(.ECONNRESET, "pipe.closed"),
        .posix(.EPIPE, "pipe.closed"),
        .posix(.ETIMEDOUT, "network.timedOut"),
        .posix(.ENETUNREACH, "network.offline"),
        .posix(.EINVAL, "system.default"),
        .posix(.EIO, "system.default"),
        // Coding
        CatalogCase(label: "DecodingError.keyNotFound", entryName: "data.unreadable") {
            DecodingError.keyNotFound(
                AnyKey("temp"),
                DecodingError.Context(codingPath: [AnyKey("days")], debugDescription: "No value for key 'temp'.")
            )
        },
        CatalogCase(label: "DecodingError.dataCorrupted", entryName: "data.unreadable") {
            DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "Not JSON."))
        },
        CatalogCase(label: "EncodingError.invalidValue", entryName: "data.unsavable") {
            EncodingError.invalidValue(
                Double.nan,
                EncodingError.Context(codingPath: [AnyKey("temp")], debugDescription: "NaN is not valid JSON.")
            )
        },
        // HTTP
        .http(400, "http.badRequest"),
        .http(401, "auth.signInRequired"),
        .http(403, "http.forbidden"),
        .http(404, "http.notFound"),
        .http(408, "http.requestTimeout"),
        .http(409, "http.conflict"),
        .http(413, "http.contentTooLarge"),
        .http(422, "http.unprocessableContent"),
        .http(429, "http.tooManyRequests"),
        .http(500, "http.internalServerError"),
        .http(502, "http.badGateway"),
        .http(503, "http.serviceUnavailable"),
        .http(504, "http.gatewayTimeout"),
        .http(402, "http.clientError"),
        .http(418, "http.clientError"),
        .http(499, "http.clientError"),
        .http(501, "http.serverError"),
        .http(599, "http.serverError"),
        .http(0, "http.unexpectedStatus"),
        .http(-1, "http.unexpectedStatus"),
        .http(100, "http.unexpectedStatus"),
        .http(204, "http.unexpectedStatus"),
        .http(304, "http.unexpectedStatus"),
        .http(600, "http.unexpectedStatus"),
        .http(Int.max, "http.unexpectedStatus"),
        .http(Int.min, "http.unexpectedStatus"),
        // NSError instances, as Objective-C APIs and NSUnderlyingErrorKey deliver them
        .nsError(NSURLErrorDomain, URLError.notConnectedToInternet.rawValue, "network.offline"),
        .nsError(NSURLErrorDomain, URLError.serverCertificateUntrusted.rawValue, "network.untrustedServer"),
        .nsError(NSURLErrorDomain, 424_242, "network.default"),
        .nsError(NSCocoaErrorDomain, CocoaError.fileWriteOutOfSpace.rawValue, "storage.full"),
        .nsError(NSCocoaErrorDomain, CocoaError.fileReadNoSuchFile.rawValue, "file.notFound"),
        .nsError(NSCocoaErrorDomain, 424_242, "cocoa.default"),
        .nsError(NSPOSIXErrorDomain, Int(POSIXErrorCode.ENOSPC.rawValue), "storage.full"),
        .nsError(NSPOSIXErrorDomain, Int(POSIXErrorCode.ECONNREFUSED.rawValue), "network.cannotConnect"),
        .nsError(NSPOSIXErrorDomain, 424_242, "system.default"),
        .nsError(NSPOSIXErrorDomain, Int.max, "system.default"),
        .nsError(NSPOSIXErrorDomain, -1, "system.default"),
    ]

    /// Cancellations: silent, whatever their type.
    static let cancellations: [CatalogCase] = [
        CatalogCase(label: "CancellationError", entryName: "") { CancellationError() },
        .url(.cancelled, "", "cancelled"),
        .url(.userCancelledAuthentication, "", "userCancelledAuthentication"),
        .cocoa(.userCancelled, "", "userCancelled"),
        .nsError(NSURLErrorDomain, URLError.cancelled.rawValue, ""),
        .nsError(NSCocoaErrorDomain, CocoaError.userCancelled.rawValue, ""),
    ]

    static let languages = Localization.supportedLanguages

    static func localization(_ language: String) -> Localization {
        Localization(locale: Locale(identifier: language))
    }
}

/// A coding key for hand-made coding errors.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
