import FlyingFox
import Foundation

/// The demo's real HTTP backend: a FlyingFox server on 127.0.0.1, on a port the system picks, that fails
/// the way real servers do.
///
/// | route | answers |
/// | --- | --- |
/// | `GET /feed` | 500 the first time, then 200 with three posts |
/// | `GET /forecast` | 200 with a good forecast the first time, then a malformed one (`"temperature": "warm"`) |
/// | `GET /forecast/slow` | nothing for 30 seconds: the client gives up first |
/// | `GET /account` | 401 without `Authorization: Bearer demo-token`, else 200 |
/// | `POST /session` | 200 with the token (the demo's sign-in) |
/// | `GET /status` | 503, always |
final class DemoBackend: Sendable {
    /// The token `POST /session` hands out and `GET /account` wants.
    static let token = "demo-token"

    /// Where the server listens, such as `http://127.0.0.1:41234`.
    let baseURL: URL
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    private init(baseURL: URL, server: HTTPServer, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.server = server
        self.task = task
    }

    /// Starts the server and waits until it listens.
    static func start() async throws -> DemoBackend {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let counter = RequestCounter()
        await server.appendRoute("GET /feed") { _ in
            if await counter.next("feed") == 1 {
                return .json(#"{"error":"database connection lost"}"#, status: .internalServerError)
            }
            return .json(#"{"posts":[{"title":"Welcome"},{"title":"Release notes"},{"title":"Tips"}]}"#)
        }
        await server.appendRoute("GET /forecast") { _ in
            if await counter.next("forecast") == 1 {
                return .json(#"{"city":"Lisbon","temperature":21.5,"summary":"Sunny"}"#)
            }
            return .json(#"{"city":"Lisbon","temperature":"warm","summary":"Sunny"}"#)
        }
        await server.appendRoute("GET /forecast/slow") { _ in
            // Stopping the server cancels this wait.
            try await Task.sleep(for: .seconds(30))
            return .json(#"{"city":"Lisbon","temperature":22,"summary":"Cloudy"}"#)
        }
        await server.appendRoute("GET /account") { request in
            guard request.headers[.authorization] == "Bearer \(token)" else {
                return HTTPResponse(
                    statusCode: .unauthorized,
                    headers: [HTTPHeader("WWW-Authenticate"): #"Bearer realm="demo""#],
                    body: Data(#"{"error":"session expired"}"#.utf8)
                )
            }
            return .json(#"{"name":"Ada","plan":"Family"}"#)
        }
        await server.appendRoute("POST /session") { _ in
            .json(#"{"token":"\#(token)"}"#)
        }
        await server.appendRoute("GET /status") { _ in
            .json(#"{"error":"maintenance"}"#, status: .serviceUnavailable)
        }

        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = await server.listeningAddress,
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            task.cancel()
            throw DemoSetupError("The demo's HTTP server didn't report its address.")
        }
        return DemoBackend(baseURL: url, server: server, task: task)
    }

    /// Stops the server and closes its connections.
    func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

/// Counts requests per route, so a route can fail first and succeed later.
private actor RequestCounter {
    private var counts: [String: Int] = [:]

    /// Counts one more request to a route and returns its number, from 1.
    func next(_ route: String) -> Int {
        counts[route, default: 0] += 1
        return counts[route, default: 0]
    }
}

extension HTTPResponse {
    fileprivate static func json(_ body: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: Data(body.utf8))
    }
}

/// The demo couldn't set up one of its real failures (not one of the failures it demonstrates).
struct DemoSetupError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
