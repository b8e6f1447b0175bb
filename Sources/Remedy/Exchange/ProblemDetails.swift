import Foundation

/// An HTTP API's description of a failure, as RFC 9457 defines it: the `application/problem+json` body.
///
/// Beside the standard members (``type``, ``title``, ``status``, ``detail``, ``instance``), Remedy's
/// extension members (RFC 9457 §3.2) carry its model across the wire: ``category``, ``severity``,
/// ``supportReference``, ``causeReference``, ``retryAfter``, ``actions`` and ``fieldErrors`` (RFC 9457 §3's
/// `errors`).
///
/// ```json
/// {
///   "type": "about:blank",
///   "title": "Service Unavailable",
///   "status": 503,
///   "detail": "The service is busy. Try again in a minute.",
///   "category": "externalSystemUnavailable",
///   "severity": "major",
///   "retryAfter": 60,
///   "actions": [{ "id": "retry", "title": "Try Again", "role": "recommended" }]
/// }
/// ```
///
/// A server makes one from a resolved ``Presentation`` (``init(_:status:type:instance:retryAfter:requests:)``), so only
/// person-facing text crosses the wire; a client reads one with ``init(decoding:contentType:limits:)`` and
/// presents it through ``ProblemDetailsError``. Members a reader doesn't know are kept in ``extensions``
/// and written again by ``encoded()``.
public struct ProblemDetails: Sendable, Hashable {
    /// The media type of a Problem Details body: `application/problem+json`.
    public static let mediaType = "application/problem+json"

    /// The `type` that says nothing beyond the HTTP status: `about:blank` (RFC 9457 §4.2.1).
    public static let blankType = "about:blank"

    /// A URI reference that names the kind of problem; ``blankType`` when the body has none.
    public var type: String
    /// A short, person-facing summary of the kind of problem, the same for every occurrence.
    public var title: String?
    /// The HTTP status code of the response, such as `503`.
    public var status: Int?
    /// A person-facing explanation of this occurrence of the problem.
    public var detail: String?
    /// A URI reference that names this occurrence.
    public var instance: String?

    /// What kind of failure it is: the member `category`, an ``ErrorCategory/identifier``.
    public var category: ErrorCategory?
    /// How serious it is: the member `severity`, a ``Severity`` name (`"minor"`, `"major"`…).
    public var severity: Severity?
    /// The reference of this occurrence, which a person reads to support and which finds the server's log
    /// line: the member `reference`, in its readable form (`"7KQ2-9F3A"`).
    public var supportReference: SupportReference?
    /// The reference of the failure that caused this one in another service, when the server answered an
    /// error it received from a service it called: the member `causeReference`, in the same readable form.
    ///
    /// Each service answers under a reference of its own (``supportReference``); the one it received
    /// becomes the cause, so support can follow a chain of services from either end: the client's reference
    /// finds the first service's log line, which names the next service's reference, and so on.
    public var causeReference: SupportReference?
    /// How long the client should wait before retrying: the member `retryAfter`, whole seconds.
    public var retryAfter: Duration?
    /// What a person can do about the problem: the member `actions`.
    public var actions: [Action]
    /// What is wrong with each field of the person's input: the member `errors`, as RFC 9457 §3's example
    /// writes it (`[{"detail": "Enter a number.", "pointer": "#/age"}]`; a form field's name as `name`).
    ///
    /// A reader keeps at most 64 of them (see ``init(decoding:contentType:limits:)``).
    public var fieldErrors: [FieldError]
    /// Every other member, kept as it came, by name.
    ///
    /// ``encoded()`` never lets an extension replace a standard or Remedy member of the same name.
    public var extensions: [String: JSONValue]

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - type: A URI reference that names the kind of problem. Default: ``blankType``.
    ///   - title: A short, person-facing summary.
    ///   - status: The HTTP status code.
    ///   - detail: A person-facing explanation of this occurrence.
    ///   - instance: A URI reference that names this occurrence.
    ///   - category: What kind of failure it is.
    ///   - severity: How serious it is.
    ///   - supportReference: The support reference of this occurrence.
    ///   - causeReference: The reference of the failure in another service that caused this one.
    ///   - retryAfter: How long to wait before retrying.
    ///   - actions: What a person can do about it.
    ///   - fieldErrors: What is wrong with each field of the person's input.
    ///   - extensions: Other members.
    public init(
        type: String = ProblemDetails.blankType,
        title: String? = nil,
        status: Int? = nil,
        detail: String? = nil,
        instance: String? = nil,
        category: ErrorCategory? = nil,
        severity: Severity? = nil,
        supportReference: SupportReference? = nil,
        causeReference: SupportReference? = nil,
        retryAfter: Duration? = nil,
        actions: [Action] = [],
        fieldErrors: [FieldError] = [],
        extensions: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.category = category
        self.severity = severity
        self.supportReference = supportReference
        self.causeReference = causeReference
        self.retryAfter = retryAfter
        self.actions = actions
        self.fieldErrors = fieldErrors
        self.extensions = extensions
    }

    static let memberNames: [String] = [
        "type", "title", "status", "detail", "instance",
        "category", "severity", "reference", "causeReference", "retryAfter", "actions", "errors",
    ]
}

extension ProblemDetails {
    /// Something a person can do about a problem: a button of the client's alert.
    ///
    /// ```json
    /// { "id": "refresh", "title": "Refresh Order", "role": "normal",
    ///   "request": { "method": "POST", "href": "/orders/42/refresh" } }
    /// ```
    ///
    /// The ids name Remedy's ready-made options: `retry` (the client runs the failed operation again),
    /// `cancel` (it gives up) and `signIn` (its sign-in flow, its rule for HTTP 401, then the operation
    /// again). Any other id is the application's own, and its ``request`` says what the client sends to
    /// perform it.
    public struct Action: Sendable, Hashable {
        package static let retryID = "retry"
        package static let cancelID = "cancel"
        package static let signInID = "signIn"

        /// What the action is: `retry`, `cancel`, `signIn` or the application's own id.
        public var id: String
        /// The person-facing text of the button.
        public var title: String
        /// How the button is shown.
        public var role: RecoveryOption.Role
        /// The request that performs the action, for the application's own actions.
        public var request: Request?

        /// Creates an action.
        ///
        /// - Parameters:
        ///   - id: What the action is.
        ///   - title: The person-facing text of the button.
        ///   - role: How the button is shown. Default: `.normal`.
        ///   - request: The request that performs the action.
        public init(id: String, title: String, role: RecoveryOption.Role = .normal, request: Request? = nil) {
            self.id = id
            self.title = title
            self.role = role
            self.request = request
        }

        /// An HTTP request that performs an action: a method and a URI reference, relative to the problem's
        /// response when it is relative.
        public struct Request: Sendable, Hashable {
            /// The HTTP method, such as `"POST"`.
            public var method: String
            /// The URI reference to send it to, such as `"/orders/42/refresh"`.
            public var href: String

            /// Creates a request.
            ///
            /// - Parameters:
            ///   - method: The HTTP method. Default: `"POST"`.
            ///   - href: The URI reference to send it to.
            public init(method: String = "POST", href: String) {
                self.method = method
                self.href = href
            }
        }
    }
}

/// Written as an element of the `actions` member; read only as part of a problem (see
/// ``ProblemDetails/init(from:)``), which drops an action without an `id` and a `title`.
extension ProblemDetails.Action: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, title, role, request
    }
}

/// Written as an action's `request`.
extension ProblemDetails.Action.Request: Encodable {
    private enum CodingKeys: String, CodingKey {
        case method, href
    }
}
