import Foundation

/// The built-in catalog's entries: the kinds of failure Remedy knows, each with its category, severity,
/// flags and the keys of its texts.
extension BuiltInCatalog {
    // Network
    static let networkOffline = Entry(
        "network.offline",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .network
    )
    static let networkConnectionLost = Entry(
        "network.connectionLost",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .network
    )
    static let networkTimedOut = Entry(
        "network.timedOut",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .network,
        names: [.host]
    )
    static let networkHostNotFound = Entry(
        "network.hostNotFound",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .network,
        names: [.host]
    )
    static let networkCannotConnect = Entry(
        "network.cannotConnect",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .network,
        names: [.host]
    )
    // A handshake that fails fails the same way again (no common protocol, not TLS at all): permanent.
    static let networkSecureConnectionFailed = Entry(
        "network.secureConnectionFailed",
        category: .externalSystemUnavailable,
        isPermanent: true,
        icon: .lock,
        names: [.host]
    )
    // Connecting again meets the same certificate: permanent until the network or the server changes.
    static let networkUntrustedServer = Entry(
        "network.untrustedServer",
        category: .externalSystemUnexpected,
        isPermanent: true,
        icon: .lock,
        names: [.host]
    )
    static let networkClientCertificate = Entry(
        "network.clientCertificate",
        category: .permissionDenied,
        isPermanent: true,
        icon: .lock
    )
    static let networkBadAddress = Entry("network.badAddress", category: .invalidInput, isPermanent: true)
    static let networkBadResponse = Entry(
        "network.badResponse",
        category: .externalSystemUnexpected,
        offersRetry: true
    )
    static let networkUnreadableResponse = Entry(
        "network.unreadableResponse",
        category: .externalSystemUnexpected,
        offersRetry: true
    )
    static let networkTooManyRedirects = Entry(
        "network.tooManyRedirects",
        category: .externalSystemUnexpected,
        isPermanent: true,
        icon: .server
    )
    static let networkResponseTooLarge = Entry(
        "network.responseTooLarge",
        category: .externalSystemUnexpected,
        isPermanent: true,
        icon: .server
    )
    static let networkResourceUnavailable = Entry(
        "network.resourceUnavailable",
        category: .externalSystemUnavailable,
        offersRetry: true
    )
    static let networkDataNotAllowed = Entry(
        "network.dataNotAllowed",
        category: .externalSystemUnavailable,
        offersRetry: true,
        icon: .network
    )
    static let networkRoamingOff = Entry(
        "network.roamingOff",
        category: .externalSystemUnavailable,
        offersRetry: true,
        icon: .network
    )
    static let networkDefault = Entry(
        "network.default",
        category: .externalSystemUnavailable,
        offersRetry: true,
        isGeneric: true,
        icon: .network
    )
    static let signInRequired = Entry("auth.signInRequired", category: .authenticationRequired, severity: .critical)

    // Files and storage
    static let fileNotFound = Entry(
        "file.notFound", category: .externalSystemUnavailable, isPermanent: true, names: [.file])
    static let fileNoPermission = Entry(
        "file.noPermission", category: .permissionDenied, isPermanent: true, names: [.file])
    static let fileWriteNoPermission = Entry(
        "file.writeNoPermission", category: .permissionDenied, isPermanent: true, names: [.file])
    static let storageFull = Entry("storage.full", category: .resourceExhausted, offersRetry: true)
    static let storageQuota = Entry("storage.quota", category: .resourceExhausted, offersRetry: true)
    static let fileLocked = Entry("file.locked", category: .permissionDenied, offersRetry: true, names: [.file])
    static let fileCorrupt = Entry(
        "file.corrupt", category: .externalSystemUnexpected, isPermanent: true, names: [.file])
    static let fileReadOnlyVolume = Entry(
        "file.readOnlyVolume", category: .permissionDenied, isPermanent: true, icon: .storage)
    static let fileExists = Entry("file.exists", category: .invalidInput, isPermanent: true, names: [.file])
    static let fileInvalidName = Entry("file.invalidName", category: .invalidInput, isPermanent: true, names: [.file])
    static let fileNotAFolder = Entry("file.notAFolder", category: .invalidInput, isPermanent: true, names: [.file])
    static let fileIsAFolder = Entry("file.isAFolder", category: .invalidInput, isPermanent: true, names: [.file])
    static let fileTooLarge = Entry("file.tooLarge", category: .resourceExhausted, isPermanent: true, names: [.file])
    static let fileUnsupportedEncoding = Entry(
        "file.unsupportedEncoding", category: .externalSystemUnexpected, isPermanent: true, names: [.file])
    static let fileUnreadableFormat = Entry(
        "file.unreadableFormat", category: .invalidInput, isPermanent: true, names: [.file, .location])
    static let fileReadFailed = Entry(
        "file.readFailed", category: .externalSystemUnexpected, offersRetry: true, names: [.file])
    static let fileWriteFailed = Entry(
        "file.writeFailed", category: .externalSystemUnavailable, offersRetry: true, names: [.file])

