import Foundation

/// An HTTP response whose status says the request failed.
///
/// Throw it from the networking layer for non-2xx responses; the ``ErrorCatalog`` turns it into a
/// calm message with the right category and options, and ``ErrorTree/contains(httpStatus:)`` finds it
/// anywhere in a tree (a 401 routes to sign-in).
///
/// ```swift
/// guard (200..<300).contains(response.statusCode) else {
///     throw HTTPStatusError(status: response.statusCode, headers: ["Retry-After": "120"])
/// }
/// ```
public struct HTTPStatusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status code, such as 503.
    public var status: Int
    /// The response body, if kept (for developers only; never shown to a person).
    public var body: Data?
    /// Response headers, by name as received.
    public var headers: [String: String]
    /// The URL that was requested, if known (for developers only).
    public var url: URL?

    /// Creates an HTTP status error.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The response body, if kept.
    ///   - headers: Response headers.
    ///   - url: The URL that was requested.
    public init(status: Int, body: Data? = nil, headers: [String: String] = [:], url: URL? = nil) {
        self.status = status
        self.body = body
        self.headers = headers
        self.url = url
    }

    /// A header's value, matching the name case-insensitively.
    ///
    /// - Parameter name: The header name, such as `"Retry-After"`.
    /// - Returns: The value, or `nil`.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// `HTTP 503` and the URL, when known.
    public var description: String {
        url.map { "HTTP \(status) from \($0.absoluteString)" } ?? "HTTP \(status)"
    }
}
