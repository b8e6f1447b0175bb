/// What Remedy knows about one error for a person: its texts, category, severity and options.
///
/// The ``ErrorCatalog`` interprets foreign errors into interpretations; ``ErrorResolver`` also makes them
/// from ``PresentableError``, `LocalizedError`, `RecoverableError` and `NSError` texts, then merges the
/// interpretations of a whole ``ErrorTree`` into one ``Presentation``. Every field is optional: a
/// interpretation says only what it knows.
///
/// ```swift
/// catalog.register(PaymentSDKError.self) { error, localization in
///     switch error.code {
///     case .userCancelled: .silent
///     case .cardDeclined: ErrorInterpretation(message: "The card was declined.", category: .invalidInput)
///     default: nil
///     }
/// }
/// ```
public struct ErrorInterpretation: Sendable {
    /// A short title, or `nil`.
    public var title: String?
    /// What happened and what to do next, or `nil` when the interpretation has no text.
    public var message: String?
    /// Extra detail, or `nil`.
    public var detail: String?
    /// A help anchor, or `nil`.
    public var helpAnchor: String?
    /// What kind of failure this is, or `nil`.
    public var category: ErrorCategory?
    /// How badly the failure disrupts the person, or `nil` for the category's default.
    public var severity: Severity?
    /// Suggested ways out.
    public var options: [RecoveryOption]
    /// The icon, or `nil` for the category's.
    public var icon: ErrorIcon?
    /// A style that overrides the one chosen by severity, or `nil`.
    public var preferredStyle: PresentationStyle?
    /// Whether the failure may go away by itself, so retrying automatically makes sense.
    public var isTransient: Bool
    /// Whether retrying the same operation fails the same way (a constraint violation, a parse error, a
    /// missing file, a denied permission): "Try Again" is then never offered, by a button or
    /// automatically, whatever else the tree says.
    public var isPermanent: Bool
    /// Whether the error is never shown (cancellations): it is only logged.
    public var isSilent: Bool
    /// How long to wait before retrying, when the error says so (HTTP `Retry-After`).
    public var retryAfter: Duration?
    /// The support reference the error came with (a server's, from Problem Details), or `nil` when the
    /// occurrence gets a new one. In a tree, the first reference in pre-order counts.
    public var supportReference: SupportReference?

    /// Creates a interpretation.
    ///
    /// - Parameters:
    ///   - title: A short title.
    ///   - message: What happened and what to do next.
    ///   - detail: Extra detail.
    ///   - helpAnchor: A help anchor.
    ///   - category: What kind of failure this is.
    ///   - severity: How badly it disrupts the person.
    ///   - options: Suggested ways out.
    ///   - icon: The icon.
    ///   - preferredStyle: A style that overrides the one chosen by severity.
    ///   - isTransient: Whether retrying automatically makes sense.
    ///   - isPermanent: Whether retrying fails the same way, so "Try Again" is never offered.
    ///   - isSilent: Whether the error is never shown.
    ///   - retryAfter: How long to wait before retrying.
    ///   - supportReference: The support reference the error came with, or `nil`.
    public init(
        title: String? = nil,
        message: String? = nil,
        detail: String? = nil,
        helpAnchor: String? = nil,
        category: ErrorCategory? = nil,
        severity: Severity? = nil,
        options: [RecoveryOption] = [],
        icon: ErrorIcon? = nil,
        preferredStyle: PresentationStyle? = nil,
        isTransient: Bool = false,
        isPermanent: Bool = false,
        isSilent: Bool = false,
        retryAfter: Duration? = nil,
        supportReference: SupportReference? = nil
    ) {
        self.title = title
        self.message = message
        self.detail = detail
        self.helpAnchor = helpAnchor
        self.category = category
        self.severity = severity
        self.options = options
        self.icon = icon
        self.preferredStyle = preferredStyle
        self.isTransient = isTransient
        self.isPermanent = isPermanent
        self.isSilent = isSilent
        self.retryAfter = retryAfter
        self.supportReference = supportReference
    }

    /// A interpretation for an error that is never shown, such as a cancellation.
    public static var silent: ErrorInterpretation {
        ErrorInterpretation(category: .cancellation, severity: .minor, isSilent: true)
    }

    package init(_ error: some PresentableError) {
        self.init(
            title: error.title,
            message: error.message,
            detail: error.detail,
            category: error.category,
            severity: error.severity,
            options: error.recoveryOptions,
            icon: error.icon,
            preferredStyle: error.preferredStyle,
            isSilent: error.category == .cancellation,
            supportReference: error.supportReference
        )
    }

    /// In a tree, the first node's in pre-order that has any count, whichever text wins.
    package var fieldErrors: [FieldError] = []

    /// Built-in texts give way to any text the app wrote itself, wherever it stands in the tree.
    var isBuiltIn = false

    /// Also when an app's translator reuses one: the merge names the failure's subject with the entry's
    /// named variant, and tells a generic fallback from a specific text.
    var entry: ErrorCatalog.BuiltInEntry?
    package var builtInEntryName: String? { entry?.name }

    /// What the error concerns, as far as it says: a file, a host, a line.
    var subject: ErrorSubject? {
        get { subjectBox?.subject }
        set { subjectBox = newValue.map(SubjectBox.init) }
    }

    // Most errors say nothing of the kind, and an interpretation is copied at every merge of a failed
    // request: a reference costs less than the subject's fields inline (`server.failure.retryAfter`,
    // Benchmarks/README.md).
    private var subjectBox: SubjectBox?

    private final class SubjectBox: Sendable {
        let subject: ErrorSubject
        init(_ subject: ErrorSubject) { self.subject = subject }
    }

    var isGenericFallback: Bool { isBuiltIn && entry?.isGeneric == true }

    /// Whether an outer context layer's ``PresentationOverride`` gave the title or the message.
    var isOverridden = false

    /// Whether the message is the app's own words, not one of Remedy's built-in texts.
    package var hasAppText: Bool { hasText && (!isBuiltIn || isOverridden) }

    var hasText: Bool { message.nonBlank != nil }

    /// A generic text asks to try again only when "Try Again" is offered; otherwise its variant without
    /// that sentence is shown.
    func presentedMessage(category: ErrorCategory, offersRetry: Bool, localization: Localization) -> String {
        guard let message = message.nonBlank else {
            return category.message(in: localization, offeringRetry: offersRetry)
        }
        guard !offersRetry, isGenericFallback, !isOverridden, let entry else { return message }
        return entry.messageWithoutRetry(in: localization) ?? message
    }
}
