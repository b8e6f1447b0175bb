import Foundation
import Remedy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's networking layer: URLSession, with non-2xx answers thrown as `HTTPStatusError`, or as
/// `ProblemDetailsError` when the server described the problem (`application/problem+json`).
///
/// Transport failures stay the `URLError`s URLSession throws (refused, timed out…), and bodies that
/// don't decode stay `DecodingError`s, so Remedy's catalog and trees see the real thing.
struct DemoClient: Sendable {
    let baseURL: URL
    let session: URLSession
    /// The person's language, sent as `Accept-Language` so a server answers in it.
    let localization: Localization

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The server's address.
    ///   - timeout: How long a request may wait for data.
    ///   - localization: The person's language, asked of the server.
    init(baseURL: URL, timeout: TimeInterval = 10, localization: Localization = .default) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 16
        self.baseURL = baseURL
        self.session = URLSession(configuration: configuration)
        self.localization = localization
    }

    /// A copy that gives up on a request after `timeout` seconds without data.
    func timingOut(after timeout: TimeInterval) -> DemoClient {
        DemoClient(baseURL: baseURL, timeout: timeout, localization: localization)
    }

    /// Sends a request and decodes the JSON answer.
    ///
    /// - Throws: `URLError` when the request can't be sent or answered, `ProblemDetailsError` for a
    ///   Problem Details answer, `HTTPStatusError` for any other non-2xx status, `DecodingError` when the
    ///   body doesn't fit `Value`.
    func send<Value: Decodable>(
        _ path: String,
        method: String = "GET",
        token: String? = nil,
        as type: Value.Type = Value.self
    ) async throws -> Value {
        let data = try await send(path, method: method, token: token)
        return try JSONDecoder().decode(Value.self, from: data)
    }

    /// Sends a request and returns the body of a 2xx answer.
    func send(_ path: String, method: String = "GET", token: String? = nil) async throws -> Data {
        let url = baseURL.appendingPathComponent(path)
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setAcceptLanguage(localization)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        // The server's own title, message and actions, whose link actions go through this session.
        try ProblemDetailsError.validate(data, http, actionTransport: .urlSession(session, localization: localization))
        guard (200..<300).contains(http.statusCode) else {
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields {
                headers[name] = value
            }
            throw HTTPStatusError(status: http.statusCode, body: data, headers: headers, url: url)
        }
        return data
    }
}
