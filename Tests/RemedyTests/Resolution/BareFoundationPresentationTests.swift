import Foundation
import Testing

@testable import Remedy

/// The route of a bare Foundation error (a `URLError`, `CocoaError` or `POSIXError` without user info) to its
/// presentation: its entry is found by its type and code before anything else is looked up
/// (``BuiltInCatalog/entry(ofBareFoundationError:)``), and its presentation is read from the entry's
/// template. Both must answer exactly what the general resolution answers, for every type and code.
@Suite(.timeLimit(.minutes(10)))
struct BareFoundationPresentationTests {
    /// Codes of every built-in mapping, codes that share an entry, the generic fallbacks, raw values no
    /// `Code` names, and cancellations (which have no entry).
    private static let bareErrors: [any Error] =
        [
            -1009, -1001, -1003, -1006, -1000, -1202, -1013, -1011, -1005, -1004, -1200, -1100, -1102, -999,
            -1012, -1, 42, -123_456, Int.min, Int.max,
        ].map(urlError)
        + [4, 260, 640, 256, 259, 3072, 3328, 4865, 4864, 513, 1, 0, 999_999, -7].map {
            CocoaError(CocoaError.Code(rawValue: $0)) as any Error
        }
        + [
            POSIXErrorCode.ENOSPC, .EACCES, .ECONNREFUSED, .EINVAL, .ENOENT, .ETIMEDOUT, .ENETUNREACH, .EHOSTUNREACH,
            .EPERM, .ECANCELED, .EROFS, .EDQUOT,
        ].map { POSIXError($0) as any Error }

    /// A `URLError` of a code, also one no `URLError.Code` names (bridged from an `NSError`).
    private static func urlError(_ code: Int) -> any Error {
        if let known = URLError.Code(rawValue: code) { return URLError(known) }
        let bridged = NSError(domain: NSURLErrorDomain, code: code) as any Error
        return (bridged as? URLError).map { $0 as any Error } ?? URLError(.unknown)
    }

    @Test("the entry found by type and code is the one the catalog's interpretation carries")
    func entryIsTheCatalogs() {
        for error in Self.bareErrors {
            let interpretation = ErrorCatalog.standard.interpretation(
                for: error, localization: Localization(language: "en"))
            let bare = BuiltInCatalog.entry(ofBareFoundationError: error)
            if interpretation?.isSilent == true {
                // A cancellation: no entry, and so no template.
                #expect(bare == nil, "\(error)")
                continue
            }
            #expect(bare?.entry == interpretation?.entry, "\(error)")
            #expect(bare?.type == ObjectIdentifier(type(of: error)), "\(error)")
            #expect(bare?.code == (error as NSError).code, "\(error)")
        }
    }

    @Test("errors that aren't bare Foundation errors have no bare entry")
    func othersHaveNone() throws {
        let url = try #require(URL(string: "https://forecast.example.com/today"))
        let others: [any Error] = [
            // User info: possibly causes and subjects.
            URLError(.notConnectedToInternet, userInfo: [NSURLErrorFailingURLErrorKey: url]),
            URLError(.timedOut, userInfo: [NSUnderlyingErrorKey: POSIXError(.ETIMEDOUT)]),
            CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/tmp/forecast.json"]),
            // The same domains as `NSError` instances, and other types.
            NSError(domain: NSURLErrorDomain, code: URLError.notConnectedToInternet.rawValue),
            NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileNoSuchFile.rawValue),
            NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.ENOSPC.rawValue)),
            ContextError("Loading the forecast", wrapping: URLError(.notConnectedToInternet)),
            HTTPStatusError(status: 503), CancellationError(),
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Bad")),
        ]
        for error in others {
            #expect(BuiltInCatalog.entry(ofBareFoundationError: error) == nil, "\(error)")
        }
    }

    @Test("a bare error's presentation is the general resolution's, in every language, from the first call on")
    func presentationIsTheGeneralOne() {
        for language in Localization.supportedLanguages {
            let plain = ErrorResolver(localization: Localization(language: language))
            // An override of a key no presentation reads: every text is looked up, nothing comes from a template.
            let general = ErrorResolver(localization: Localization(language: language, overrides: ["test.unused": "x"]))
            for error in Self.bareErrors {
                let expected = SeenPresentation(general.presentation(for: error), includingGroupingKey: true)
                for _ in 0..<3 {
                    let presentation = plain.presentation(for: error)
                    #expect(
                        SeenPresentation(presentation, includingGroupingKey: true) == expected, "\(language) \(error)")
                    #expect(presentation.error as NSError == error as NSError)
                    #expect(presentation.groupingKey == ErrorReport.groupingKey(of: error))
                }
            }
        }
    }

    @Test("overrides, app tables and app catalogs still win over a bare error's template")
    func overridesStillWin() throws {
        let error = URLError(.timedOut)
        let plain = ErrorResolver(localization: Localization(language: "fr"))
        _ = plain.presentation(for: error)
        let template = plain.presentation(for: error)
        let overridden = ErrorResolver(
            localization: Localization(language: "fr", overrides: ["catalog.network.timedOut.title": "Trop lent"]))
        #expect(overridden.presentation(for: error).title == "Trop lent")
        var catalog = ErrorCatalog.standard
        catalog.register(URLError.self) { error, _ in
            error.code == .timedOut ? ErrorInterpretation(message: "Le serveur dort.") : nil
        }
        let app = ErrorResolver(catalog: catalog, localization: Localization(language: "fr"))
        #expect(app.presentation(for: error).message == "Le serveur dort.")
        #expect(app.presentation(for: URLError(.badURL)).message == plain.presentation(for: URLError(.badURL)).message)
        #expect(plain.presentation(for: error).title == template.title)
        #expect(template.title != "Trop lent")
    }

    @Test("each bare error's presentation has a reference of its own")
    func referencesDiffer() {
        let resolver = ErrorResolver(localization: Localization(language: "de"))
        let references = (0..<100).map { _ in resolver.presentation(for: POSIXError(.ENOSPC)).supportReference }
        #expect(Set(references).count == references.count)
    }
}
