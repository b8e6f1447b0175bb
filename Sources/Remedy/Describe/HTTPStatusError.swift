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

    /// Matches the name case-insensitively.
    package func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    // MARK: - Retry-After

    package static let maximumRetryAfter: Duration = .seconds(24 * 60 * 60)

    /// How long the server asks the client to wait before retrying, from the `Retry-After` header.
    ///
    /// Both forms of RFC 9110 are read: seconds (`Retry-After: 120`) and an HTTP date, measured from the
    /// response's own `Date` header when it has a valid one (so the clocks of client and server needn't
    /// agree), else from `now`. The result is never negative and never longer than one day, so a typo or a
    /// hostile header can't put a retry off for years.
    ///
    /// ```swift
    /// let error = HTTPStatusError(status: 503, headers: ["Retry-After": "120"])
    /// error.retryAfter() // .seconds(120)
    /// ```
    ///
    /// - Parameter now: The current time, for a date without a `Date` header. Default: the system clock.
    /// - Returns: The delay, or `nil` when there is no header or its value is not valid (negative,
    ///   fractional, not a number and not a date).
    package func retryAfter(now: Date = Date()) -> Duration? {
        guard let value = header("Retry-After") else { return nil }
        return Self.retryAfter(parsing: value, now: header("Date").flatMap(HTTPDate.parse) ?? now)
    }

    /// The built-in interpretation of a status with this `Retry-After`, from the one without headers (for a
    /// server that reads each status in its language once).
    package static func interpretation(
        _ interpretation: ErrorInterpretation,
        ofStatus status: Int,
        retryAfter value: String
    ) -> ErrorInterpretation {
        guard BuiltInCatalog.takesRetryAfter(status) else { return interpretation }
        var interpretation = interpretation
        interpretation.retryAfter = retryAfter(parsing: value, now: Date())
        return interpretation
    }

    static func retryAfter(parsing value: String, now: Date) -> Duration? {
        // The optional white space around a field value: spaces and tabs (RFC 9110 §5.6.3).
        let start = value.drop { $0 == " " || $0 == "\t" }
        guard let last = start.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return nil }
        let value = start[...last]
        let maximumSeconds = maximumRetryAfter.components.seconds
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Only digits: delay-seconds. Too many digits for an Int is still a (huge) number.
            let seconds = Int64(value).map { min($0, maximumSeconds) } ?? maximumSeconds
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(String(value)) else { return nil }
        let interval = date.timeIntervalSince(now)
        guard interval > 0 else { return .zero }
        guard interval < Double(maximumSeconds) else { return maximumRetryAfter }
        return .seconds(Int64(interval.rounded(.up)))
    }

    /// `HTTP 503` and the URL, when known.
    public var description: String {
        url.map { "HTTP \(status) from \($0.absoluteString)" } ?? "HTTP \(status)"
    }
}
