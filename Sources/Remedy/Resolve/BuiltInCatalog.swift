import Foundation

/// Remedy's built-in catalog entries, and the dispatch from an error to its entry. Swift-typed errors are
/// never boxed into an `NSError`; only `NSError` instances are read by domain and code.
enum BuiltInCatalog {
    typealias Entry = ErrorCatalog.BuiltInEntry

    static func interpretation(
        for error: any Error,
        info: ErrorTypeInfo,
        localization: Localization
    ) -> ErrorInterpretation? {
        let errorType = type(of: error)
        if errorType == HTTPStatusError.self, let error = error as? HTTPStatusError {
            return interpretation(forHTTP: error, localization: localization)
        }
        if errorType == URLError.self, let error = error as? URLError {
            return named(interpretation(urlEntry(error.code), localization: localization), host: error.failingURL)
        }
        if errorType == CocoaError.self, let error = error as? CocoaError {
            var interpretation = interpretation(
                cocoaEntry(error.code, userInfo: error.userInfo), localization: localization)
            interpretation.subject = ErrorSubject.from(userInfo: error.userInfo)
            return interpretation
        }
        if errorType == POSIXError.self, let error = error as? POSIXError {
            return interpretation(posixEntry(error.code), localization: localization)
        }
        if errorType == DecodingError.self {
            // Where in the data it failed is read only when the message names it: in a file the tree
            // names (see `subject(of:)`).
            return dataUnreadable.interpretation(in: localization)
        }
        if errorType == EncodingError.self {
            return dataUnsavable.interpretation(in: localization)
        }
        if errorType == CancellationError.self {
            return .silent
        }
        if let family = info.ecosystemFamily {
            return family.interpretation(of: error, info: info, localization: localization)
        }
        if ErrorTree.isObjectError(error) {
            return interpretation(forObject: error, localization: localization)
        }
        return nil
    }

    /// `.silent` for `nil` (a cancellation).
    private static func interpretation(_ entry: Entry?, localization: Localization) -> ErrorInterpretation {
        entry?.interpretation(in: localization) ?? .silent
    }

    private static func named(_ interpretation: ErrorInterpretation, host url: URL?) -> ErrorInterpretation {
        guard let host = url?.host, !host.isEmpty else { return interpretation }
        var interpretation = interpretation
        interpretation.subject = ErrorSubject(host: host)
        return interpretation
    }

