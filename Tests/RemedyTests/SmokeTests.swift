import Foundation
import Remedy
import Testing

struct SmokeTests {
    enum DataError: Error { case parsing(DecodingError) }
    enum ServiceError: Error { case download(DataError) }
    enum ViewModelError: Error { case forecast(ServiceError) }

    struct Forecast: Decodable { var temp: Double }

    @Test func forecastTreeResolvesAndSummarizes() throws {
        let decodingError = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Forecast.self, from: Data(#"{"t": 1}"#.utf8))
        }
        let error = ContextError(
            "Loading forecast",
            wrapping: ViewModelError.forecast(.download(.parsing(decodingError)))
        )
        let tree = ErrorTree(error)
        #expect(tree.count == 5)
        #expect(tree.depth == 4)
        #expect(tree.first(DecodingError.self) != nil)
        #expect(ErrorReport(error).summary == "Loading forecast: key 'temp' not found")
        let presentation = ErrorResolver(localization: Localization(locale: Locale(identifier: "de"))).presentation(for: error)
        #expect(presentation.title == "Daten nicht lesbar")
        #expect(presentation.options.map(\.title) == ["OK"])
        print(presentation)
    }

    @Test func retryGetsCancel() {
        let error = ActionableError(message: "Server error", options: [.retry])
        let p = ErrorResolver(localization: Localization(locale: Locale(identifier: "fr"))).presentation(for: error)
        #expect(p.options.map(\.title) == ["Réessayer", "Annuler"])
        #expect(p.defaultOption?.title == "Réessayer")
    }
}
