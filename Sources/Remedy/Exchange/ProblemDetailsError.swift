import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failed HTTP response that described its problem with RFC 9457 Problem Details: a
/// ``PresentableError`` with the server's texts and actions.
///
/// The server's ``ProblemDetails/title``, ``ProblemDetails/detail`` and field errors are person-facing by
/// contract, so they are shown as they are, only bounded in length (a title to 120 characters, a message
/// to 1,000, an action's title to 60, a field's message to 300) and stripped of control characters. Its
/// ``ProblemDetails/category`` and ``ProblemDetails/severity`` are kept (a server can't make a client's
/// failure `fatal`, nor silence it as a cancellation). Its actions become ``RecoveryOption``s:
///
/// - `retry`: ``RecoveryOption/retry``: the failed operation runs again.
/// - `cancel`: ``RecoveryOption/cancel``.
/// - `signIn`: no option of its own. The error counts as an HTTP 401 for rules
///   (``ErrorRule/httpStatus(_:_:)``, ``ErrorTree/contains(httpStatus:)``), so the app's sign-in rule takes over
///   (`.httpStatus(401, .takeOver { … })`), and the operation runs again after a sign-in.
/// - an action with a ``ProblemDetails/Action/request``: an option that sends the request through the
///   ``ActionTransport``; a 2xx response means recovered (the operation runs again), any other response
///   (a redirect included: Remedy follows none itself) is handled as a new error.
///
/// An action never acts outside the origin of the failed response (its URL's scheme, host and port): an
/// action whose URL is on another origin, or whose method is not one of `GET`, `POST`, `PUT`, `PATCH` and
/// `DELETE`, is left out, and without the response's URL no link action is offered at all. At most three
/// buttons are offered, as Apple's Human Interface Guidelines ask of an alert, and only the first 16 actions
/// are read. Each refusal is logged on one line through the transport's logger, never shown.
///
/// The server's `reference` is the failure's ``SupportReference``. Its ``retryAfter`` reaches the scope's
/// ``RetryPolicy`` and makes the failure transient, as does a status of 408, 429, 502, 503 or 504.
///
/// Make one from a response with ``validate(_:_:limits:actionTransport:)`` (URLSession) or
/// ``error(status:header:body:url:limits:actionTransport:)`` (any HTTP client).
public struct ProblemDetailsError: PresentableError, CustomStringConvertible {
    // In characters; a longer text is cut and ends with "…".
    package static let maximumTitleLength = 120
    package static let maximumMessageLength = 1_000
    package static let maximumActionTitleLength = 60
    package static let maximumFieldMessageLength = 300

    /// The problem as the server sent it.
    public let problem: ProblemDetails
    /// The HTTP status of the response (the response's, not the body's `status` member).
    public let status: Int
    /// The only origin actions may go to, and the base of relative action URLs.
    package let url: URL?
    /// `Content-Type`, `Content-Language`, `Retry-After` and `Date`, by name.
    package let headers: [String: String]

    /// The server's title, bounded and without control characters; `nil` when it sent none.
    public let title: String?
    /// The server's detail, bounded and without control characters; empty (the category's) when it sent none.
    public let message: String
    /// The server's category, or the one of the HTTP status when it sent none.
    public let category: ErrorCategory
    /// The server's severity (at most ``Severity/critical``), or the category's default.
    public let severity: Severity
    /// The server's actions as options (see the type's discussion).
    public let recoveryOptions: [RecoveryOption]
    /// How long to wait before retrying: the longer of the `retryAfter` member and the `Retry-After` header.
    public let retryAfter: Duration?
    /// Whether the server offered to sign in (the action `signIn`), or answered 401.
    package let requiresSignIn: Bool
    /// The server's field errors, bounded and without control characters; blank ones left out.
    package let fieldErrors: [FieldError]

    /// The server's reference of the occurrence, which the client's screen and log show too.
    public var supportReference: SupportReference? { problem.supportReference }

