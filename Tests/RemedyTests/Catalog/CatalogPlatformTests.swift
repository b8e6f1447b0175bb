import Foundation
import Remedy
import Testing

/// What a person sees for Foundation's own errors, on every platform: Remedy's texts, never Foundation's
/// generic "The operation could not be completed", and never a coding path.
struct CatalogPlatformTests {
    let english = CatalogFixtures.localization("en")

    @Test(arguments: [
        URLError(.notConnectedToInternet) as any Error & Sendable,
        NSError(domain: NSURLErrorDomain, code: URLError.notConnectedToInternet.rawValue),
    ])
    func urlErrorShowsRemedysTextNotFoundationsGeneric(_ error: any Error & Sendable) {
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.title == english.string(forKey: "catalog.network.offline.title"))
        #expect(presentation.message == english.string(forKey: "catalog.network.offline.message"))
        #expect(presentation.message != (error as NSError).localizedDescription)
        #expect(!presentation.message.contains("could not be completed"))
        #expect(!presentation.message.contains("NSURLErrorDomain"))
        #expect(!presentation.message.contains("-1009"))
        #expect(presentation.style == .banner, "a lost connection is minor")
    }

    @Test(arguments: CatalogFixtures.languages)
    func nothingFromFoundationLeaksIntoAnyLanguage(_ language: String) {
        let localization = CatalogFixtures.localization(language)
        for fixture in CatalogFixtures.cases {
            let error = fixture.makeError()
            let presentation = ErrorResolver(localization: localization).presentation(for: error)
            let shown = [presentation.title, presentation.message, presentation.detail ?? ""].joined(separator: "\n")
            #expect(!shown.contains("could not be completed"), "\(fixture.label) in \(language)")
            #expect(!shown.contains("Domain"), "\(fixture.label) in \(language)")
            #expect(!shown.contains("catalog."), "\(fixture.label) in \(language) shows a key")
        }
    }

    // MARK: - Decoding and encoding

    struct Forecast: Codable {
        struct Day: Codable { var temp: Double }
        var days: [Day]
    }

    @Test func decodingErrorIsCalmForPeopleAndPreciseForDevelopers() throws {
        let json = Data(#"{"days": [{"temp": "warm"}]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Forecast.self, from: json) }
        let wrapped = ContextError("Loading the forecast", wrapping: error)

        let presentation = ErrorResolver(localization: english).presentation(for: wrapped)
        #expect(presentation.title == english.string(forKey: "catalog.data.unreadable.title"))
        #expect(presentation.message == english.string(forKey: "catalog.data.unreadable.message"))
        #expect(presentation.detail == nil)
        #expect(presentation.options.map(\.role) == [.normal], "only OK: retrying can't fix the format")

        let shown = [presentation.title, presentation.message].joined(separator: " ")
        for developerFact in ["days", "temp", "warm", "Double", "coding", "Expected"] {
            #expect(!shown.contains(developerFact))
        }
        // The developer's view keeps the coding path.
        let node = try #require(ErrorTree(wrapped).first { $0.error is DecodingError })
        #expect(node.detail?.contains("days[0].temp") == true)
    }

    enum DataError: Error { case parsing(DecodingError) }
    enum ServiceError: Error { case download(DataError) }
    enum ViewModelError: Error { case forecast(ServiceError) }

    @Test func forecastTreeShowsOneCalmMessage() throws {
        let decodingError = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Forecast.Day.self, from: Data(#"{"t": 1}"#.utf8))
        }
        let error = ContextError(
            "Loading forecast",
            wrapping: ViewModelError.forecast(.download(.parsing(decodingError)))
        )
        let german = CatalogFixtures.localization("de")
        let presentation = ErrorResolver(localization: german).presentation(for: error)
        #expect(presentation.title == "Daten nicht lesbar")
        #expect(presentation.message == german.string(forKey: "catalog.data.unreadable.message"))
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(presentation.category == .externalSystemUnexpected)
    }

    @Test func invalidJSONIsCalmEvenWithAnUnderlyingParserError() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Forecast.self, from: Data("{\"days\": [".utf8))
        }
        for language in CatalogFixtures.languages {
            let localization = CatalogFixtures.localization(language)
            let presentation = ErrorResolver(localization: localization).presentation(for: error)
            #expect(presentation.title == localization.string(forKey: "catalog.data.unreadable.title"))
            #expect(presentation.message == localization.string(forKey: "catalog.data.unreadable.message"))
            #expect(presentation.detail == nil)
            if case .dataCorrupted(let context) = error {
                #expect(!presentation.message.contains(context.debugDescription))
            }
        }
    }

    @Test func encodingErrorSaysTheDataCantBeSaved() throws {
        let error = try #require(throws: EncodingError.self) {
            try JSONEncoder().encode(Forecast(days: [.init(temp: .nan)]))
        }
        let presentation = ErrorResolver(localization: english).presentation(for: error)
        #expect(presentation.title == english.string(forKey: "catalog.data.unsavable.title"))
        #expect(presentation.detail == nil)
        #expect(!presentation.message.contains("nan"))
        #expect(!presentation.message.contains("days"))
    }
}
