#if Hummingbird || Vapor || OpenAPI || GRPC
public import Remedy

/// What the HTML page for a browser shows, every text resolved and localized: the model a page renderer
/// (``ProblemDetailsConfiguration/htmlPage``) turns into HTML.
///
/// The `ProblemDetailsMiddleware` answers a request that prefers `text/html` (a browser navigating) with a page
/// instead of Problem Details: the same failure, status, texts, actions and reference, in the same language.
/// The texts are plain text, never HTML: a renderer escapes each with ``escaped(_:)``. The actions are
/// checked already: each `href` is a relative reference or a same-origin `http`/`https` URL.
///
/// ```swift
/// var configuration = ProblemDetailsConfiguration()
/// configuration.htmlPage = { page in
///     let title = ProblemPage.escaped(page.title)
///     return "<!doctype html><html lang=\"\(ProblemPage.escaped(page.language))\"><title>\(title)</title>"
///         + "<h1>\(title)</h1><p>\(ProblemPage.escaped(page.message))</p>"
/// }
/// ```
public struct ProblemPage: Sendable, Hashable {
    /// The HTTP status of the answer, such as 503.
    public var status: Int
    /// The title: the page's `<title>` and heading.
    public var title: String
    /// The message: what happened and what the person can do.
    public var message: String
    /// What is wrong with each field of the input, for a page that lists them beside the fields' names.
    public var fieldErrors: [FieldError]
    /// The support reference of the failure, which the server's log holds too.
    public var reference: SupportReference?
    /// The reference with its label in the page's language, such as "Reference: 7KQ2-9F3A".
    public var referenceText: String?
    /// The controls, in order: links and forms that perform the actions.
    public var actions: [Action]
    /// A name for the group of controls, in the page's language, for assistive technologies.
    public var actionsLabel: String
    /// The language of the message, such as `"de"` or `"zh-Hans"`: the page's `lang` and its
    /// `Content-Language`. An app's own message is in the app's language
    /// (``ProblemDetailsConfiguration/appTextLanguage``), whatever the request asked for.
    public var language: String
    /// The language of the title; a renderer marks the title with it where it differs from ``language`` (an
    /// app's message under Remedy's title for its category).
    public var titleLanguage: String
    /// The language of the field errors' messages (the app's, for an app's invalid input).
    public var fieldErrorsLanguage: String
    /// The language of the page's own words — ``referenceText``, ``actionsLabel`` — and of Remedy's controls
    /// (Try Again, Sign In, Back): the one the request chose. A renderer marks them with it where it differs
    /// from ``language``.
    public var labelLanguage: String
    /// The nonce the response's `Content-Security-Policy` allows inline styles with: the
    /// `<style nonce="…">` of the page. Random for every response; a page without a matching nonce gets no
    /// inline style.
    public var styleNonce: String

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - status: The HTTP status of the answer.
    ///   - title: The title.
    ///   - message: The message.
    ///   - fieldErrors: What is wrong with each field of the input.
    ///   - reference: The support reference.
    ///   - referenceText: The reference with its localized label.
    ///   - actions: The controls, in order.
    ///   - actionsLabel: The localized name of the group of controls.
    ///   - language: The language of the message.
    ///   - styleNonce: The nonce of the page's inline style.
    ///   - titleLanguage: The language of the title; `nil` for `language`.
    ///   - fieldErrorsLanguage: The language of the field errors' messages; `nil` for `language`.
    ///   - labelLanguage: The language of the page's own words and Remedy's controls; `nil` for `language`.
    public init(
        status: Int,
        title: String,
        message: String,
        fieldErrors: [FieldError] = [],
        reference: SupportReference? = nil,
        referenceText: String? = nil,
        actions: [Action] = [],
        actionsLabel: String,
        language: String,
        styleNonce: String,
        titleLanguage: String? = nil,
        fieldErrorsLanguage: String? = nil,
        labelLanguage: String? = nil
    ) {
        self.status = status
        self.title = title
        self.message = message
        self.fieldErrors = fieldErrors
        self.reference = reference
        self.referenceText = referenceText
        self.actions = actions
        self.actionsLabel = actionsLabel
        self.language = language
        self.styleNonce = styleNonce
        self.titleLanguage = titleLanguage ?? language
        self.fieldErrorsLanguage = fieldErrorsLanguage ?? language
        self.labelLanguage = labelLanguage ?? language
    }

    /// A `lang` attribute for a part in `partLanguage` — ` lang="de"` with its leading space — or nothing when
    /// the part is in the page's ``language``.
    public func langAttribute(_ partLanguage: String) -> String {
        partLanguage == language ? "" : " lang=\"\(Self.escaped(partLanguage))\""
    }

    /// A control of the page: an action of the answer and the request that performs it.
    ///
    /// HTML performs a `GET` with a link and a `POST` with a form; other methods (`PUT`, `PATCH`, `DELETE`)
    /// can't be sent by a form, so their control is a `POST` form to the same `href` that carries the real
    /// method in a hidden field named ``methodFieldName`` (`_method`), for the app to read.
    public struct Action: Sendable, Hashable {
        /// The name of the hidden field that carries the real method of a form that can't send it.
        public static let methodFieldName = "_method"

        /// What the action is: `ProblemDetails.Action.retryID`, `ProblemDetails.Action.signInID` or the
        /// app's own id.
        public var id: String
        /// The text of the control.
        public var title: String
        /// How the control is shown: the recommended one stands out.
        public var role: RecoveryOption.Role
        /// The HTTP method that performs the action, in uppercase.
        public var method: String
        /// Where to send it: a relative reference or a same-origin `http`/`https` URL.
        public var href: String
        /// The language of ``title``, or `nil` for the page's ``ProblemPage/language``.
        public var language: String?

        /// Creates a control.
        ///
        /// - Parameters:
        ///   - id: What the action is.
        ///   - title: The text of the control.
        ///   - role: How the control is shown.
        ///   - method: The HTTP method that performs the action; uppercased.
        ///   - href: Where to send it.
        ///   - language: The language of the title; `nil` for the page's.
        public init(
            id: String,
            title: String,
            role: RecoveryOption.Role = .normal,
            method: String,
            href: String,
            language: String? = nil
        ) {
            self.id = id
            self.title = title
            self.role = role
            self.method = method.uppercased()
            self.href = href
            self.language = language
        }

        /// The id of the link back to the same-origin page the request came from (its `Referer`).
        public static let backID = "back"
        /// The id of the link to the site's start (``ProblemDetailsConfiguration/startPage``).
        public static let startID = "start"

        /// Whether the control is a link: a `GET` (or `HEAD`) request.
        public var isLink: Bool { method == "GET" || method == "HEAD" }

        /// The method a `POST` form carries in ``methodFieldName``, for a method HTML forms can't send;
        /// `nil` for `GET` and `POST`.
        public var overriddenMethod: String? { isLink || method == "POST" ? nil : method }
    }

    // MARK: - Escaping

    /// A text made safe for HTML, in an element's content and in a quoted attribute value: `&`, `<`, `>`,
    /// `"` and `'` become character references.
    ///
    /// ```swift
    /// ProblemPage.escaped(#"<b title="x">Tom & Jerry's</b>"#)
    /// // &lt;b title=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;
    /// ```
    ///
    /// - Parameter text: Plain text.
    /// - Returns: The text with each of the five characters replaced.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
#endif
