import Foundation
import Remedy
import Testing

/// The samples of the catalog article, word for word (``CodeSampleCoverageTests`` checks that), run and
/// checked against what the article says.
struct CatalogSampleTests {
    /// A stand-in for the article's third-party SDK error.
    struct SyncSDKError: Error {
        var isOffline: Bool
    }

    /// A stand-in for the article's vendor SDK error, whose texts are written for developers.
    struct VendorSDKError: LocalizedError {
        var errorDescription: String? { "VendorSDK.Session.refresh() failed: token_expired" }
    }

    func trustDeclarations(for error: any Error) -> (ErrorCatalog, ErrorCatalog.TextTrust) {
        var catalog = ErrorCatalog.standard
        catalog.setTextTrust(.trusted, forDomain: "com.example.sync")  // our servers' texts are for people
        catalog.setTextTrust(.untrusted, for: VendorSDKError.self)  // this SDK's are not
        let decision = catalog.textTrust(of: error)  // what the policy decides for one error
        return (catalog, decision)
    }

    /// A stand-in for the article's SDK whose family nothing recognises: a string code and developer text.
    struct LedgerSDKError: LocalizedError {
        var reason: String
        var errorDescription: String? { "LedgerSDK.Client.post() failed: \(reason)" }
    }

    func modularAppCatalog() -> ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.appModules.insert("SyncKit")  // our sync module's errors speak to people
        return catalog
    }

    // swift-format-ignore
    func ledgerCatalog() -> ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.register(LedgerSDKError.self) { error, localization in
            let entry: String? =
                switch error.reason {
                case "session_expired": "auth.signInRequired"
                case "rate_limited": "http.tooManyRequests"
                case "duplicate_entry": "database.constraint"
                default: nil
                }
            return entry.flatMap { ErrorCatalog.builtInEntry(named: $0)?.interpretation(in: localization) }
        }
        return catalog
    }

    func frenchOfflinePresentation() -> Presentation {
        let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: "fr")))
        let presentation = resolver.presentation(for: URLError(.notConnectedToInternet))
        // presentation.title   == "Aucune connexion Internet"
        // presentation.message == "Cet appareil n’est pas connecté à Internet. Vérifiez votre connexion et réessayez."
        // presentation.style   == .banner, options: Réessayer, Annuler
        return presentation
    }

    func rewordedLocalization() -> Localization {
        let localization = Localization(overrides: [
            "catalog.network.offline.message": "Forecasts need the internet. Connect and try again."
        ])
        return localization
    }

    // swift-format-ignore
    func customizedCatalog() -> ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.register(URLError.self) { error, localization in
            error.code == .timedOut ? ErrorInterpretation(message: "The weather service is slow today.", isTransient: true) : nil
        }

        catalog.register(SyncSDKError.self) { error, localization in
            error.isOffline ? ErrorCatalog.builtInEntry(named: "network.offline")?.interpretation(in: localization) : nil
        }
        return catalog
    }

    @Test func theFrenchSampleSaysWhatItsCommentsSay() {
        let presentation = frenchOfflinePresentation()
        #expect(presentation.title == "Aucune connexion Internet")
        #expect(
            presentation.message
                == "Cet appareil n’est pas connecté à Internet. Vérifiez votre connexion et réessayez."
        )
        #expect(presentation.style == .banner)
        #expect(presentation.options.map(\.title) == ["Réessayer", "Annuler"])
    }

    @Test func theOverrideRewordsTheOfflineMessage() {
        let presentation = ErrorResolver(localization: rewordedLocalization())
            .presentation(for: URLError(.notConnectedToInternet))
        #expect(presentation.message == "Forecasts need the internet. Connect and try again.")
    }

    @Test func theRegistrationReplacesTheTimeoutEntryOnly() {
        let resolver = ErrorResolver(catalog: customizedCatalog(), localization: Localization(language: "en"))
        #expect(resolver.presentation(for: URLError(.timedOut)).message == "The weather service is slow today.")
        let offline = resolver.presentation(for: URLError(.notConnectedToInternet))
        #expect(offline.title == "No Internet Connection")
    }

    @Test func theSDKsOfflineReadsLikeFoundations() {
        let resolver = ErrorResolver(catalog: customizedCatalog(), localization: Localization(language: "en"))
        let sdk = resolver.presentation(for: SyncSDKError(isOffline: true))
        let foundation = resolver.presentation(for: URLError(.notConnectedToInternet))
        #expect(sdk.title == foundation.title)
        #expect(sdk.message == foundation.message)
        #expect(resolver.presentation(for: SyncSDKError(isOffline: false)).message != foundation.message)
    }

    @Test func anAddedModuleIsTheAppsOwn() {
        #expect(modularAppCatalog().appModules == ["SyncKit"])
        #expect(ErrorCatalog.standard.appModules.isEmpty)
    }

    /// One registration teaches the whole family: each code reads as its entry in every language, with its
    /// options; an unmapped code reads as the category's generic text, and the SDK's words stay in the report.
    @Test(arguments: Localization.supportedLanguages)
    func oneRegistrationTeachesAFamily(language: String) {
        let localization = Localization(language: language)
        let taught = ErrorResolver(catalog: ledgerCatalog(), localization: localization)
        let plain = ErrorResolver(localization: localization)
        // Errors that Remedy reads as those kinds by themselves.
        let readings: [(String, any Error)] = [
            ("session_expired", HTTPStatusError(status: 401)),
            ("rate_limited", HTTPStatusError(status: 429)),
            ("duplicate_entry", NSError(domain: "GRDB.DatabaseError", code: 19)),
        ]
        for (reason, sameKind) in readings {
            let presentation = taught.presentation(for: LedgerSDKError(reason: reason))
            let expected = plain.presentation(for: sameKind)
            #expect(presentation.title == expected.title, "\(reason)")
            #expect(presentation.message == expected.message, "\(reason)")
            #expect(presentation.options.map(\.title) == expected.options.map(\.title), "\(reason)")
        }
        let unmapped = taught.presentation(for: LedgerSDKError(reason: "ledger_frozen"))
        #expect(!unmapped.message.contains("ledger_frozen"))
        #expect(ErrorReport(LedgerSDKError(reason: "ledger_frozen")).text.contains("ledger_frozen"))
    }

    @Test func theTrustDeclarationsDecideWhatAPersonReads() {
        let vendor = VendorSDKError()
        let (catalog, decision) = trustDeclarations(for: vendor)
        #expect(decision == .untrusted)
        let resolver = ErrorResolver(catalog: catalog, localization: Localization(language: "en"))
        #expect(!resolver.presentation(for: vendor).message.contains("token_expired"))
        #expect(resolver.presentation(for: vendor).detail?.contains("token_expired") == true)

        // The sync server's text names a type, which the screen alone would hold back; the declaration wins.
        let server = NSError(
            domain: "com.example.sync", code: 3,
            userInfo: [NSLocalizedDescriptionKey: "Your ShareError list is full. Remove a share to add another."])
        #expect(ErrorCatalog.standard.textTrust(of: server) == .untrusted)
        #expect(trustDeclarations(for: server).1 == .trusted)
        #expect(resolver.presentation(for: server).message.hasPrefix("Your ShareError list is full."))
    }
}