    /// The coding path, and the line and column Foundation's JSON parser gives in its debug description.
    static func subject(of error: DecodingError) -> ErrorSubject? {
        let context: DecodingError.Context
        var keys: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let found):
            // The missing key isn't part of the path to where it was looked for.
            context = found
            keys = found.codingPath + [key]
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
            keys = found.codingPath
        @unknown default:
            return nil
        }
        var subject = ErrorSubject(codingKeys: keys)
        if let underlying = context.underlyingError {
            let userInfo = (underlying as NSError).userInfo
            let message = (userInfo[NSDebugDescriptionErrorKey] as? String) ?? context.debugDescription
            if let location = ErrorSubject.location(inParserMessage: message) {
                subject.line = location.line
                subject.column = location.column
            }
        }
        return subject.isEmpty ? nil : subject
    }

    /// `NSError` instances in the domains of `URLError`, `CocoaError` and `POSIXError` map to the same
    /// entries as the Swift types, and so do SQLite domains and Foundation's XML parser.
    private static func interpretation(forObject error: any Error, localization: Localization) -> ErrorInterpretation? {
        let nsError = error as NSError
        var interpretation: ErrorInterpretation
        switch nsError.domain {
        case NSURLErrorDomain:
            // Failable on some platforms, not on others: the optional covers both.
            let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
            interpretation =
                (code.map { self.interpretation(urlEntry($0), localization: localization) })
                ?? networkDefault.interpretation(in: localization)
        case NSCocoaErrorDomain:
            interpretation = self.interpretation(
                cocoaEntry(CocoaError.Code(rawValue: nsError.code), userInfo: nsError.userInfo),
                localization: localization)
        case NSPOSIXErrorDomain:
            guard let raw = Int32(exactly: nsError.code), let code = POSIXErrorCode(rawValue: raw) else {
                return systemDefault.interpretation(in: localization)
            }
            interpretation = posixEntry(code).interpretation(in: localization)
        case "NSXMLParserErrorDomain":
            interpretation = fileUnreadableFormat.interpretation(in: localization)
        case let domain
        where domain == "GRDB.DatabaseError" || domain.range(of: "sqlite", options: .caseInsensitive) != nil:
            let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String
            interpretation =
                EcosystemFamily.sqliteEntry(code: nsError.code, message: message)?
                .interpretation(in: localization) ?? .silent
        default:
            return nil
        }
        interpretation.subject = ErrorSubject.from(userInfo: nsError.userInfo)
        return interpretation
    }

    // MARK: - URLError

    /// `nil` for cancellations.
    static func urlEntry(_ code: URLError.Code) -> Entry? {
        switch code {
        case .cancelled, .userCancelledAuthentication:
            return nil
        case .notConnectedToInternet:
            return networkOffline
        case .networkConnectionLost:
            return networkConnectionLost
        case .timedOut:
            return networkTimedOut
        case .cannotFindHost, .dnsLookupFailed:
            return networkHostNotFound
        case .cannotConnectToHost:
            return networkCannotConnect
        case .secureConnectionFailed:
            return networkSecureConnectionFailed
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            return networkUntrustedServer
        case .clientCertificateRejected, .clientCertificateRequired:
            return networkClientCertificate
        case .badURL, .unsupportedURL:
            return networkBadAddress
        case .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return networkBadResponse
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return networkUnreadableResponse
        case .resourceUnavailable:
            return networkResourceUnavailable
        case .dataNotAllowed:
            return networkDataNotAllowed
        case .internationalRoamingOff:
            return networkRoamingOff
        case .userAuthenticationRequired:
            return signInRequired
        case .fileDoesNotExist:
            return fileNotFound
        case .noPermissionsToReadFile:
            return fileNoPermission
        default:
            return networkDefault
        }
    }

    // MARK: - CocoaError

    /// `nil` for cancellations.
    static func cocoaEntry(_ code: CocoaError.Code) -> Entry? {
        switch code {
        case .userCancelled:
            return nil
        case .fileNoSuchFile, .fileReadNoSuchFile:
            return fileNotFound
        case .fileReadNoPermission:
            return fileNoPermission
        case .fileWriteNoPermission:
            return fileWriteNoPermission
        case .fileWriteOutOfSpace:
            return storageFull
        case .fileLocking:
            return fileLocked
        case .fileReadCorruptFile:
            return fileCorrupt
        case .fileWriteVolumeReadOnly:
            return fileReadOnlyVolume
        case .fileWriteFileExists:
            return fileExists
        case .fileReadInvalidFileName, .fileWriteInvalidFileName:
            return fileInvalidName
        case .fileReadTooLarge:
            return fileTooLarge
        case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding,
            .fileWriteInapplicableStringEncoding:
            return fileUnsupportedEncoding
        case .fileReadUnknown:
            return fileReadFailed
        case .fileWriteUnknown:
            return fileWriteFailed
        case .propertyListReadCorrupt, .propertyListReadUnknownVersion, .propertyListReadStream,
            .coderReadCorrupt, .coderValueNotFound:
            return dataUnreadable
        case .propertyListWriteStream, .propertyListWriteInvalid, .coderInvalidValue:
            return dataUnsavable
        default:
            return cocoaDefault
        }
    }

    /// Foundation's unknown read and write failures say no more than the errno they keep (a `FileHandle` that
    /// wrote to a closed pipe): read by it, when it says something specific.
    static func cocoaEntry(_ code: CocoaError.Code, userInfo: [String: Any]) -> Entry? {
        guard code == .fileWriteUnknown || code == .fileReadUnknown,
            let underlying = (userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain,
            let posix = Int32(exactly: underlying.code).flatMap(POSIXErrorCode.init(rawValue:)),
            !posixEntry(posix).isGeneric
        else { return cocoaEntry(code) }
        return posixEntry(posix)
    }

    // MARK: - POSIXError

    /// `onSocket`: the errno comes from a socket or a connection, where a broken pipe or a reset is a lost
    /// connection; elsewhere (a pipe, a file) it means the reader went away.
    static func posixEntry(_ code: POSIXErrorCode, onSocket: Bool = false) -> Entry {
        switch code {
        case .EPIPE, .ECONNRESET:
            return onSocket ? networkConnectionLost : pipeClosed
        case .ENOSPC:
            return storageFull
        case .EDQUOT:
            return storageQuota
        case .EACCES, .EPERM:
            return fileNoPermission
        case .EROFS:
            return fileReadOnlyVolume
        case .ENOENT:
            return fileNotFound
        case .ENOTDIR:
            return fileNotAFolder
        case .EISDIR:
            return fileIsAFolder
        case .EEXIST:
            return fileExists
        case .ENAMETOOLONG:
            return fileInvalidName
        case .EFBIG:
            return fileTooLarge
        case .ETXTBSY, .EBUSY:
            return fileLocked
        case .ECONNREFUSED, .EHOSTUNREACH:
            return networkCannotConnect
        case .ECONNABORTED, .ENOTCONN:
            return networkConnectionLost
        case .EHOSTDOWN:
            return networkCannotConnect
        case .ETIMEDOUT:
            return networkTimedOut
        case .ENETUNREACH, .ENETDOWN:
            return networkOffline
        default:
            return systemDefault
        }
    }

    // MARK: - HTTP

    static func interpretation(forHTTP error: HTTPStatusError, localization: Localization) -> ErrorInterpretation {
        var interpretation = httpEntry(error.status).interpretation(in: localization)
        if takesRetryAfter(error.status) { interpretation.retryAfter = error.retryAfter() }
        return interpretation
    }

    /// 429 and 503, the statuses whose `Retry-After` the interpretation reads.
    static func takesRetryAfter(_ status: Int) -> Bool {
        status == 429 || status == 503
    }

    static func httpEntry(_ status: Int) -> Entry {
        switch status {
        case 400: httpBadRequest
        case 401: signInRequired
        case 403: httpForbidden
        case 404: httpNotFound
        case 408: httpRequestTimeout
        case 409: httpConflict
        case 413: httpContentTooLarge
        case 422: httpUnprocessableContent
        case 429: httpTooManyRequests
        case 500: httpInternalServerError
        case 502: httpBadGateway
        case 503: httpServiceUnavailable
        case 504: httpGatewayTimeout
        case 400..<500: httpClientError
        case 500..<600: httpServerError
        default: httpUnexpectedStatus
        }
    }
}
