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
    public var detail: String? {
        get { optionalTexts.detail }
        set { optionalTexts.detail = newValue }
    }
    /// A help anchor (`NSHelpAnchorErrorKey`, `LocalizedError.helpAnchor`), or `nil`.
    public var helpAnchor: String? {
        get { optionalTexts.helpAnchor }
        set { optionalTexts.helpAnchor = newValue }
    }
    /// ``detail`` and ``helpAnchor``, stored in a struct of their own: with optional strings among its
    /// stored properties, the optimizer builds a presentation twice and copies one into the result (Swift
    /// 6.3), which cost a copy and a destroy of every field, a tenth of a presentation.
    private var optionalTexts: OptionalTexts

    private struct OptionalTexts: Sendable {
        var detail: String?
        var helpAnchor: String?
    }
    /// The options, already normalized by the presentation rules.
    public private(set) var options: [RecoveryOption]
    /// What kind of failure this is.
    public var category: ErrorCategory
    /// How badly the failure disrupts the person.
    public var severity: Severity
    /// How to show it.
    public var style: PresentationStyle
    /// The icon to show.
    public var icon: ErrorIcon
    /// Identical presentations share a key; the queue shows them once, with a count.
    ///
    /// Unless one was given, the key is the grouping key of the error the presentation was made for
    /// (``ErrorReport/groupingKey(of:limits:)``), computed when first read: walking the tree for it
    /// costs as much as the rest of a presentation, and many presentations are never queued. Copies
    /// made before the first read share the result. Setting a key replaces it.
    public var groupingKey: String {
        get { groupingKeySource.key }
        set { groupingKeySource = .given(newValue) }
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

    private var groupingKeySource: GroupingKeySource

    /// Creates a presentation, applying the presentation rules.
    ///
    /// - Parameters:
    ///   - title: A short title; blank falls back to the category's title.
    ///   - message: What happened and what to do next; blank falls back to the category's message.
    ///   - detail: Extra detail; blank becomes `nil`.
    ///   - helpAnchor: A help anchor, or `nil`.
    ///   - options: The ways out, normalized by the rules.
    ///   - category: What kind of failure this is.
    ///   - severity: How badly it disrupts the person.
    ///   - style: How to show it; `nil` follows severity. A fatal error is never a banner.
    ///   - icon: The icon; `nil` uses the category's icon.
    ///   - groupingKey: The coalescing key; `nil` derives one from the error's shape.
    ///   - supportReference: The occurrence's reference; `nil` makes a new one.
    ///   - error: The error being presented.
    ///   - localization: The language of Remedy's own texts (fallback titles, "OK", "Cancel").
    public init(
        title: String?,
        message: String,
        detail: String? = nil,
        helpAnchor: String? = nil,
        options: [RecoveryOption] = [],
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
        self.title = title.nonBlank ?? category.title(in: localization)
        self.message = message.isBlank ? category.message(in: localization) : message
        self.optionalTexts = OptionalTexts(detail: detail.nonBlank, helpAnchor: helpAnchor.nonBlank)
        self.options = Self.normalize(options, localization: localization)
        self.category = category
        self.severity = severity
        let style = style ?? severity.defaultStyle
        self.style = severity == .fatal && style == .banner ? .alert : style
        self.icon = icon ?? category.defaultIcon
        self.groupingKeySource = groupingKey.map { .given($0) } ?? .derived(from: error)
        self.occurrences = 1
        self.supportReference = supportReference ?? .next()
        self.error = error
        self.localization = localization
    }

    /// A presentation made from a template: the template's texts, options, style and icon, for an error
    /// that reads the same, with the error's own grouping key, a reference of its own unless one is given,
    /// one occurrence, and the localization it was resolved in.
    ///
    /// A grouping key given is the error's own (``ErrorReport/groupingKey(of:limits:)``), known already;
    /// without one, it is derived from the error when first read.
    init(
        template: PresentationTemplate,
        for error: any Error,
        groupingKey: String? = nil,
        supportReference: SupportReference?,
        localization: Localization
    ) {
        self.init(
            fields: template,
            groupingKeySource: groupingKey.map { .given($0) } ?? .derived(from: error),
            supportReference: supportReference ?? .next(),
            error: error,
            localization: localization
        )
    }

    /// Every stored property, as given.
    private init(
        fields template: PresentationTemplate,
        groupingKeySource: GroupingKeySource,
        supportReference: SupportReference,
        error: any Error,
        localization: Localization
    ) {
        self.title = template.title
        self.message = template.message
        self.optionalTexts = OptionalTexts(detail: template.detail, helpAnchor: template.helpAnchor)
        self.options = template.options
        self.category = template.category
        self.severity = template.severity
        self.style = template.style
        self.icon = template.icon
        self.groupingKeySource = groupingKeySource
        self.occurrences = 1
        self.supportReference = supportReference
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

    /// Finds the option of this presentation that an answer stands for, by title and role.
    ///
    /// Presenters may hand back a copy of an option; this maps it to the presentation's own option and
    /// returns `nil` for an option that is not part of the presentation.
    ///
    /// - Parameter answer: The option a presenter returned.
    /// - Returns: The matching option of this presentation, or `nil`.
    public func option(matching answer: RecoveryOption) -> RecoveryOption? {
        options.first { $0.title == answer.title && $0.role == answer.role }
    }

    /// A one-line rendering for logs and debugging: `[major alert] Title — message (OK, Cancel)`.
    public var description: String {
        let titles = options.map(\.title).joined(separator: ", ")
        return "[\(severity) \(style)] \(title) — \(message.debugDescriptionPrefix) (\(titles))"
    }

    // MARK: - Rules

    /// ``RecoveryOption/ok`` with its title in a language.
    private static func localizedOK(in localization: Localization) -> RecoveryOption {
        var ok = RecoveryOption.ok
        ok.title = ok.localizedTitle(in: localization)
        return ok
    }

    /// The options of a presentation that offers nothing: "OK" alone, in a language. Kept per language
    /// (``LanguageTexts/okOptions``) when the localization reads Remedy's tables alone: most errors offer
    /// nothing.
    private static func localizedOKAlone(in localization: Localization) -> [RecoveryOption] {
        localization.plainTexts?.okOptions ?? [localizedOK(in: localization)]
    }

    /// Up to this many options, duplicates are found by comparing titles pairwise.
    private static let optionsComparedPairwise = 8

    static func normalize(_ options: [RecoveryOption], localization: Localization) -> [RecoveryOption] {
        // Most errors offer nothing: "OK" alone, without the buffers of the general case.
        guard !options.isEmpty else { return localizedOKAlone(in: localization) }
        var result: [RecoveryOption] = []
        result.reserveCapacity(options.count + 1)
        // The identities of the titles kept so far. A few options are compared with each other instead,
        // without hashing into a set that must be allocated.
        var seenTitles: Set<String>? = options.count > Self.optionsComparedPairwise ? [] : nil
        var hasCancel = false
        var hasRecommended = false
        for var option in options {
            // A destructive action nobody can read is never offered, least of all under an "OK".
            if option.role == .destructive, option.titleKey == nil, option.title.isBlank { continue }
            option.title = option.localizedTitle(in: localization)
            if seenTitles != nil {
                guard seenTitles?.insert(option.title.titleIdentity).inserted == true else { continue }
            } else {
                let title = option.title
                guard !result.contains(where: { $0.title.hasSameTitleIdentity(as: title) }) else { continue }
            }
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
            return localizedOKAlone(in: localization)
        }
        if !hasCancel, result.contains(where: { !$0.isAcknowledgement }) {
            var cancel = RecoveryOption.cancel
            cancel.title = cancel.localizedTitle(in: localization)
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

// MARK: - Templates

/// What a presentation shows, after the presentation rules, for errors that all read the same (see
/// ``ErrorResolver/presentation(for:)``): everything but the error, its reference and grouping key.
final class PresentationTemplate: Sendable {
    let title: String
    let message: String
    let detail: String?
    let helpAnchor: String?
    let options: [RecoveryOption]
    let category: ErrorCategory
    let severity: Severity
    let style: PresentationStyle
    let icon: ErrorIcon

    /// The template of a presentation.
    init(_ presentation: Presentation) {
        title = presentation.title
        message = presentation.message
        detail = presentation.detail
        helpAnchor = presentation.helpAnchor
        options = presentation.options
        category = presentation.category
        severity = presentation.severity
        style = presentation.style
        icon = presentation.icon
    }
}

// MARK: - Grouping key

/// Where a presentation's grouping key comes from: given, or derived from its error on first read.
private enum GroupingKeySource: Sendable {
    /// A key given to the initializer or set later.
    case given(String)
    /// The error's grouping key, computed on first read. The box is shared by copies of the
    /// presentation, so the key is computed once for all of them.
    case derived(DerivedGroupingKey)

    static func derived(from error: any Error) -> Self {
        .derived(DerivedGroupingKey(error))
    }

    var key: String {
        switch self {
        case .given(let key): key
        case .derived(let box): box.key
        }
    }
}

/// A grouping key derived from an error when first read, shared by the copies of a presentation.
///
/// A plain object behind one lock shared by all of them, not a `LockedValue` each: most presentations
/// are never queued, so their key is never read, and a box with a mutex of its own costs the mutex's
/// setup and teardown besides the allocation, for every presentation. The lock is held only to read or
/// store the state, never while the key is computed, so sharing it makes threads wait for a few
/// instructions at most.
private final class DerivedGroupingKey: @unchecked Sendable {
    // @unchecked: `state` is the only mutable property, and it is only read or written with
    // `DerivedGroupingKey.lock` held (`init` writes it before the object is shared); `DerivedKey` is
    // `Sendable`, so its values may cross threads. `PresentationTests` read one key from many threads.
    private var state: DerivedKey

    private static let lock = LockedValue<Void>()

    enum DerivedKey: Sendable {
        /// Not computed yet: the error the key is of (the one the presentation was made for, even if
        /// its `error` property is changed later).
        case pending(any Error)
        case computed(String)
    }

    init(_ error: any Error) {
        state = .pending(error)
    }

    var key: String {
        let error: any Error
        switch Self.lock.withLock({ state }) {
        case .computed(let key): return key
        case .pending(let pending): error = pending
        }
        // Computed outside the lock: describing an app's error runs the app's code, which must not
        // run while a lock is held. Two threads may both compute it; the first result is kept, and
        // both are the same anyway.
        let key = ErrorReport.groupingKey(of: error)
        return Self.lock.withLock {
            if case .computed(let existing) = state { return existing }
            state = .computed(key)
            return key
        }
    }
}
