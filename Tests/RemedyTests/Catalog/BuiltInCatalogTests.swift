import Foundation
import Remedy
import Testing

struct BuiltInCatalogTests {
    let catalog = ErrorCatalog.standard

    @Test(arguments: CatalogFixtures.cases, CatalogFixtures.languages)
    func errorMapsToItsEntryInEveryLanguage(_ fixture: CatalogCase, language: String) throws {
        let localization = CatalogFixtures.localization(language)
        let entry = try #require(ErrorCatalog.builtInEntry(named: fixture.entryName))
        let interpretation = try #require(catalog.interpretation(for: fixture.makeError(), localization: localization))

        #expect(localization.hasOwnText(forKey: entry.titleKey))
        #expect(localization.hasOwnText(forKey: entry.messageKey))
        #expect(interpretation.title == localization.string(forKey: entry.titleKey))
        #expect(interpretation.message == localization.string(forKey: entry.messageKey))
        #expect(interpretation.category == entry.category)
        #expect(interpretation.severity == entry.severity)
        #expect(interpretation.isTransient == entry.isTransient)
        #expect(
            interpretation.options.map { $0.localizedTitle(in: localization) }
                == (entry.offersRetry ? [retry(localization)] : []))
        #expect(interpretation.icon == entry.icon)
        #expect(!interpretation.isSilent)
        #expect(interpretation.detail == nil)
    }

    @Test(arguments: CatalogFixtures.cancellations)
    func cancellationsAreSilent(_ fixture: CatalogCase) throws {
        let error = fixture.makeError()
        let interpretation = try #require(catalog.interpretation(for: error))
        #expect(interpretation.isSilent)
        #expect(interpretation.category == .cancellation)
        #expect(interpretation.message == nil)

        let resolved = ErrorResolver().interpretation(of: ContextError("Loading the feed", wrapping: error))
        #expect(resolved.isSilent)
    }

    @Test func everyEntryIsReachedBySomeError() {
        let reached = Set(
            CatalogFixtures.cases.map(\.entryName) + EcosystemFixtures.cases.map(\.entryName)
                + VocabularyFixtures.all.compactMap(\.entryName))
        let names = Set(ErrorCatalog.builtInEntries.map(\.name))
        #expect(names.subtracting(reached).isEmpty, "entries without a test case")
        #expect(reached.subtracting(names).isEmpty, "test cases naming no entry")
    }

    @Test func entryNamesAreUniqueAndLookedUpByName() throws {
        let entries = ErrorCatalog.builtInEntries
        #expect(Set(entries.map(\.name)).count == entries.count)
        for entry in entries {
            #expect(ErrorCatalog.builtInEntry(named: entry.name)?.titleKey == "catalog.\(entry.name).title")
            #expect(entry.messageKey == "catalog.\(entry.name).message")
        }
        #expect(ErrorCatalog.builtInEntry(named: "network.nonexistent") == nil)
        #expect(ErrorCatalog.builtInEntry(named: "") == nil)
        let offline = try #require(ErrorCatalog.builtInEntry(named: "network.offline"))
        #expect(offline.description == "network.offline (externalSystemUnavailable, minor, transient, retry)")
        let notFound = try #require(ErrorCatalog.builtInEntry(named: "file.notFound"))
        #expect(notFound.description == "file.notFound (externalSystemUnavailable, permanent)")
        let fallback = try #require(ErrorCatalog.builtInEntry(named: "system.default"))
        #expect(fallback.description == "system.default (unknown, generic, retry)")
    }

    @Test func unknownErrorsAreLeftToTheNextSource() {
        struct AppError: Error {}
        #expect(catalog.interpretation(for: AppError()) == nil)
        #expect(catalog.interpretation(for: NSError(domain: "com.example.sdk", code: 7)) == nil)
        #expect(ErrorCatalog.empty.interpretation(for: URLError(.notConnectedToInternet)) == nil)
        #expect(ErrorCatalog(includesBuiltIns: false).interpretation(for: CancellationError()) == nil)
    }

    // MARK: - The facts the issue asks for

    @Test(
        arguments: [
            (URLError(.notConnectedToInternet) as any Error, true),
            (URLError(.networkConnectionLost), true),
            (URLError(.timedOut), true),
            (URLError(.cannotFindHost), true),
            (URLError(.dnsLookupFailed), true),
            (URLError(.cannotConnectToHost), true),
            (POSIXError(.ECONNREFUSED), true),
            // A broken pipe or a reset on a pipe or file: the reader went away, which no retry brings back.
            (POSIXError(.ECONNRESET), false),
            (POSIXError(.ETIMEDOUT), true),
            (POSIXError(.EHOSTUNREACH), true),
            (POSIXError(.ENETUNREACH), true),
            (POSIXError(.EPIPE), false),
            (HTTPStatusError(status: 408), true),
            (HTTPStatusError(status: 429), true),
            (HTTPStatusError(status: 502), true),
            (HTTPStatusError(status: 503), true),
            (HTTPStatusError(status: 504), true),
            (HTTPStatusError(status: 500), false),
            (HTTPStatusError(status: 400), false),
            (HTTPStatusError(status: 401), false),
            (HTTPStatusError(status: 404), false),
            (HTTPStatusError(status: 422), false),
            (URLError(.secureConnectionFailed), false),
            (URLError(.serverCertificateUntrusted), false),
            (URLError(.badServerResponse), false),
            (CocoaError(.fileWriteOutOfSpace), false),
            (POSIXError(.ENOSPC), false),
            (POSIXError(.EACCES), false),
        ] as [(any Error & Sendable, Bool)])
    func transientFlag(_ error: any Error & Sendable, isTransient: Bool) throws {
        let interpretation = try #require(catalog.interpretation(for: error))
        #expect(interpretation.isTransient == isTransient)
        if isTransient {
            #expect(interpretation.options.contains { $0.role == .recommended }, "a transient failure offers Try Again")
        }
    }

    @Test func transientNetworkFailuresAreMinor() throws {
        for error: any Error in [URLError(.notConnectedToInternet), URLError(.timedOut), POSIXError(.ECONNREFUSED)] {
            let interpretation = try #require(catalog.interpretation(for: error))
            #expect(interpretation.severity == .minor)
            #expect(interpretation.category == .externalSystemUnavailable)
        }
    }

    @Test func unauthorizedIsCriticalAndAsksToSignIn() throws {
        for error: any Error in [HTTPStatusError(status: 401), URLError(.userAuthenticationRequired)] {
            let interpretation = try #require(catalog.interpretation(for: error))
            #expect(interpretation.category == .authenticationRequired)
            #expect(interpretation.severity == .critical)
            #expect(interpretation.icon == nil, "the category's lock icon")
        }
        let presentation = ErrorResolver().presentation(for: HTTPStatusError(status: 401))
        #expect(presentation.style == .route)
        #expect(presentation.icon == .lock)
    }

    @Test func serverErrorOffersTryAgainAndCancel() {
        let localization = CatalogFixtures.localization("en")
        let presentation = ErrorResolver(localization: localization).presentation(for: HTTPStatusError(status: 500))
        #expect(presentation.options.map(\.role) == [.recommended, .cancel])
        #expect(presentation.style == .alert)
        #expect(presentation.title == localization.string(forKey: "catalog.http.internalServerError.title"))
    }

    @Test func outOfSpaceIsResourceExhausted() throws {
        for error: any Error in [CocoaError(.fileWriteOutOfSpace), POSIXError(.ENOSPC), POSIXError(.EDQUOT)] {
            #expect(try #require(catalog.interpretation(for: error)).category == .resourceExhausted)
        }
    }

    @Test func permissionFailuresAreDenied() throws {
        let errors: [any Error] = [
            CocoaError(.fileReadNoPermission), CocoaError(.fileWriteNoPermission), POSIXError(.EACCES),
            POSIXError(.EPERM), HTTPStatusError(status: 403),
        ]
        for error in errors {
            #expect(try #require(catalog.interpretation(for: error)).category == .permissionDenied)
        }
    }

    // MARK: - Real failures

    @Test func readingAMissingFileSaysFileNotFound() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString)")
        let error = try #require(throws: (any Error).self) { try Data(contentsOf: url) }
        let localization = CatalogFixtures.localization("en")
        let presentation = ErrorResolver(localization: localization).presentation(for: error)
        #expect(presentation.title == localization.string(forKey: "catalog.file.notFound.title"))
        // The file is named as a person reads it: by its name, not its path.
        #expect(
            presentation.message
                == localization.string(forKey: "catalog.file.notFound.message.file", url.lastPathComponent))
        #expect(!presentation.message.contains(url.deletingLastPathComponent().path))
        #expect(!presentation.options.contains { $0.isRetry }, "a missing file isn't fixed by trying again")
    }

    @Test func listingAMissingDirectorySaysFileNotFound() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString)").path
        let error = try #require(throws: (any Error).self) { try FileManager.default.contentsOfDirectory(atPath: path) }
        let localization = CatalogFixtures.localization("en")
        let presentation = ErrorResolver(localization: localization).presentation(for: error)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(presentation.message == localization.string(forKey: "catalog.file.notFound.message.file", name))
    }

    private func retry(_ localization: Localization) -> String {
        RecoveryOption.retry.localizedTitle(in: localization)
    }
}
