import Foundation
import Remedy
import RemedyTesting
import Testing

/// A dependency's `errorDescription` is developer text: the person reads the catalog's text for the kind, and
/// the report keeps the library's words. The types below are declared in this module, and the resolvers that
/// meet them as a dependency's are made by a caller in another module (`fileID: "NotesApp/…"`), the shape of an
/// app that resolves the errors of a package it depends on.
struct DependencyTextTests {
    // MARK: - Fixtures

    /// swift-openapi-runtime's `ClientError`: its description says which operation failed, and how, for developers.
    struct GeneratedClientError: LocalizedError, CustomStringConvertible {
        var operationID = "getGreeting"
        var underlyingError: any Error

        var description: String {
            "Client encountered an error invoking the operation \"\(operationID)\", caused by \"Transport threw an "
                + "error.\", underlying error: Error Domain=NSURLErrorDomain Code=-1004 \"Could not connect to the "
                + "server.\""
        }
        var errorDescription: String? { description }
    }

    /// A generated client's undocumented answer, whose description is a dump.
    enum GeneratedOutput: LocalizedError, CustomDebugStringConvertible {
        case undocumented(statusCode: Int)

        var debugDescription: String {
            "undocumented(statusCode: 500, OpenAPIRuntime.UndocumentedPayload(body: Optional(OpenAPIRuntime.HTTPBody)))"
        }
        var errorDescription: String? {
            "Unexpected content type, expected: application/json, received: text/html"
        }
    }

    /// An error type that has no text: what the catalog says of the same kind without a library's words.
    struct Wordless: Error {
        var underlyingError: (any Error)?
    }

    /// The app's own error, written for people.
    struct SyncError: LocalizedError {
        var errorDescription: String? { "Your notes couldn't be synced. Your changes are saved on this device." }
    }

    enum NotesError: Error {
        case sync(any Error)
    }

    static let dependencyCaller = "NotesApp/NotesView.swift"

    /// The three shapes an app meets an error in: bare, in its own enum and inside context.
    static func shapes(_ error: any Error) -> [any Error] {
        [error, NotesError.sync(error), ContextError("Loading the notes", wrapping: error)]
    }

    static let languages = Localization.supportedLanguages

    // MARK: - A dependency's text

    @Test(arguments: languages)
    func aClientErrorReadsAsTheRefusedConnectionItCarries(language: String) {
        let localization = Localization(language: language)
        let resolver = ErrorResolver(localization: localization, fileID: Self.dependencyCaller)
        let expected = ErrorResolver(localization: localization).presentation(for: URLError(.cannotConnectToHost))
        for error in Self.shapes(GeneratedClientError(underlyingError: URLError(.cannotConnectToHost))) {
            let presentation = resolver.presentation(for: error)
            #expect(presentation.title == expected.title, "\(error)")
            #expect(presentation.message == expected.message, "\(error)")
            #expect(!presentation.message.contains("getGreeting"))
            #expect(ErrorReport(error).text.contains("getGreeting"), "the report keeps the library's words")
        }
    }

    @Test(arguments: languages)
    func anUndocumentedAnswerReadsAsItsStatus(language: String) {
        let localization = Localization(language: language)
        let resolver = ErrorResolver(localization: localization, fileID: Self.dependencyCaller)
        let expected = resolver.presentation(for: HTTPStatusError(status: 500))
        for error in Self.shapes(GeneratedOutput.undocumented(statusCode: 500)) {
            let presentation = resolver.presentation(for: error)
            #expect(presentation.title == expected.title, "\(error)")
            #expect(presentation.message == expected.message, "\(error)")
            #expect(!presentation.message.contains("content type"))
        }
    }

    /// Even a dependency's sentence is not shown: the person reads the category's text, in every shape.
    @Test(arguments: languages)
    func aDependencysSentenceWithoutAKnownKindReadsAsItsCategory(language: String) {
        let localization = Localization(language: language)
        let resolver = ErrorResolver(localization: localization, fileID: Self.dependencyCaller)
        let expected = resolver.presentation(for: Wordless())
        for error in Self.shapes(SyncError()) {
            let presentation = resolver.presentation(for: error)
            #expect(presentation.title == expected.title, "\(error)")
            #expect(presentation.message == expected.message, "\(error)")
        }
    }

    @Test func theAppsOwnTextIsShownInEveryShape() {
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        for error in Self.shapes(SyncError()) {
            #expect(resolver.presentation(for: error).message == SyncError().errorDescription, "\(error)")
        }
    }

    @Test func theModulesThatMakeAResolverAreTheAppsOwn() {
        let resolver = ErrorResolver(fileID: Self.dependencyCaller)
        #expect(resolver.catalog.appModules == ["NotesApp"])
        // Remedy's own modules say nothing about the app.
        #expect(ErrorResolver(fileID: "RemedyServer/ProblemResolver.swift").catalog.appModules.isEmpty)
        #expect(ErrorResolver().catalog.appModules == ["RemedyTests"])
    }

