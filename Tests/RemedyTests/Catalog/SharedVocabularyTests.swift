import Foundation
import RemedyTesting
import Testing

@testable import Remedy

/// Failures read by the vocabularies libraries share, found by structure in types of names no table lists:
/// each reads as its entry bare, inside the app's enum and inside context, in every language without the
/// library's text.
@Suite(.timeLimit(.minutes(10)))
struct SharedVocabularyTests {
    let english = Localization(locale: Locale(identifier: "en"))

    /// The failure bare, inside the app's enum, and inside a context layer.
    static func wrappings(of error: any Error) -> [(String, any Error)] {
        let context = Result { try withContext("Loading the forecast") { throw error } }
        let wrapped: any Error
        switch context {
        case .success: wrapped = error
        case .failure(let contextError): wrapped = contextError
        }
        return [("bare", error), ("app enum", ForecastAppError.loading(error)), ("context", wrapped)]
    }

    @Test(arguments: VocabularyFixtures.all)
    func readsAsItsEntryWhereverItStands(_ fixture: VocabularyCase) throws {
        let resolver = ErrorResolver(localization: english)
        for (place, error) in Self.wrappings(of: fixture.make()) {
            let interpretation = resolver.interpretation(of: error)
            guard let name = fixture.entryName else {
                #expect(interpretation.isSilent, "\(fixture.label), \(place): silent")
                continue
            }
            let entry = try #require(ErrorCatalog.builtInEntry(named: name))
            let presentation = resolver.presentation(for: error)
            #expect(interpretation.builtInEntryName == name, "\(fixture.label), \(place)")
            #expect(presentation.title == english.string(forKey: entry.titleKey), "\(fixture.label), \(place)")
            #expect(presentation.category == entry.category, "\(fixture.label), \(place): category")
            #expect(interpretation.isTransient == entry.isTransient, "\(fixture.label), \(place): transient")
            let offersRetry = presentation.options.contains { $0.isRetry }
            #expect(offersRetry == (entry.offersRetry && !entry.isPermanent), "\(fixture.label), \(place): Try Again")
        }
    }