    /// The reference of the failure in another service that caused the server's (its member
    /// `causeReference`): the server answered an error it received from a service it called. The developer
    /// report and the scope's log record name it (`cause.reference`); the person is shown
    /// ``supportReference`` only.
    public var causeReference: SupportReference? { problem.causeReference }

    /// The language of the server's title and detail: the response's `Content-Language`; `nil` when it
    /// sent none.
    public var contentLanguage: String? { headers["Content-Language"] }

    /// Creates the error of a failed response whose body was a problem.
    ///
    /// - Parameters:
    ///   - problem: The decoded body.
    ///   - status: The response's HTTP status.
    ///   - headers: The response's headers, by name (`Retry-After` and `Content-Language` are read).
    ///   - url: The URL of the response, whose origin the actions' requests must stay on; without it, no
    ///     action with a request is offered.
    ///   - actionTransport: What sends the requests of link actions. Default: `URLSession.shared`.
    public init(
        problem: ProblemDetails,
        status: Int,
        headers: [String: String] = [:],
        url: URL? = nil,
        actionTransport: ActionTransport = .urlSession()
    ) {
        self.problem = problem
        self.status = status
        self.url = url
        self.headers = headers
        title = Self.displayText(problem.title, maximumLength: Self.maximumTitleLength)
        message = Self.displayText(problem.detail, maximumLength: Self.maximumMessageLength) ?? ""
        let statusEntry = BuiltInCatalog.httpEntry(status)
        let category = problem.category.flatMap { $0 == .cancellation ? nil : $0 } ?? statusEntry.category
        self.category = category
        severity = min(problem.severity ?? category.defaultSeverity, .critical)
        let headerRetryAfter = HTTPStatusError(status: status, headers: headers).retryAfter()
        switch (problem.retryAfter, headerRetryAfter) {
        case (let member?, let header?): retryAfter = max(member, header)
        case (let member, let header): retryAfter = member ?? header
        }
        let (options, offersSignIn) = Self.options(for: problem.actions, base: url, transport: actionTransport)
        let requiresSignIn = status == 401 || offersSignIn
        self.requiresSignIn = requiresSignIn
        recoveryOptions = options
        fieldErrors = problem.fieldErrors.compactMap { fieldError in
            Self.displayText(fieldError.message, maximumLength: Self.maximumFieldMessageLength).map {
                FieldError(field: fieldError.field, message: $0)
            }
        }
        isTransient = retryAfter != nil || statusEntry.isTransient
    }

    /// The server asked for a wait, or its status says the service is busy or unreachable for now.
    let isTransient: Bool

    /// The statuses rules see in the tree: the response's, and 401 when the server offers to sign in.
    var httpStatuses: [Int] {
        requiresSignIn && status != 401 ? [status, 401] : [status]
    }

    /// The status, the problem's type and instance, the reference of the failure that caused it in another
    /// service, and the URL.
    public var developerDescription: String {
        var parts = ["status: \(status)", "type: \(problem.type.debugDescriptionPrefix)"]
        if let instance = problem.instance { parts.append("instance: \(instance.debugDescriptionPrefix)") }
        if let causeReference { parts.append("causeReference: \(causeReference)") }
        if let url { parts.append("url: \(url.absoluteString.debugDescriptionPrefix)") }
        if let title = problem.title { parts.append("title: \(title.debugDescriptionPrefix)") }
        return "ProblemDetailsError(\(parts.joined(separator: ", ")))"
    }

    /// `HTTP 503 problem about:blank` and the URL, when known.
    public var description: String {
        let base = "HTTP \(status) problem \(problem.type)"
        return url.map { "\(base) from \($0.absoluteString)" } ?? base
    }

    // MARK: - Text

