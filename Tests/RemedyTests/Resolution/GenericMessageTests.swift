import Foundation
import Remedy
import Testing

/// Errors Remedy knows nothing about get a calm, generic, localized message: never Foundation's "The
/// operation could not be completed", never a type name, domain or code.
struct GenericMessageTests {
    private enum PlainError: Error { case diskWobble(code: Int) }
    private struct OpaqueStructError: Error { var payload = "internal-payload-42" }
    private final class ClassError: Error {}
    private struct BareCustomNSError: CustomNSError {
        static var errorDomain: String { "com.example.OpaqueDomain" }
        var errorCode: Int { 4711 }
    }

    private static let languages = Localization.supportedLanguages

    /// Words that must never reach a person.
    private static let forbidden = [
        "operation could not be completed", "operation couldn’t be completed", "operation couldn't be completed",
        "PlainError", "diskWobble", "OpaqueStructError", "internal-payload-42", "ClassError", "BareCustomNSError",
        "com.example", "OpaqueDomain", "4711", "NSURLErrorDomain", "NSCocoaErrorDomain", "URLError", "CocoaError",
        "NSError", "Error Domain", "Code=", "-1009",
    ]

    private static var unknownErrors: [any Error] {
        [
            PlainError.diskWobble(code: 4711),
            OpaqueStructError(),
            ClassError(),
            BareCustomNSError(),
            NSError(domain: "com.example.OpaqueDomain", code: 4711),
        ]
    }

    private func expectPresentable(_ presentation: Presentation, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [presentation.title, presentation.message, presentation.detail ?? ""]
            + presentation.options.map(\.title)
        {
            for word in Self.forbidden {
                #expect(!text.localizedCaseInsensitiveContains(word), "\(text)", sourceLocation: sourceLocation)
            }
        }
        #expect(!presentation.title.isEmpty, sourceLocation: sourceLocation)
        #expect(!presentation.message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(arguments: languages)
    func unknownErrorsGetTheGenericMessageOfTheirCategory(language: String) {
        let localization = Localization(locale: Locale(identifier: language))
        let resolver = ErrorResolver(localization: localization)
        for error in Self.unknownErrors {
            let presentation = resolver.presentation(for: error)
            expectPresentable(presentation)
            #expect(presentation.title == ErrorCategory.unknown.title(in: localization))
            #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: localization))
            #expect(presentation.category == .unknown)
            #expect(presentation.options.map(\.title) == [RecoveryOption.ok.localizedTitle(in: localization)])
        }
    }

    @Test func theGenericMessageFollowsTheCategory() {
        let english = Localization(locale: Locale(identifier: "en"))
        var catalog = ErrorCatalog.empty
        catalog.register(OpaqueStructError.self) { _, _ in ErrorInterpretation(category: .externalSystemUnavailable) }
        let presentation = ErrorResolver(catalog: catalog, localization: english).presentation(for: OpaqueStructError())
        #expect(presentation.category == .externalSystemUnavailable)
        #expect(presentation.title == "Service Unavailable")
        #expect(presentation.message == ErrorCategory.externalSystemUnavailable.messageWithoutRetry(in: english))
        expectPresentable(presentation)
    }

    /// Foundation's errors: whatever the catalog says about them (now or later), never Foundation's
    /// generic text or a domain.
    @Test(arguments: languages)
    func foundationErrorsNeverShowFoundationsGenericText(language: String) {
        let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: language)))
        let errors: [any Error] = [
            URLError(.notConnectedToInternet),
            URLError(.badServerResponse),
            CocoaError(.fileNoSuchFile),
            CocoaError(.fileWriteOutOfSpace),
            NSError(domain: NSURLErrorDomain, code: URLError.timedOut.rawValue),
            NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileReadCorruptFile.rawValue),
        ]
        for error in errors {
            expectPresentable(resolver.presentation(for: error))
        }
    }

    @Test func anNSErrorWhoseDescriptionIsFoundationsGenericTextGetsTheGenericMessage() {
        let english = Localization(locale: Locale(identifier: "en"))
        let error = NSError(
            domain: "com.example.OpaqueDomain",
            code: 1,
            userInfo: [
                NSLocalizedDescriptionKey: "The operation could not be completed. (com.example.OpaqueDomain error 1.)"
            ]
        )
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: english))
        expectPresentable(presentation)
    }
}
