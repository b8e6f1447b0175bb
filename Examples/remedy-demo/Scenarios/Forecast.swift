import Foundation
import Remedy

/// The forecast, as the server sends it.
struct Forecast: Decodable, Sendable {
    var city: String
    var temperature: Double
    var summary: String

    /// The forecast as a person reads it: `Lisbon, 21.5 °C, Sunny` in English.
    func text(_ text: DemoText) -> String {
        let number = text.number(temperature, fractionDigits: 1)
        // The server's city and summary are words the app knows, so it shows them in the person's language.
        return text("demo.forecast.text", text.word(city, in: "forecast"), number, text.word(summary, in: "forecast"))
    }
}

// Typed errors per layer, as in the error-trees article: each layer wraps the one below in an enum case,
// and Remedy's tree finds the causes in their associated values without any boilerplate.

/// The data service's errors.
enum DataServiceError: Error {
    case transport(any Error)
    case parsing(DecodingError)
}

/// The forecast service's errors.
enum ForecastServiceError: Error {
    case download(DataServiceError)
}

/// The view model's errors.
enum ForecastViewModelError: Error {
    case forecast(ForecastServiceError)
}

/// The data service: HTTP and JSON.
struct DataService: Sendable {
    let client: DemoClient

    func forecast(path: String, timeout: TimeInterval) async throws(DataServiceError) -> Forecast {
        let data: Data
        do {
            data = try await client.timingOut(after: timeout).send(path)
        } catch {
            throw .transport(error)
        }
        do {
            return try JSONDecoder().decode(Forecast.self, from: data)
        } catch let error as DecodingError {
            throw .parsing(error)
        } catch {
            throw .transport(error)
        }
    }
}

/// The forecast service: the city's forecast.
struct ForecastService: Sendable {
    let data: DataService

    func forecast(path: String, timeout: TimeInterval) async throws(ForecastServiceError) -> Forecast {
        do {
            return try await data.forecast(path: path, timeout: timeout)
        } catch {
            throw .download(error)
        }
    }
}

/// The view model: keeps the last forecast it showed.
actor ForecastViewModel {
    let service: ForecastService
    private(set) var lastKnown: Forecast?

    init(service: ForecastService) {
        self.service = service
    }

    func refresh(path: String, timeout: TimeInterval = 10) async throws(ForecastViewModelError) -> Forecast {
        do {
            let forecast = try await service.forecast(path: path, timeout: timeout)
            lastKnown = forecast
            return forecast
        } catch {
            throw .forecast(error)
        }
    }
}

extension DemoSession {
    /// A parsing failure three layers deep reads as one calm message; a timeout is a banner plus the last
    /// known value.
    func forecast() async {
        let scope = root.child("Forecast")
        let base = backend.baseURL.absoluteString
        let viewModel = ForecastViewModel(service: ForecastService(data: DataService(client: client)))

        console.step("GET \(base)/forecast")
        let first = await scope.attempt("Loading the forecast") {
            try await viewModel.refresh(path: "forecast")
        }
        if let first { console.result(text("demo.forecast.showing", first.text(text))) }

        console.step("GET \(base)/forecast (\(text("demo.forecast.malformed")))")
        let second = await scope.attempt("Refreshing the forecast") {
            try await viewModel.refresh(path: "forecast")
        }
        if second == nil, let last = await viewModel.lastKnown {
            console.note(text("demo.forecast.stillShowing", last.text(text)))
        }

        console.step("GET \(base)/forecast/slow (\(text("demo.forecast.slow")))")
        let third = await scope.attempt("Refreshing the forecast") {
            try await viewModel.refresh(path: "forecast/slow", timeout: 1)
        }
        if third == nil, let last = await viewModel.lastKnown {
            console.result(text("demo.forecast.lastKnown", last.text(text)))
        }
    }
}
