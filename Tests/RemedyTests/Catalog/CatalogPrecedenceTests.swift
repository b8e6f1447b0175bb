import Foundation
import Remedy
import Testing

/// Who wins: the app over the built-ins, later registrations over earlier ones, deeper nodes over outer
/// ones, and the app's texts over Remedy's.
struct CatalogPrecedenceTests {
    let english = CatalogFixtures.localization("en")

    @Test func appRegistrationWinsOverBuiltIn() throws {
        var catalog = ErrorCatalog.standard
        catalog.register(URLError.self) { _, _ in ErrorInterpretation(message: "The forecast needs the internet.") }
        let interpretation = try #require(catalog.interpretation(for: URLError(.notConnectedToInternet)))
        #expect(interpretation.message == "The forecast needs the internet.")
    }

    @Test func laterRegistrationWinsOverEarlier() throws {
        var catalog = ErrorCatalog.standard
        catalog.register(HTTPStatusError.self) { _, _ in ErrorInterpretation(message: "first") }
        catalog.register(HTTPStatusError.self) { _, _ in ErrorInterpretation(message: "second") }
        #expect(try #require(catalog.interpretation(for: HTTPStatusError(status: 500))).message == "second")
    }

    @Test func registrationReturningNilFallsBackToEarlierThenBuiltIn() throws {
        var catalog = ErrorCatalog.standard
        catalog.register(HTTPStatusError.self) { error, _ in
            error.status == 418 ? ErrorInterpretation(message: "The teapot is busy.") : nil
        }
        catalog.register(HTTPStatusError.self) { _, _ in nil }
        #expect(
            try #require(catalog.interpretation(for: HTTPStatusError(status: 418))).message == "The teapot is busy.")
        let builtIn = try #require(catalog.interpretation(for: HTTPStatusError(status: 503), localization: english))
        #expect(builtIn.message == english.string(forKey: "catalog.http.serviceUnavailable.message"))
    }

    @Test func predicateRegistrationWinsOverBuiltInForNSErrorDomains() throws {
        var catalog = ErrorCatalog.standard
        catalog.register { error, _ in
            guard type(of: error) is AnyClass, (error as NSError).domain == NSPOSIXErrorDomain else { return nil }
            return ErrorInterpretation(message: "Disk trouble.")
        }
        let error = NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.ENOSPC.rawValue))
        #expect(try #require(catalog.interpretation(for: error)).message == "Disk trouble.")
    }

    @Test func appRegistrationCanSilenceABuiltIn() throws {
        var catalog = ErrorCatalog.standard
        catalog.register(URLError.self) { error, _ in error.code == .timedOut ? .silent : nil }
        let resolver = ErrorResolver(catalog: catalog, localization: english)
        #expect(resolver.interpretation(of: URLError(.timedOut)).isSilent)
        #expect(!resolver.interpretation(of: URLError(.notConnectedToInternet)).isSilent)
    }

    @Test func appTranslatorCanReuseABuiltInEntry() throws {
        struct SyncError: Error { var isOffline: Bool }
        var catalog = ErrorCatalog.standard
        catalog.register(SyncError.self) { error, localization in
            error.isOffline
                ? ErrorCatalog.builtInEntry(named: "network.offline")?.interpretation(in: localization) : nil
        }
        let interpretation = try #require(
            catalog.interpretation(for: SyncError(isOffline: true), localization: english))
        #expect(interpretation.message == english.string(forKey: "catalog.network.offline.message"))
        #expect(interpretation.isTransient)
        #expect(catalog.interpretation(for: SyncError(isOffline: false)) == nil)
    }

    // MARK: - Within a tree

    @Test func deeperNodeWinsOverOuterNode() {
        // What Foundation reports when a write fails for lack of space: a Cocoa error over a POSIX one.
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.ENOSPC.rawValue))
        let error = NSError(
            domain: NSCocoaErrorDomain,
            code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: posix]
        )
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.title == english.string(forKey: "catalog.storage.full.title"))
        #expect(presentation.message == english.string(forKey: "catalog.storage.full.message"))
        #expect(presentation.category == .resourceExhausted)
    }

    @Test func deeperNodeWinsForSwiftTypedErrors() {
        let error = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EROFS)])
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.message == english.string(forKey: "catalog.file.readOnlyVolume.message"))
    }

    @Test func catalogTextSurvivesEnumAndContextWrapping() {
        enum ServiceError: Error { case transport(URLError) }
        enum ViewModelError: Error { case feed(ServiceError) }
        let error = ContextError("Loading the feed", wrapping: ViewModelError.feed(.transport(URLError(.timedOut))))
        let interpretation = ErrorResolver(localization: english).interpretation(of: error)
        #expect(interpretation.message == english.string(forKey: "catalog.network.timedOut.message"))
        #expect(interpretation.isTransient)
        #expect(interpretation.severity == .minor)
    }

    @Test func registrationAppliesToInnerNodes() {
        var catalog = ErrorCatalog.standard
        catalog.register(POSIXError.self) { _, _ in ErrorInterpretation(message: "The photo library is full.") }
        let error = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)])
        let presentation = ErrorResolver(catalog: catalog, localization: english).presentation(for: error)
        #expect(presentation.message == "The photo library is full.")
    }

    @Test func outerOverrideWinsOverCatalogText() {
        let error = ContextError(
            "Saving the draft",
            wrapping: POSIXError(.ENOSPC),
            presentation: PresentationOverride(title: "Draft Not Saved")
        )
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.title == "Draft Not Saved")
        #expect(presentation.message == english.string(forKey: "catalog.storage.full.message"))
    }

    // MARK: - Texts

    @Test func appOverridesABuiltInTextByKey() throws {
        let localization = Localization(
            locale: Locale(identifier: "de"),
            overrides: ["catalog.network.offline.message": "Für die Vorhersage brauchst du Internet."]
        )
        let interpretation = try #require(
            ErrorCatalog.standard.interpretation(for: URLError(.notConnectedToInternet), localization: localization)
        )
        #expect(interpretation.message == "Für die Vorhersage brauchst du Internet.")
        #expect(
            interpretation.title == CatalogFixtures.localization("de").string(forKey: "catalog.network.offline.title"))
    }

    @Test func appBundleAddsALanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("it.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = """
            "catalog.network.offline.title" = "Nessuna connessione a Internet";
            "catalog.network.offline.message" = "Il dispositivo non è connesso a Internet. Controlla la connessione e riprova.";
            """
        try Data(table.utf8).write(to: lproj.appendingPathComponent("Remedy.strings"))
        let bundle = try #require(Bundle(path: folder.path))

        let italian = Localization(locale: Locale(identifier: "it"), bundle: bundle, table: "Remedy")
        let interpretation = try #require(
            ErrorCatalog.standard.interpretation(for: URLError(.notConnectedToInternet), localization: italian)
        )
        #expect(interpretation.title == "Nessuna connessione a Internet")
        #expect(interpretation.message?.hasPrefix("Il dispositivo non è connesso") == true)

        // A text the app didn't translate falls back to English, never to a key.
        let other = try #require(ErrorCatalog.standard.interpretation(for: URLError(.timedOut), localization: italian))
        #expect(other.message == english.string(forKey: "catalog.network.timedOut.message"))
    }
}
