/// The resolved, view-ready form of an error: what a presenter shows.
///
/// An ``ErrorResolver`` makes a presentation from any error, best just before it is shown. Its initializer
/// applies the rules of Apple's Human Interface Guidelines for alerts, so every presenter can trust them:
///
/// - There is always at least one option ("OK" when the error offers none).
/// - Option titles are never empty and never repeat (later duplicates are dropped). A blank title
///   becomes "OK" (or "Cancel" for a cancel option); a destructive option without a title is dropped.
/// - There is at most one ``RecoveryOption/Role/cancel`` option; extra ones become normal options.
/// - There is at most one ``RecoveryOption/Role/recommended`` option; it is the ``defaultOption``.
/// - Whenever an option does more than acknowledge (a destructive option, Try Again…), a cancel option is
///   there too, so a person can always get out.
/// - Options keep the order they were given in; an added cancel option comes last.
/// - Title and message are never empty: blank texts fall back to the category's texts.
public struct Presentation: Sendable, CustomStringConvertible {
    /// A short title.
    public var title: String
    /// What happened and what to do next. Kept whole, however long; presenters may truncate.
    public var message: String
    /// Extra detail for a less prominent place, or `nil`.
    public var detail: String?
    /// A help anchor (`NSHelpAnchorErrorKey`, `LocalizedError.helpAnchor`), or `nil`.
    public var helpAnchor: String?
    /// The options, already normalized by the presentation rules.
    public private(set) var options: [RecoveryOption]
    /// What is wrong with each field of the person's input, in order, from the first ``InvalidInputError`` of
    /// the tree or a server's Problem Details (``ProblemDetailsError``); empty unless the error is about fields.
    ///
    /// ```swift
    /// for fieldError in presentation.fieldErrors {
    ///     form.showError(fieldError.message, besideFieldAt: fieldError.path)
    /// }
    /// ```
    public let fieldErrors: [FieldError]
    /// What kind of failure this is.
    public var category: ErrorCategory
    /// How badly the failure disrupts the person.
    public var severity: Severity
    /// How to show it.
    public var style: PresentationStyle
    /// The icon to show.
    public var icon: ErrorIcon
    /// The shape of the error, for logs and analytics: unless given or set, the grouping key
    /// (``ErrorReport/groupingKey``) of the error the presentation was made for.
    ///
    /// It is not what makes presentations identical: the queue coalesces presentations a person couldn't
    /// tell apart (same title, message, detail, severity, style, options and field errors).
    public var groupingKey: String {
        get { givenGroupingKey ?? ErrorReport.groupingKey(of: keyedError) }
        set { givenGroupingKey = newValue }
    }
    /// How many errors this presentation stands for (more than one when identical errors coalesced).
    public var occurrences: Int
    /// The short reference a person can read aloud or paste ("Reference 7KQ2-9F3A"), which the log lines
    /// of the error carry too.
    ///
    /// A scope's presentation has the reference of the occurrence it logged; when identical errors
    /// coalesce, the presentation keeps the first one's, whose log line names the others' count. It is not
    /// part of what makes presentations identical.
    public var supportReference: SupportReference
    /// The error that was resolved.
    public var error: any Error
    /// The language the presentation was made in; presenters write their own texts in it too.
    public var localization: Localization

    /// Computed when read: most presentations are never logged by key.
    private var givenGroupingKey: String?
    private var keyedError: any Error