    /// Text from a server as it may be shown: no control characters nor bidirectional overrides, trimmed,
    /// at most `maximumLength` characters; `nil` when nothing is left.
    static func displayText(_ text: String?, maximumLength: Int) -> String? {
        guard let text else { return nil }
        var scalars = String.UnicodeScalarView()
        // Enough scalars for `maximumLength` characters of any common script, without reading a huge text.
        var budget = maximumLength * 8
        for scalar in text.unicodeScalars {
            guard budget > 0 else { break }
            budget -= 1
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                scalars.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                scalars.append(scalar)
            }
        }
        let trimmed = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count > maximumLength else { return trimmed }
        let cut = trimmed.prefix(max(0, maximumLength - 1)).trimmingCharacters(in: .whitespaces)
        return cut + "…"
    }
}

// MARK: - Responses

extension ProblemDetailsError {
    /// The error a failed response stands for, from any HTTP client: a ``ProblemDetailsError`` when the
    /// body is a Problem Details document (`application/problem+json`, or `application/json` with one of
    /// RFC 9457's members), an ``HTTPStatusError`` otherwise, whose text is never shown.
    ///
    /// - Parameters:
    ///   - status: The response's HTTP status.
    ///   - header: Looks up a response header by name (case-insensitively, as HTTP clients do).
    ///   - body: The response body.
    ///   - url: The URL of the request, if known.
    ///   - limits: How much of the body to read. Default: ``ProblemDetails/DecodingLimits/default``.
    ///   - actionTransport: What sends the requests of link actions. Default: `URLSession.shared`.
    /// - Returns: The error to throw.
    public static func error(
        status: Int,
        header: (String) -> String?,
        body: Data,
        url: URL? = nil,
        limits: ProblemDetails.DecodingLimits = .default,
        actionTransport: ActionTransport = .urlSession()
    ) -> any Error {
        var headers: [String: String] = [:]
        for name in ["Content-Type", "Content-Language", "Retry-After", "Date"] {
            if let value = header(name) { headers[name] = value }
        }
        let contentType = headers["Content-Type"]
        if let contentType, let problem = try? ProblemDetails(decoding: body, contentType: contentType, limits: limits),
            isProblem(problem, contentType: contentType)
        {
            return ProblemDetailsError(
                problem: problem,
                status: status,
                headers: headers,
                url: url,
                actionTransport: actionTransport
            )
        }
        // Kept for developers only, and only the start: a 5 MB page needn't live as long as the error.
        let kept = body.isEmpty ? nil : Data(body.prefix(4_096))
        return HTTPStatusError(status: status, body: kept, headers: headers, url: url)
    }

    /// For `application/json`, only a body with a standard member is a problem, so
    /// `{"error": true, "reason": "…"}` stays a plain HTTP error.
    private static func isProblem(_ problem: ProblemDetails, contentType: String) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        if essence.trimmingCharacters(in: .whitespaces).lowercased() == ProblemDetails.mediaType { return true }
        return problem.type != ProblemDetails.blankType || problem.title != nil || problem.detail != nil
            || problem.status != nil || problem.instance != nil
    }

    /// Throws the error of a failed URLSession response; does nothing for a successful one.
    ///
    /// A response is failed when its status is 400 or more (or not a valid status at all).
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - response: The response.
    ///   - limits: How much of the body to read. Default: ``ProblemDetails/DecodingLimits/default``.
    ///   - actionTransport: What sends the requests of link actions. Default: `URLSession.shared`.
    /// - Throws: A ``ProblemDetailsError`` or an ``HTTPStatusError`` (see
    ///   ``error(status:header:body:url:limits:actionTransport:)``).
    public static func validate(
        _ data: Data,
        _ response: URLResponse,
        limits: ProblemDetails.DecodingLimits = .default,
        actionTransport: ActionTransport = .urlSession()
    ) throws {
        guard let response = response as? HTTPURLResponse else { return }
        let status = response.statusCode
        guard status >= 400 || status < 100 else { return }
        throw error(
            status: status,
            header: { response.value(forHTTPHeaderField: $0) },
            body: data,
            url: response.url,
            limits: limits,
            actionTransport: actionTransport
        )
    }
}
