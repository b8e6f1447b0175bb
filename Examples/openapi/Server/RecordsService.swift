#if OpenAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Remedy
import RemedyOpenAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The operations of `openapi.yaml`, each failing as a real service's do; `ProblemDetailsMiddleware` answers
/// every error they throw.
///
/// | operation | answers |
/// | --- | --- |
/// | `GET /records/{id}` | record `1`; 404 for any other |
/// | `POST /records` | the record added; 422 with an error for each invalid field |
/// | `GET /forecast` | 503 with `Retry-After: 30`: the forecast service it calls is overloaded |
/// | `GET /account` | 401 with a Sign In action without `X-Session: example-session` |
struct RecordsService: APIProtocol {
    /// The middleware's configuration: the defaults, and the request that performs Sign In, which every 401
    /// answer offers.
    static let problemConfiguration = ProblemDetailsConfiguration(
        actionRequests: ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
    )

    let forecasts: ForecastService
    private let records = ["1": Components.Schemas.Record(id: "1", title: "Invoices 2025", owner: "ada@example.com")]

    func getRecord(_ input: Operations.GetRecord.Input) async throws -> Operations.GetRecord.Output {
        // The runtime's own status error: the catalog's words for 404, in the client's language.
        guard let record = records[input.path.id] else { throw RecordNotFound() }
        return .ok(.init(body: .json(record)))
    }

    func createRecord(_ input: Operations.CreateRecord.Input) async throws -> Operations.CreateRecord.Output {
        let new =
            switch input.body {
            case .json(let body): body
            }
        var problems: [FieldError] = []
        if new.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(FieldError(field: "#/title", message: "Give the record a title."))
        }
        if !new.owner.contains("@") || new.owner.hasPrefix("@") || new.owner.hasSuffix("@") {
            problems.append(FieldError(field: "#/owner", message: "Enter an email address such as ada@example.com."))
        }
        if !problems.isEmpty { throw InvalidInputError(problems) }
        return .created(.init(body: .json(.init(id: "2", title: new.title, owner: new.owner))))
    }

    func getForecast(_ input: Operations.GetForecast.Input) async throws -> Operations.GetForecast.Output {
        .ok(.init(body: .json(.init(summary: try await forecasts.today()))))
    }

    func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        guard input.headers.xSession == "example-session" else { throw SignedOut() }
        return .ok(.init(body: .json(.init(name: "Ada Lovelace"))))
    }
}

/// No record has the number: the runtime's `HTTPResponseConvertible` states the status.
struct RecordNotFound: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .notFound }
}

/// A call without a session: 401, which carries the configured Sign In action.
struct SignedOut: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .unauthorized }
    var httpHeaderFields: HTTPFields { [.wwwAuthenticate: "Bearer"] }
}

/// The forecast service the records service calls over HTTP. It answers 503 with `Retry-After` (it is
/// overloaded), which Remedy reads as the service's own unavailable dependency: the client is told to try
/// again after the delay, and never which service failed.
actor ForecastService {
    /// Where the service is mounted, beside the document's operations.
    static let path = "/internal/forecast"
    private var address: URL?

    /// Sets where the service listens, once the server runs.
    func setAddress(_ address: URL?) {
        self.address = address
    }

    /// Today's forecast.
    ///
    /// - Throws: The service's answer, as `ProblemDetailsError.validate` reads it.
    func today() async throws -> String {
        guard let address else { throw URLError(.cannotConnectToHost) }
        let (data, response) = try await URLSession.shared.data(from: address)
        try ProblemDetailsError.validate(data, response)
        return String(decoding: data, as: UTF8.self)
    }
}
#endif