    /// Creates a presentation, applying the presentation rules.
    ///
    /// - Parameters:
    ///   - title: A short title; blank falls back to the category's title.
    ///   - message: What happened and what to do next; blank falls back to the category's message.
    ///   - detail: Extra detail; blank becomes `nil`.
    ///   - helpAnchor: A help anchor, or `nil`.
    ///   - options: The ways out, normalized by the rules.
    ///   - fieldErrors: What is wrong with each field of the person's input.
    ///   - category: What kind of failure this is.
    ///   - severity: How badly it disrupts the person.
    ///   - style: How to show it; `nil` follows severity. A fatal error is never a banner.
    ///   - icon: The icon; `nil` uses the category's icon.
    ///   - groupingKey: The key for logs and analytics; `nil` derives one from the error's shape.
    ///   - supportReference: The occurrence's reference; `nil` makes a new one.
    ///   - error: The error being presented.
    ///   - localization: The language of Remedy's own texts (fallback titles, "OK", "Cancel").
    public init(
        title: String?,
        message: String,
        detail: String? = nil,
        helpAnchor: String? = nil,
        options: [RecoveryOption] = [],
        fieldErrors: [FieldError] = [],
        category: ErrorCategory = .unknown,
        severity: Severity? = nil,
        style: PresentationStyle? = nil,
        icon: ErrorIcon? = nil,
        groupingKey: String? = nil,
        supportReference: SupportReference? = nil,
        error: any Error,
        localization: Localization = .default
    ) {
        let severity = severity ?? category.defaultSeverity
        let style = style ?? severity.defaultStyle
        self.title = title.nonBlank ?? category.title(in: localization)
        // A blank message: the category's, which asks to try again only beside Try Again.
        self.message =
            message.isBlank
            ? category.message(in: localization, offeringRetry: options.contains(where: \.isRetry)) : message
        self.detail = detail.nonBlank
        self.helpAnchor = helpAnchor.nonBlank
        self.options = Self.normalize(options, localization: localization)
        self.fieldErrors = fieldErrors
        self.category = category
        self.severity = severity
        self.style = severity == .fatal && style == .banner ? .alert : style
        self.icon = icon ?? category.defaultIcon
        self.givenGroupingKey = groupingKey
        self.keyedError = error
        self.occurrences = 1
        self.supportReference = supportReference ?? .next()
        self.error = error
        self.localization = localization
    }

    /// The option presenters choose on Return / Enter: the recommended option, or the only option.
    public var defaultOption: RecoveryOption? {
        options.first { $0.role == .recommended } ?? (options.count == 1 ? options[0] : nil)
    }

    /// The cancel option, if there is one.
    public var cancelOption: RecoveryOption? {
        options.first { $0.role == .cancel }
    }

    /// The option a presentation falls back to when nobody answers: cancel, else the default, else the
    /// first option. Never `nil`, because a presentation always has an option.
    public var fallbackOption: RecoveryOption {
        cancelOption ?? defaultOption ?? options[0]
    }

    /// This presentation's own option for a copy a presenter handed back, matched by title and role.
    package func option(matching answer: RecoveryOption) -> RecoveryOption? {
        options.first { $0.title == answer.title && $0.role == answer.role }
    }

    /// A one-line rendering for logs and debugging: `[major alert] Title — message (OK, Cancel)`.
    public var description: String {
        let titles = options.map(\.title).joined(separator: ", ")
        return "[\(severity) \(style)] \(title) — \(message.debugDescriptionPrefix) (\(titles))"
    }

    // MARK: - Rules

    static func normalize(_ options: [RecoveryOption], localization: Localization) -> [RecoveryOption] {
        var result: [RecoveryOption] = []
        var seenTitles: Set<String> = []
        var hasCancel = false
        var hasRecommended = false
        for var option in options {
            // A destructive action nobody can read is never offered, least of all under an "OK".
            if option.role == .destructive, option.titleKey == nil, option.title.isBlank { continue }
            option = option.localized(in: localization)
            guard seenTitles.insert(option.title.titleIdentity).inserted else { continue }
            switch option.role {
            case .cancel:
                if hasCancel { option.role = .normal }
                hasCancel = true
            case .recommended:
                if hasRecommended { option.role = .normal }
                hasRecommended = true
            case .normal, .destructive:
                break
            }
            result.append(option)
        }
        if result.isEmpty {
            return [RecoveryOption.ok.localized(in: localization)]
        }
        if !hasCancel, result.contains(where: { !$0.isAcknowledgement }) {
            let cancel = RecoveryOption.cancel.localized(in: localization)
            // An app's own option titled "Cancel" becomes the cancel option instead of a twin.
            if let index = result.firstIndex(where: { $0.title.hasSameTitleIdentity(as: cancel.title) }) {
                result[index].role = .cancel
            } else {
                result.append(cancel)
            }
        }
        return result
    }
}