    @Test(.timeLimit(.minutes(2)))
    func aRootScopeTellsTheAppsTypesFromADependencys() async {
        for (caller, showsText) in [("RemedyTests/App.swift", true), (Self.dependencyCaller, false)] {
            let presenter = ScriptedPresenter()
            let root = ErrorScope.root(presenter: presenter, fileID: caller)
            _ = await root.handle(SyncError()).value
            let shown = presenter.presentations.map(\.message)
            #expect(shown.count == 1)
            #expect(shown.contains(SyncError().errorDescription ?? "") == showsText, "made in \(caller)")
        }
    }

    /// The harness stands where the app makes its root scope: the test's module is the app's.
    @Test(.timeLimit(.minutes(2)))
    func aHandlingHarnessIsMadeByTheApp() async {
        for (harness, showsText) in [
            (HandlingHarness(), true), (HandlingHarness(fileID: Self.dependencyCaller), false),
        ] {
            _ = await harness.scope.handle(SyncError()).value
            #expect(harness.presentations.map(\.message).contains(SyncError().errorDescription ?? "") == showsText)
        }
    }

    // MARK: - The app's declarations

    @Test func aRegisteredTypeIsTrusted() {
        var catalog = ErrorCatalog.standard
        catalog.setTextTrust(.trusted, for: SyncError.self)
        let resolver = ErrorResolver(catalog: catalog, fileID: Self.dependencyCaller)
        #expect(resolver.presentation(for: SyncError()).message == SyncError().errorDescription)
        #expect(
            ErrorResolver(fileID: Self.dependencyCaller).presentation(for: SyncError()).message
                != SyncError().errorDescription)
    }

    @Test func anAddedModuleIsTheAppsOwn() {
        var catalog = ErrorCatalog.standard
        catalog.appModules.insert("RemedyTests")
        let resolver = ErrorResolver(catalog: catalog, fileID: Self.dependencyCaller)
        #expect(resolver.presentation(for: SyncError()).message == SyncError().errorDescription)
    }

    @Test func aDependencysUserInfoTextsAreDeveloperTextButApplesDomainsAreTrusted() {
        struct VendorError: CustomNSError {
            static let errorDomain = "com.vendor.sdk"
            var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "The vendor's session expired."] }
        }
        struct AppleLikeError: CustomNSError {
            static let errorDomain = NSCocoaErrorDomain
            var errorCode: Int { 4 }
            var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "The file “notes.txt” doesn't exist."] }
        }
        let resolver = ErrorResolver(fileID: Self.dependencyCaller)
        #expect(!resolver.presentation(for: VendorError()).message.contains("vendor"))
        #expect(ErrorResolver().presentation(for: VendorError()).message == "The vendor's session expired.")
        #expect(resolver.catalog.textTrust(of: AppleLikeError()) == .trusted)
    }

    // MARK: - The screen of what remains

    @Test func theAppsOwnTextIsScreenedForDeveloperText() {
        struct Leaky: LocalizedError {
            var errorDescription: String? { "undocumented(statusCode: 500, body: nil)" }
        }
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        #expect(resolver.presentation(for: Leaky()).message == resolver.presentation(for: Wordless()).message)
        #expect(resolver.presentation(for: Leaky()).detail?.contains("statusCode") == true, "kept as detail")
    }

    @Test(arguments: [
        "Client encountered an error invoking the operation \"list\".",
        "The request failed with statusCode 500.",
        "token_expired",
        "Unexpected body: Optional(OpenAPIRuntime.HTTPBody)",
        "A value of type OpenAPIRuntime.HTTPBody could not be read.",
        "undocumented(statusCode: 404)",
        "Error Domain=NSPOSIXErrorDomain Code=32",
        "ConfigurationError: missing key",
    ])
    func developerTextIsFound(text: String) {
        #expect(ErrorCatalog.readsAsDeveloperText(text))
    }

    @Test(arguments: [
        "Sign in to iCloud on your iPhone, iPad or Mac running macOS or iPadOS, then try again.",
        "Your notes couldn't be synced (2 of 3 saved). Try again later.",
        "Open “Budget.numbers” in the Files app.",
        "Couldn't reach YouTube. Check your Wi-Fi connection.",
        "Die Datei „Notizen“ konnte nicht gesichert werden.",
        "ファイルを保存できませんでした。",
        "“my_notes.txt” couldn't be saved.",
        "Unknown option '--dryRun'.",
    ])
    func sentencesForPeopleAreNotDeveloperText(text: String) {
        #expect(!ErrorCatalog.readsAsDeveloperText(text))
    }
}