    @Test(arguments: VocabularyFixtures.all.filter { $0.entryName != nil })
    func aPersonNeverReadsTheLibrarysText(_ fixture: VocabularyCase) {
        for language in Localization.supportedLanguages {
            let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: language)))
            for (place, error) in Self.wrappings(of: fixture.make()) {
                let presentation = resolver.presentation(for: error)
                let shown = presentation.title + "\n" + presentation.message
                for word in VocabularyFixtures.libraryWords {
                    #expect(!shown.contains(word), "\(fixture.label), \(place), \(language): \(word)")
                }
            }
        }
    }

    // MARK: - What the tables leave to the context

    @Test func signInPermissionAndBadInputOfferNoTryAgainInsideAttempt() async throws {
        let errors: [(any Error, ErrorCategory)] = [
            (RemoteRPCFailure(.unauthenticated), .authenticationRequired),
            (TokenVerificationError(.malformedToken), .authenticationRequired),
            (RemoteRPCFailure(.permissionDenied), .permissionDenied),
            (RemoteRPCFailure(.invalidArgument), .externalSystemUnexpected),
            (SettingsReaderError.missingRequiredConfigValue("http.port"), .internalInconsistency),
        ]
        for (error, category) in errors {
            let harness = HandlingHarness(otherwise: .role(.cancel))
            let value: Int? = await harness.scope.attempt("Loading the forecast") { throw error }
            #expect(value == nil)
            let shown = try #require(harness.presentations.first)
            #expect(shown.category == category)
            #expect(!shown.options.contains { $0.isRetry }, "\(error)")
        }
    }

    @Test func aSignInRuleTakesOverTheExpiredToken() async {
        let signedIn = LockedValue(0)
        let harness = HandlingHarness(rules: [
            .category(
                .authenticationRequired,
                .takeOver { _ in
                    signedIn.withLock { $0 += 1 }
                    return .notRecovered
                })
        ])
        _ = await harness.scope.attempt("Loading the forecast") { () throws -> Int in
            throw TokenVerificationError(.claimVerificationFailure, reason: "expired")
        }
        #expect(signedIn.withLock { $0 } >= 1, "the app's sign-in flow runs")
    }

    @Test func aDeadlineIsTransientAndRetriedLikeATimeout() {
        let interpretation = ErrorResolver(localization: english).interpretation(
            of: RemoteRPCFailure(.deadlineExceeded))
        #expect(interpretation.isTransient)
        #expect(interpretation.options.contains { $0.isRetry })
    }

    @Test func resourceExhaustedWaitsAsTheMetadataSays() {
        let resolver = ErrorResolver(localization: english)
        let seconds = RemoteRPCFailure(.resourceExhausted, metadata: [("retry-after", "30")])
        #expect(resolver.interpretation(of: seconds).retryAfter == .seconds(30))
        let pushback = RemoteRPCFailure(.resourceExhausted, metadata: [("grpc-retry-pushback-ms", "1500")])
        #expect(resolver.interpretation(of: pushback).retryAfter == .milliseconds(1500))
        #expect(resolver.interpretation(of: RemoteRPCFailure(.resourceExhausted)).retryAfter == nil)
    }

    @Test func namesOtherVocabulariesShareCountOnlyWhereTheTypeSaysRPC() {
        #expect(ErrorResolver().interpretation(of: CallFailure(code: .unknown)).builtInEntryName == nil)
        #expect(
            ErrorResolver().interpretation(of: CallFailure(code: .unauthenticated)).category == .authenticationRequired)
        #expect(ErrorResolver().interpretation(of: RPCStatusReply(code: 0, details: "")).builtInEntryName == nil)
    }

    @Test func aSocketLibrarysBrokenPipeStaysANetworkFailure() {
        let resolver = ErrorResolver(localization: english)
        let socket = resolver.interpretation(
            of: SocketWriteFailure(errnoCode: POSIXErrorCode.EPIPE.rawValue, reason: ""))
        #expect(socket.builtInEntryName == "network.connectionLost")
        #expect(socket.isTransient)
        #expect(socket.options.contains { $0.isRetry })
        let pipe = resolver.interpretation(of: StreamWriteFailure(errno: POSIXErrorCode.EPIPE.rawValue, operation: ""))
        #expect(pipe.builtInEntryName == "pipe.closed")
        #expect(!pipe.isTransient)
        #expect(pipe.category != .externalSystemUnavailable || pipe.icon != .network, "nothing about it is a network")
    }

    @Test func aClosedPipeIsMinor() {
        let fileHandle = VocabularyFixtures.errno.first { $0.label == "a FileHandle's broken pipe" }
        let presentation = ErrorResolver(localization: english).presentation(for: fileHandle!.make())
        #expect(presentation.severity == .minor)
    }

    @Test func aMissingProgramIsTheSetupNotAMovedFile() {
        let error = ProgramSpawnError(
            .executableNotFound, errno: POSIXErrorCode.ENOENT.rawValue, context: "swiftformat")
        let interpretation = ErrorResolver(localization: english).interpretation(of: error)
        #expect(interpretation.builtInEntryName == "process.programNotFound")
        #expect(interpretation.category == .internalInconsistency)
        #expect(interpretation.isPermanent)
    }

    @Test func aDatabaseInAMissingFolderIsLocalSetup() {
        let error = EmbeddedSQLiteError(reason: .cantOpen, message: "unable to open database file")
        #expect(ErrorResolver().interpretation(of: error).category != .externalSystemUnavailable)
    }

    @Test(arguments: [(1299, "23502"), (787, "23503"), (275, "23514"), (2067, "23505")])
    func aViolationReadsTheSameFromSQLiteAndAnSQLStateDatabase(sqlite: Int32, sqlState: String) throws {
        let lite = try #require(
            EcosystemFamily.sqlite.interpretation(of: SQLiteDriverError(resultCode: sqlite, message: "")))
        let postgres = try #require(
            EcosystemFamily.sql.interpretation(of: StandInPSQLError(sqlState: sqlState, message: "violation")))
        #expect(lite.builtInEntryName == postgres.builtInEntryName)
        #expect(lite.title == postgres.title)
    }

    // MARK: - Reports keep the codes

    @Test func aReportKeepsTheCodesTheStructureCarries() {
        let full = VocabularyFixtures.errno.first { $0.label == "a full device" }!.make()
        let report = ErrorReport(full).text
        #expect(report.contains("28"))
        #expect(report.contains("ENOSPC"))
        let rpc = ErrorReport(RemoteRPCFailure(.deadlineExceeded)).text
        #expect(rpc.contains("deadlineExceeded"))
        let spawn = ErrorReport(
            ProgramSpawnError(.executableNotFound, errno: POSIXErrorCode.ENOENT.rawValue, context: "swiftformat")
        ).text
        #expect(spawn.contains("ENOENT"))
        let client = ErrorReport(OperationClientFailure(response: ResponseHead("502 Bad Gateway")))
        #expect(client.text.contains("HTTP 502"))
        #expect(client.json.contains("\"namedCode\":\"HTTP 502\""))
    }

    // MARK: - Families by name

    @Test func namesSayWhichVocabularyAppliesWithoutNamingALibrary() {
        #expect(EcosystemFamily(qualifiedName: "Configuration.ConfigError") == .configuration)
        #expect(EcosystemFamily(qualifiedName: "MyApp.SettingsLoadError") == .configuration)
        #expect(EcosystemFamily(qualifiedName: "JWTKit.JWTError") == .credentials)
        #expect(EcosystemFamily(qualifiedName: "MyApp.TokenRefreshError") == .credentials)
        #expect(EcosystemFamily(qualifiedName: "Subprocess.SubprocessError") == .process)
        #expect(EcosystemFamily(qualifiedName: "SQLite.Result.Error") == .sqlite)
        #expect(EcosystemFamily(qualifiedName: "MyApp.ProcessingView") == nil)
        #expect(EcosystemFamily(qualifiedName: "Markdown.TokenizerError") == nil, "a word it begins isn't the word")
    }

    @Test func whatTheNamesDontSayIsLeftToTheGenericText() {
        enum AccessTokenError: Error { case keychainLocked }
        enum ConfigStoreError: Error { case diskBusy }
        let resolver = ErrorResolver()
        #expect(resolver.interpretation(of: AccessTokenError.keychainLocked).builtInEntryName == nil)
        #expect(resolver.interpretation(of: ConfigStoreError.diskBusy).builtInEntryName == nil)
        #expect(resolver.interpretation(of: TokenVerificationError(.invalidJWK)).builtInEntryName == nil)
        // …but a code the error carries still speaks.
        struct TokenServiceError: Error {
            let statusCode: Int
        }
        #expect(
            resolver.interpretation(of: TokenServiceError(statusCode: 401)).builtInEntryName == "auth.signInRequired")
    }
}
