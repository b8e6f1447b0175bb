import Foundation
import Remedy
import RemedyTesting
import Testing

/// The ecosystem's error families, the trust policy for foreign text, advice that fits, and messages
/// that name what a failure concerns.
@Suite(.timeLimit(.minutes(10)))
struct EcosystemFamilyTests {
    let english = Localization(locale: Locale(identifier: "en"))

    // MARK: - Families

    @Test(arguments: EcosystemFixtures.cases, CatalogFixtures.languages)
    func standInMapsToItsEntryInEveryLanguage(_ fixture: EcosystemCase, language: String) throws {
        let localization = CatalogFixtures.localization(language)
        let entry = try #require(ErrorCatalog.builtInEntry(named: fixture.entryName))
        let interpretation = try #require(
            fixture.family.interpretation(of: fixture.makeError(), localization: localization))
        #expect(interpretation.title == localization.string(forKey: entry.titleKey))
        #expect(interpretation.message == localization.string(forKey: entry.messageKey))
        #expect(interpretation.category == entry.category)
        #expect(interpretation.isTransient == entry.isTransient)
        #expect(interpretation.isPermanent == entry.isPermanent)
        #expect(interpretation.options.contains { $0.isRetry } == entry.offersRetry)
        #expect(!interpretation.isSilent)
    }

    @Test func theRealTypesBelongToTheirFamilies() {
        let expected: [(String, EcosystemFamily?)] = [
            ("GRDB.DatabaseError", .sqlite), ("SQLiteNIO.SQLiteError", .sqlite), ("NIOCore.IOError", .nioIOError),
            ("NIOPosix.NIOConnectionError", .nioConnectionError), ("NIOCore.ChannelError", .nioChannelError),
            ("NIOCore.NIOTooManyBytesError", .nioTooManyBytes), ("NIOSSL.NIOSSLError", .tls),
            ("NIOSSL.NIOSSLExtraError", .tls), ("AsyncHTTPClient.HTTPClientError", .httpClient),
            ("Yams.YamlError", .parse), ("TOMLKit.TOMLParseError", .parse), ("SwiftCSV.CSVParseError", .parse),
            ("MyTool.YAMLError", .parse), ("MyTool.JSONParseError", .parse),
            // An app's own types of the same short names are not the libraries'.
            ("MyApp.DatabaseError", nil), ("MyApp.IOError", nil), ("MyApp.HTTPClientError", nil),
            ("MyApp.Errors", nil), ("MyApp.CSVExport", nil), ("Swift.DecodingError", nil), ("IOError", nil),
        ]
        for (name, family) in expected {
            #expect(EcosystemFamily(qualifiedName: name) == family, "\(name)")
        }
    }

    @Test func interruptionsAndCancellationsAreSilent() throws {
        let interrupted = try #require(
            EcosystemFamily.sqlite.interpretation(of: DatabaseErrorStandIn(extendedResultCode: 9, sql: "")))
        #expect(interrupted.isSilent)
        let sqliteNIO = try #require(
            EcosystemFamily.sqlite.interpretation(of: SQLiteErrorStandIn(reason: .interrupt, message: "interrupted")))
        #expect(sqliteNIO.isSilent)
        let cancelled = try #require(EcosystemFamily.httpClient.interpretation(of: HTTPClientErrorStandIn(.cancelled)))
        #expect(cancelled.isSilent)
    }

    @Test func aLibrarysOwnInternalErrorsGetNoEntry() {
        // The generic text covers a library's own bugs; a catalog text would pretend to know what happened.
        // (A caller's mistake, such as `ChannelError.inappropriateOperationForState`, is an internal problem:
        // see `KindFixtures`.)
        #expect(
            EcosystemFamily.httpClient.interpretation(
                of: HTTPClientErrorStandIn(.internalStateFailure(file: "HTTPClient.swift", line: 12))) == nil)
        #expect(EcosystemFamily.nioIOError.interpretation(of: IOErrorStandInWithoutErrno()) == nil)
    }

    @Test func aParseErrorKnowsItsLine() throws {
        // The family's own interpretation keeps the line; the merge names it (see below).
        let yaml = EcosystemFixtures.cases.first { $0.label == "YamlError.scanner" }
        let fixture = try #require(yaml)
        let interpretation = try #require(fixture.family.interpretation(of: fixture.makeError()))
        #expect(interpretation.isPermanent)
        #expect(!interpretation.isTransient)
        #expect(interpretation.category == .invalidInput)
    }

    // MARK: - Trust

    @Test func aLibrarysBridgedDeveloperTextNeverBecomesTheMessage() {
        // Outside its family (a stand-in can't be GRDB's type), the error is a `CustomNSError` whose user
        // info holds SQL: the screen finds developer text, so it is untrusted.
        let error = DatabaseErrorStandIn(extendedResultCode: 2067, sql: EcosystemFixtures.insert)
        #expect(ErrorCatalog.standard.textTrust(of: error) == .untrusted)
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(!presentation.message.contains("SQLite"))
        #expect(!presentation.message.contains("INSERT"))
        #expect(presentation.detail?.contains("INSERT INTO player") == true, "untrusted text goes to the detail")
        let report = ErrorReport(error).text
        #expect(report.contains("INSERT INTO player"), "the report keeps it")
    }

    @Test func anAppDeclaresTrustByTypeAndDomain() {
        // The driver's description reads like developer text (a case name, SQLite's words): the screen finds it.
        let sqliteNIO = SQLiteErrorStandIn(reason: .constraintUniqueFailed, message: "UNIQUE constraint failed: t.c")
        #expect(ErrorCatalog.standard.textTrust(of: sqliteNIO) == .untrusted)
        // A sentence is trusted unless the app says otherwise.
        let interrupted = SQLiteErrorStandIn(reason: .interrupt, message: "The save was stopped.")
        #expect(ErrorCatalog.standard.textTrust(of: interrupted) == .trusted)
        var catalog = ErrorCatalog.standard
        catalog.setTextTrust(.untrusted, for: SQLiteErrorStandIn.self)
        #expect(catalog.textTrust(of: interrupted) == .untrusted)
        let resolver = ErrorResolver(catalog: catalog, localization: english)
        #expect(!resolver.presentation(for: interrupted).message.contains("stopped"))

        // The other way round: an app that wrote its CustomNSError texts for people says so.
        let bridged = DatabaseErrorStandIn(extendedResultCode: 1, sql: "")
        catalog.setTextTrust(.trusted, forDomain: DatabaseErrorStandIn.errorDomain)
        #expect(catalog.textTrust(of: bridged) == .trusted)
        #expect(ErrorResolver(catalog: catalog).presentation(for: bridged).message.hasPrefix("SQLite error 1"))
    }

    @Test(arguments: [
        ("SQLite error 19: UNIQUE constraint failed: player.email", true),
        ("Couldn't run `git fetch`.", true),
        ("Fatal error at Sources/Sync/Engine.swift:42", true),
        ("The operation failed: Error Domain=Foo Code=3", true),
        ("Request failed: HTTPClientError.readTimeout", true),
        ("DatabaseError", true),
        ("Your subscription has expired. Renew it to keep syncing.", false),
        ("Error: the card was declined.", false),
        ("Die Karte wurde abgelehnt.", false),
    ])
    func foreignNSErrorTextIsScreened(_ text: String, isDeveloperText: Bool) {
        let error = NSError(domain: "com.example.payments", code: 7, userInfo: [NSLocalizedDescriptionKey: text])
        #expect(ErrorCatalog.standard.textTrust(of: error) == (isDeveloperText ? .untrusted : .trusted))
        let message = ErrorResolver(localization: english).presentation(for: error).message
        #expect((message == text) == !isDeveloperText)
    }

    @Test func applesDomainsAreTrusted() {
        let error = NSError(
            domain: "com.apple.accounts", code: 6,
            userInfo: [NSLocalizedDescriptionKey: "Sign in to iCloud to continue."])
        #expect(ErrorCatalog.standard.textTrust(of: error) == .trusted)
        #expect(ErrorResolver().presentation(for: error).message == "Sign in to iCloud to continue.")
    }

    // MARK: - Specific beats generic, and advice

    @Test func aSpecificEntryOutranksADeeperGenericOne() {
        // CocoaError 512 over a POSIX code with only the generic system text: the specific one wins.
        let generic = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EPROTO)])
        let presentation = ErrorResolver(localization: english).presentation(for: generic)
        #expect(presentation.title == english.string(forKey: "catalog.file.writeFailed.title"))
    }

    @Test func aDeeperSpecificEntryStillWinsAndPermanentDropsTryAgain() {
        // Writing into a path whose parent is a regular file: CocoaError 512 over ENOTDIR.
        let error = CocoaError(
            .fileWriteUnknown,
            userInfo: [NSFilePathErrorKey: "/tmp/notes.txt/today.md", NSUnderlyingErrorKey: POSIXError(.ENOTDIR)]
        )
        let resolver = ErrorResolver(localization: english)
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.isPermanent)
        #expect(!interpretation.isTransient)
        #expect(!interpretation.options.contains { $0.isRetry }, "the file.writeFailed entry's Try Again is dropped")
        let presentation = resolver.presentation(for: error)
        #expect(presentation.title == english.string(forKey: "catalog.file.notAFolder.title"))
        #expect(presentation.message == english.string(forKey: "catalog.file.notAFolder.message.file", "today.md"))
    }

    @Test func attemptOffersNoTryAgainForAPermanentFailure() async throws {
        let harness = HandlingHarness(otherwise: .role(.cancel))
        let value: Int? = await harness.scope.attempt("Saving the player") {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EACCES)])
        }
        #expect(value == nil)
        let shown = try #require(harness.presentations.first)
        #expect(!shown.options.contains { $0.isRetry })
        #expect(harness.presentations.count == 1, "shown once, never retried")
    }

    @Test func attemptStillOffersTryAgainForATransientFailure() async throws {
        let harness = HandlingHarness(otherwise: .role(.cancel))
        let value: Int? = await harness.scope.attempt("Loading the feed") { throw URLError(.timedOut) }
        #expect(value == nil)
        let shown = try #require(harness.presentations.first)
        #expect(shown.options.contains { $0.isRetry })
    }

    // MARK: - Naming the thing

    @Test(arguments: CatalogFixtures.languages)
    func aMissingFileIsNamedInEveryLanguage(_ language: String) {
        let localization = CatalogFixtures.localization(language)
        let error = CocoaError(
            .fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/home/ana/.config/tool/config.json"])
        let message = ErrorResolver(localization: localization).presentation(for: error).message
        #expect(message == localization.string(forKey: "catalog.file.notFound.message.file", "config.json"))
        #expect(message.contains("config.json"))
        #expect(!message.contains("/home/ana"), "a person reads the name, not the path")
    }

    @Test func aFileURLIsNamedToo() {
        let url = URL(fileURLWithPath: "/srv/data/players.sqlite")
        let error = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileReadNoPermission.rawValue, userInfo: [NSURLErrorKey: url])
        #expect(ErrorResolver(localization: english).presentation(for: error).message.contains("“players.sqlite”"))
    }

    @Test(arguments: CatalogFixtures.languages)
    func theServersHostIsNamed(_ language: String) throws {
        let localization = CatalogFixtures.localization(language)
        let url = try #require(URL(string: "https://api.example.com/v1/feed"))
        let error = URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url])
        let message = ErrorResolver(localization: localization).presentation(for: error).message
        #expect(message == localization.string(forKey: "catalog.network.cannotConnect.message.host", "api.example.com"))
        #expect(!message.contains("/v1/feed"))
    }

    @Test func badJSONGivesNoRetryAdvice() throws {
        let json = Data("{\n  \"port\": 80,\n  \"host\" \"x\"\n}".utf8)
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([String: String].self, from: json)
        }
        let interpretation = ErrorResolver(localization: english).interpretation(of: error)
        #expect(interpretation.isPermanent)
        #expect(!interpretation.isTransient)
        let message = try #require(interpretation.message)
        #expect(!message.lowercased().contains("try again"))
    }

    @Test(arguments: CatalogFixtures.languages)
    func badJSONInAFileNamesTheFileAndItsLineWhenTheErrorCarriesIt(_ language: String) throws {
        // Foundation on Apple platforms gives the parser's position in the underlying error (on Linux,
        // Foundation 6.3 gives none; then the message names no line).
        let underlying = NSError(
            domain: NSCocoaErrorDomain,
            code: 3840,
            userInfo: [NSDebugDescriptionErrorKey: "Unexpected character '\"' around line 3, column 10."]
        )
        let decoding = DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: underlying))
        let localization = CatalogFixtures.localization(language)
        let resolver = ErrorResolver(localization: localization)
        // Data from a server: a line of it means nothing to a person.
        #expect(
            resolver.presentation(for: decoding).message
                == localization.string(forKey: "catalog.data.unreadable.message"))
        // The same failure reading a file the person edits.
        let reading = CocoaError(
            .fileReadCorruptFile,
            userInfo: [NSFilePathErrorKey: "/home/ana/settings.json", NSUnderlyingErrorKey: decoding])
        let named = localization.string(forKey: "catalog.data.unreadable.message.file", "settings.json")
        #expect(
            resolver.presentation(for: reading).message
                == localization.string(forKey: "catalog.location.lineColumn", named, "3", "10"))
    }

    @Test func aYAMLFilesLineIsNamedWithTheFile() throws {
        // The stand-in can't be Yams' type, so a translator hands it to the family, as the built-in
        // catalog does for `Yams.YamlError`; the merge then names the file and the line.
        var catalog = ErrorCatalog.standard
        catalog.register(YamlErrorStandIn.self) { error, localization in
            EcosystemFamily.parse.interpretation(of: error, localization: localization)
        }
        let fixture = try #require(EcosystemFixtures.cases.first { $0.label == "YamlError.scanner" })
        let error = CocoaError(
            .fileReadCorruptFile,
            userInfo: [NSFilePathErrorKey: "/home/ana/tool.yaml", NSUnderlyingErrorKey: fixture.makeError()]
        )
        let presentation = ErrorResolver(catalog: catalog, localization: english).presentation(for: error)
        let named = english.string(forKey: "catalog.file.unreadableFormat.message.file", "tool.yaml")
        #expect(presentation.message == english.string(forKey: "catalog.location.lineColumn", named, "3", "7"))
        #expect(presentation.title == english.string(forKey: "catalog.file.unreadableFormat.title"))
        #expect(!presentation.options.contains { $0.isRetry })
        // The report keeps what the parser said.
        #expect(ErrorReport(error).text.contains("found character that cannot start any token"))
    }

    @Test func aCodingPathIsNamedOnlyInAFileAPersonCanOpen() throws {
        struct Settings: Decodable { let port: Int }
        let decoding = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data("{\"port\": \"eighty\"}".utf8))
        }
        let resolver = ErrorResolver(localization: english)
        // Data from a server: the key path means nothing to a person.
        #expect(!(resolver.interpretation(of: decoding).message ?? "").contains("port"))
        // The same failure reading a file the person edits: the file and the key are named.
        let reading = CocoaError(
            .fileReadCorruptFile,
            userInfo: [NSFilePathErrorKey: "/etc/tool/settings.json", NSUnderlyingErrorKey: decoding])
        let message = try #require(resolver.interpretation(of: reading).message)
        #expect(message.contains("“settings.json”"), "\(message)")
        #expect(message.contains("“port”"), "\(message)")
    }
}

/// An `IOError` stand-in whose code isn't an errno (as on Windows): no entry.
private struct IOErrorStandInWithoutErrno: Error {
    enum Code: Sendable { case windows(UInt32) }
    let failureDescription = "CreateFile"
    let error = Code.windows(5)
}