    // Data
    static let dataUnreadable = Entry(
        "data.unreadable", category: .externalSystemUnexpected, isPermanent: true, names: [.file, .location])
    static let dataUnsavable = Entry("data.unsavable", category: .internalInconsistency, isPermanent: true)

    // Databases
    static let databaseConstraint = Entry("database.constraint", category: .invalidInput, isPermanent: true)
    static let databaseBusy = Entry(
        "database.busy",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .storage
    )
    static let databaseReadOnly = Entry(
        "database.readOnly", category: .permissionDenied, isPermanent: true, icon: .storage)
    static let databaseCorrupt = Entry(
        "database.corrupt", category: .externalSystemUnexpected, isPermanent: true, icon: .storage)
    // A database in a folder that doesn't exist, or a database server without the named database: the app's
    // or the operator's setup, not a service that is down.
    static let databaseCannotOpen = Entry(
        "database.cannotOpen", category: .internalInconsistency, isPermanent: true, icon: .storage)
    static let databaseInvalidValue = Entry("database.invalidValue", category: .invalidInput, isPermanent: true)
    static let databaseMissingValue = Entry("database.missingValue", category: .invalidInput, isPermanent: true)
    static let databaseReference = Entry("database.reference", category: .invalidInput, isPermanent: true)
    static let databaseCredentials = Entry(
        "database.credentials", category: .permissionDenied, isPermanent: true, icon: .lock)
    static let databaseNoPermission = Entry(
        "database.noPermission", category: .permissionDenied, isPermanent: true, icon: .lock)
    static let databaseUnavailable = Entry(
        "database.unavailable",
        category: .externalSystemUnavailable,
        severity: .minor,
        isTransient: true,
        offersRetry: true,
        icon: .storage
    )
    static let databaseDefault = Entry(
        "database.default", category: .externalSystemUnexpected, offersRetry: true, isGeneric: true, icon: .storage)

    // A programmer's mistake, and data that fails its check
    static let programmingError = Entry(
        "internal.programmingError", category: .internalInconsistency, isPermanent: true)
    static let dataIntegrityFailed = Entry(
        "data.integrityFailed", category: .externalSystemUnexpected, isPermanent: true, icon: .lock)

    // The program's setup and surroundings: a missing program or setting is fixed by installing or setting it up,
    // never by trying again; a reader that went away won't come back.
    static let processProgramNotFound = Entry(
        "process.programNotFound", category: .internalInconsistency, isPermanent: true)
    static let configMissing = Entry("config.missing", category: .internalInconsistency, isPermanent: true)
    static let configInvalid = Entry("config.invalid", category: .internalInconsistency, isPermanent: true)
    static let pipeClosed = Entry(
        "pipe.closed", category: .externalSystemUnavailable, severity: .minor, isPermanent: true, icon: .info)
    static let serviceUpdateRequired = Entry(
        "service.updateRequired", category: .externalSystemUnexpected, isPermanent: true, icon: .server)

    // Domain defaults
    static let cocoaDefault = Entry("cocoa.default", category: .unknown, offersRetry: true, isGeneric: true)
    static let systemDefault = Entry("system.default", category: .unknown, offersRetry: true, isGeneric: true)

