import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ProblemDetailsError {
    /// What sends the request of a Problem Details link action, such as "Refresh Order".
    ///
    /// The default sends it with `URLSession.shared`; give an app's own session, another HTTP client, or a
    /// stand-in for tests:
    ///
    /// ```swift
    /// let transport = ProblemDetailsError.ActionTransport { method, url in
    ///     ProblemDetailsError.ActionTransport.Response(status: 204)
    /// }
    /// ```
    public struct ActionTransport: Sendable {
        /// The response to an action's request.
        public struct Response: Sendable {
            /// The HTTP status.
            public var status: Int
            /// The headers, by name.
            public var headers: [String: String]
            /// The body.
            public var body: Data

            /// Creates a response.
            ///
            /// - Parameters:
            ///   - status: The HTTP status.
            ///   - headers: The headers, by name.
            ///   - body: The body.
            public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
                self.status = status
                self.headers = headers
                self.body = body
            }

            /// A header's value, matching the name case-insensitively.
            func header(_ name: String) -> String? {
                HTTPStatusError(status: status, headers: headers).header(name)
            }
        }

        private let sendRequest: @Sendable (_ method: String, _ url: URL) async throws -> Response

        /// Creates a transport.
        ///
        /// - Parameter send: Sends a request with an HTTP method to a URL, and returns the response.
        ///   Throwing is handled as a new error.
        public init(_ send: @escaping @Sendable (_ method: String, _ url: URL) async throws -> Response) {
            sendRequest = send
        }

        /// Sends a request.
        ///
        /// - Parameters:
        ///   - method: The HTTP method, such as `"POST"`.
        ///   - url: The URL.
        /// - Returns: The response.
        /// - Throws: What the transport throws.
        public func send(method: String, url: URL) async throws -> Response {
            try await sendRequest(method, url)
        }

        /// Sends requests with a URLSession.
        ///
        /// - Parameter session: The session. Default: `URLSession.shared`.
        /// - Returns: The transport.
        public static func urlSession(_ session: URLSession = .shared) -> ActionTransport {
            ActionTransport { method, url in
                var request = URLRequest(url: url)
                request.httpMethod = method
                request.setValue("\(ProblemDetails.mediaType), application/json", forHTTPHeaderField: "Accept")
                let (data, response) = try await session.data(for: request)
                guard let response = response as? HTTPURLResponse else { return Response(status: 0, body: data) }
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name] = value }
                }
                return Response(status: response.statusCode, headers: headers, body: data)
            }
        }
    }
}
