import Remedy

/// The kinds of issue 35: failures of stacks the catalog has no entries for, read by the vocabularies they
/// share (gRPC status codes, HTTP statuses, SQLite's extended result codes, errno, expired credentials,
/// configuration). Each title is the catalog entry's own.
extension Kind {
    /// gRPC `deadlineExceeded`: timed out, retried on its own.
    static let timedOut = Kind(
        name: "timed out", title: catalogTitle("network.timedOut"), category: .externalSystemUnavailable,
        retry: .transient)
    /// gRPC `internalError`, an HTTP 500: the service's own problem; trying again may help.
    static let serviceProblem = Kind(
        name: "service problem", title: catalogTitle("http.internalServerError"),
        category: .externalSystemUnavailable, retry: .offersTryAgain)
    /// gRPC `invalidArgument`: the service refuses what the app sent.
    static let badRequest = Kind(
        name: "bad request", title: catalogTitle("http.badRequest"), category: .externalSystemUnexpected,
        retry: .permanent)
    /// gRPC `failedPrecondition` and `aborted`: the app's state conflicts with the service's. Whether to retry
    /// is HTTP 409's answer (`VocabularyTests`): aborted is retryable at a higher level.
    static let conflict = Kind(
        name: "conflict", title: catalogTitle("http.conflict"), category: .externalSystemUnexpected,
        retry: .unspecified)
    /// gRPC `notFound`.
    static let remoteNotFound = Kind(
        name: "not found", title: catalogTitle("http.notFound"), category: .externalSystemUnexpected,
        retry: .permanent)
    /// gRPC `permissionDenied`: no Try Again.
    static let forbidden = Kind(
        name: "forbidden", title: catalogTitle("http.forbidden"), category: .permissionDenied, retry: .permanent)
    /// gRPC `resourceExhausted`: too many requests, retried after a while.
    static let tooManyRequests = Kind(
        name: "too many requests", title: catalogTitle("http.tooManyRequests"),
        category: .externalSystemUnavailable, retry: .transient)
    /// gRPC `unavailable`.
    static let serviceUnavailable = Kind(
        name: "service unavailable", title: catalogTitle("http.serviceUnavailable"),
        category: .externalSystemUnavailable, retry: .transient)
    /// gRPC `unimplemented`: this version of the app can't do this; updating it can.
    static let updateRequired = Kind(
        name: "update required", title: catalogTitle("service.updateRequired"),
        category: .externalSystemUnexpected, retry: .permanent)
    /// gRPC `unauthenticated`, a token that expired or doesn't verify: Sign In, never Try Again.
    static let signInRequired = Kind(
        name: "sign in required", title: catalogTitle("auth.signInRequired"), category: .authenticationRequired,
        retry: .noTryAgain)
    /// SQLite's NOT NULL: something required was left empty.
    static let missingValue = Kind(
        name: "missing value", title: catalogTitle("database.missingValue"), category: .invalidInput,
        retry: .permanent)
    /// SQLite's FOREIGN KEY: refers to an entry that doesn't exist, or is still used.
    static let reference = Kind(
        name: "reference", title: catalogTitle("database.reference"), category: .invalidInput, retry: .permanent)
    /// A database in a folder that doesn't exist: local setup, not an unavailable system.
    static let cannotOpenDatabase = Kind(
        name: "cannot open database", title: catalogTitle("database.cannotOpen"), category: nil,
        retry: .permanent, excludedCategory: .externalSystemUnavailable)
    /// A required setting that isn't set.
    static let configMissing = Kind(
        name: "setup incomplete", title: catalogTitle("config.missing"), category: .internalInconsistency,
        retry: .permanent)
    /// A setting whose value isn't valid.
    static let configInvalid = Kind(
        name: "setting not valid", title: catalogTitle("config.invalid"), category: .internalInconsistency,
        retry: .permanent)
    /// A program that isn't installed: no moved file, no unavailable system.
    static let programNotFound = Kind(
        name: "program not found", title: catalogTitle("process.programNotFound"), category: nil,
        retry: .permanent, excludedCategory: .externalSystemUnavailable)
    /// Foundation `Process.run()` of a path with nothing there. On Linux it throws exactly what reading a missing
    /// file throws (`NSCocoaErrorDomain` 260, `NSFilePath`, POSIX `ENOENT` beneath), so no structure tells a
    /// missing program from a missing file: it reads as the file at that path, which is true. swift-subprocess,
    /// whose error says it was spawning, reads as a program not found.
    static let missingExecutableFile = Kind(
        name: "missing executable file", title: catalogTitle("file.notFound"), category: nil, retry: .permanent)
    /// A working directory that doesn't exist: a missing folder.
    static let missingFolder = Kind(
        name: "missing folder", title: catalogTitle("file.notFound"), category: nil, retry: .permanent)
    /// EPIPE on a pipe: the reader stopped early; nothing about it is a network (its title is no lost
    /// connection's). Issue 35 fixes no category for it.
    static let outputClosed = Kind(
        name: "output closed", title: catalogTitle("pipe.closed"), category: nil, retry: .noTryAgain,
        severity: .minor)
    /// ECONNRESET on a socket: a network's failure, retried on its own.
    static let connectionLost = Kind(
        name: "connection lost", title: catalogTitle("network.connectionLost"),
        category: .externalSystemUnavailable, retry: .transient)
    /// ENOSPC: the disk is full; trying again after making room can help.
    static let storageFull = Kind(
        name: "storage full", title: catalogTitle("storage.full"), category: .resourceExhausted,
        retry: .offersTryAgain)

    /// Each case of issue 35 with the kind a person must read.
    static let vocabularies: [(caseID: String, kind: Kind)] = [
        ("grpc.deadlineExceeded", .timedOut),
        ("grpc.unauthenticated", .signInRequired),
        ("grpc.permissionDenied", .forbidden),
        ("grpc.notFound", .remoteNotFound),
        ("grpc.invalidArgument", .badRequest),
        ("grpc.resourceExhausted", .tooManyRequests),
        ("grpc.internalError", .serviceProblem),
        ("grpc.unavailable", .serviceUnavailable),
        ("grpc.unimplemented", .updateRequired),
        ("grpc.alreadyExists", .integrity),
        ("grpc.failedPrecondition", .conflict),
        ("grpc.aborted", .conflict),
        ("grpc.outOfRange", .badRequest),
        ("grpc.unknown", .serviceProblem),
        ("grpc.dataLoss", .serviceProblem),
        ("openapi.refused", .cannotConnect),
        ("openapi.undocumented", .serviceProblem),
        ("openapi.unexpectedContentType", .serviceProblem),
        ("jwt.expired", .signInRequired),
        ("jwt.signature", .signInRequired),
        ("jwt.malformed", .signInRequired),
        ("configuration.missing", .configMissing),
        ("configuration.wrongType", .configInvalid),
        ("subprocess.notFound", .programNotFound),
        ("process.notFound", .missingExecutableFile),
        ("subprocess.workingDirectory", .missingFolder),
        ("sqlitenio.notNull", .missingValue),
        ("sqlitenio.unique", .integrity),
        ("sqlitenio.check", .invalidValue),
        ("sqlitenio.foreignKey", .reference),
        ("sqlitenio.syntax", .internalProblem),
        ("sqlitenio.cantOpen", .cannotOpenDatabase),
        ("pipe.closed", .outputClosed),
        ("nio.reset", .connectionLost),
        ("device.full", .storageFull),
    ]
}