    // HTTP
    static let httpBadRequest = Entry(
        "http.badRequest", category: .externalSystemUnexpected, isPermanent: true, icon: .server)
    static let httpForbidden = Entry("http.forbidden", category: .permissionDenied, isPermanent: true)
    static let httpNotFound = Entry(
        "http.notFound", category: .externalSystemUnexpected, isPermanent: true, icon: .server)
    static let httpRequestTimeout = Entry(
        "http.requestTimeout",
        category: .externalSystemUnavailable,
        isTransient: true,
        offersRetry: true,
        icon: .server
    )
    static let httpConflict = Entry("http.conflict", category: .externalSystemUnexpected, icon: .server)
    static let httpContentTooLarge = Entry("http.contentTooLarge", category: .invalidInput, isPermanent: true)
    static let httpUnprocessableContent = Entry(
        "http.unprocessableContent", category: .invalidInput, isPermanent: true)
    static let httpTooManyRequests = Entry(
        "http.tooManyRequests",
        category: .externalSystemUnavailable,
        isTransient: true,
        offersRetry: true,
        icon: .server
    )
    static let httpInternalServerError = Entry(
        "http.internalServerError",
        category: .externalSystemUnavailable,
        offersRetry: true,
        icon: .server
    )
    static let httpBadGateway = Entry(
        "http.badGateway",
        category: .externalSystemUnavailable,
        isTransient: true,
        offersRetry: true,
        icon: .server
    )
    static let httpServiceUnavailable = Entry(
        "http.serviceUnavailable",
        category: .externalSystemUnavailable,
        isTransient: true,
        offersRetry: true,
        icon: .server
    )
    static let httpGatewayTimeout = Entry(
        "http.gatewayTimeout",
        category: .externalSystemUnavailable,
        isTransient: true,
        offersRetry: true,
        icon: .server
    )
    static let httpClientError = Entry(
        "http.clientError", category: .externalSystemUnexpected, isGeneric: true, icon: .server)
    static let httpServerError = Entry(
        "http.serverError",
        category: .externalSystemUnavailable,
        offersRetry: true,
        isGeneric: true,
        icon: .server
    )
    static let httpUnexpectedStatus = Entry(
        "http.unexpectedStatus",
        category: .externalSystemUnexpected,
        isGeneric: true,
        icon: .server
    )

    /// Every entry, in the order of the documentation.
    static let allEntries: [Entry] = [
        networkOffline, networkConnectionLost, networkTimedOut, networkHostNotFound, networkCannotConnect,
        networkSecureConnectionFailed, networkUntrustedServer, networkClientCertificate, networkBadAddress,
        networkBadResponse, networkUnreadableResponse, networkTooManyRedirects, networkResponseTooLarge,
        networkResourceUnavailable, networkDataNotAllowed, networkRoamingOff, networkDefault, signInRequired,
        fileNotFound, fileNoPermission, fileWriteNoPermission, storageFull, storageQuota, fileLocked, fileCorrupt,
        fileReadOnlyVolume, fileExists, fileInvalidName, fileNotAFolder, fileIsAFolder, fileTooLarge,
        fileUnsupportedEncoding, fileUnreadableFormat, fileReadFailed, fileWriteFailed, dataUnreadable, dataUnsavable,
        databaseConstraint, databaseBusy, databaseReadOnly, databaseCorrupt, databaseCannotOpen, databaseInvalidValue,
        databaseMissingValue, databaseReference, databaseCredentials, databaseNoPermission, databaseUnavailable,
        databaseDefault, programmingError, dataIntegrityFailed, processProgramNotFound, configMissing, configInvalid,
        pipeClosed, serviceUpdateRequired,
        cocoaDefault, systemDefault,
        httpBadRequest, httpForbidden, httpNotFound, httpRequestTimeout, httpConflict, httpContentTooLarge,
        httpUnprocessableContent, httpTooManyRequests, httpInternalServerError, httpBadGateway,
        httpServiceUnavailable, httpGatewayTimeout, httpClientError, httpServerError, httpUnexpectedStatus,
    ]

    /// Every entry by name.
    static let entriesByName: [String: Entry] = Dictionary(
        allEntries.map { ($0.name, $0) },
        uniquingKeysWith: { first, _ in first }
    )
}
