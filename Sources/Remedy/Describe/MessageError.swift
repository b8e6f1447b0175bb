/// A ready-made ``PresentableError``: a message, and optionally a title, detail, category, severity,
/// recovery options and a preferred style.
///
/// ```swift
/// guard !userName.isEmpty else {
///     throw MessageError("Enter a user name to continue.", category: .invalidInput)
/// }
///
/// throw MessageError(
///     "There isn't enough space to save the video.",
///     title: "Storage Full",
///     category: .resourceExhausted,
///     options: [freeUpSpace, buyStorage]
/// )
/// ```
public struct MessageError: PresentableError {
    /// A short title, or `nil` for the category's title.
    public var title: String?
    /// What happened and what to do next.
    public var message: String
    /// Extra detail, or `nil`.
    public var detail: String?
    /// What kind of failure this is.
    public var category: ErrorCategory
    /// How badly the failure disrupts the person.
    public var severity: Severity
    /// The ways out offered to the person; a cancel option is added when needed.
    public var recoveryOptions: [RecoveryOption]
    /// A style that overrides the one chosen by severity, or `nil`.
    public var preferredStyle: PresentationStyle?

    /// Creates an error with a message.
    ///
    /// - Parameters:
    ///   - message: What happened and what to do next.
    ///   - title: A short title, or `nil` for the category's title.
    ///   - detail: Extra detail, or `nil`.
    ///   - category: What kind of failure this is. Default: ``ErrorCategory/unknown``.
    ///   - severity: How badly it disrupts the person. Default: the category's default severity.
    ///   - options: The ways out offered to the person. Default: none ("OK" is shown).
    ///   - preferredStyle: A style that overrides the one chosen by severity. Default: `nil`.
    public init(
        _ message: String,
        title: String? = nil,
        detail: String? = nil,
        category: ErrorCategory = .unknown,
        severity: Severity? = nil,
        options: [RecoveryOption] = [],
        preferredStyle: PresentationStyle? = nil
    ) {
        self.message = message
        self.title = title
        self.detail = detail
        self.category = category
        self.severity = severity ?? category.defaultSeverity
        self.recoveryOptions = options
        self.preferredStyle = preferredStyle
    }

    /// `MessageError(<message>, category: <category>)`, with the option titles when there are any.
    public var developerDescription: String {
        guard !recoveryOptions.isEmpty else {
            return "MessageError(\(message.debugDescriptionPrefix), category: \(category))"
        }
        let titles = recoveryOptions.map(\.title).joined(separator: ", ")
        return "MessageError(\(message.debugDescriptionPrefix), category: \(category), options: [\(titles)])"
    }
}

/// A ready-made ``PresentableError`` for a state the program cannot continue from.
///
/// A fatal error is presented, then every cleanup hook registered with the error scope runs once, then
/// the process ends. Its severity is always ``Severity/fatal``.
///
/// ```swift
/// guard let store = openStore() else {
///     throw FatalError("The app's data is damaged and it must close.", developerDescription: "store nil")
/// }
/// ```
public struct FatalError: PresentableError, Hashable {
    /// A short title, or `nil` for the category's title.
    public var title: String?
    /// What happened and what will happen next.
    public var message: String
    /// What a developer needs to know.
    public var developerDescription: String

    /// Creates a fatal error.
    ///
    /// - Parameters:
    ///   - message: What happened and what will happen next, for the person.
    ///   - title: A short title, or `nil` for the category's title.
    ///   - developerDescription: What a developer needs to know. Default: the message.
    public init(_ message: String, title: String? = nil, developerDescription: String? = nil) {
        self.message = message
        self.title = title
        self.developerDescription = developerDescription ?? "FatalError(\(message.debugDescriptionPrefix))"
    }

    /// ``ErrorCategory/internalInconsistency``.
    public var category: ErrorCategory { .internalInconsistency }
    /// ``Severity/fatal``.
    public var severity: Severity { .fatal }
    /// ``ErrorIcon/stop``.
    public var icon: ErrorIcon { .stop }
}
