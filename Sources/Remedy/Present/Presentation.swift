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
    public var title: String {
        get { content.title }
        set { modifyContent { $0.title = newValue } }
    }
    /// What happened and what to do next. Kept whole, however long; presenters may truncate.
    public var message: String {
        get { content.message }
        set { modifyContent { $0.message = newValue } }
    }
    /// Extra detail for a less prominent place, or `nil`.
    public var detail: String? {
        get { content.detail }
        set { modifyContent { $0.detail = newValue } }
    }
    /// A help anchor (`NSHelpAnchorErrorKey`, `LocalizedError.helpAnchor`), or `nil`.
    public var helpAnchor: String? {
        get { content.helpAnchor }
        set { modifyContent { $0.helpAnchor = newValue } }
    }
    /// The options, already normalized by the presentation rules.
    public private(set) var options: [RecoveryOption] {
        get { content.options }
        set { modifyContent { $0.options = newValue } }
    }
    /// What is wrong with each field of the person's input, in order: an app shows each message next to its
    /// field. Empty unless the error is about fields.
    ///
    /// They come from the first ``InvalidInputError`` of the error's tree, or from the `errors` member of a
    /// server's Problem Details answer (``ProblemDetailsError``). Presentations with different field errors
    /// are never coalesced.
    ///
    /// ```swift
    /// for fieldError in presentation.fieldErrors {
    ///     form.showError(fieldError.message, besideFieldAt: fieldError.path)
    /// }
    /// ```
    public var fieldErrors: [FieldError] { content.fieldErrors }
    /// What kind of failure this is.
    public var category: ErrorCategory {
        get { content.category }
        set { modifyContent { $0.category = newValue } }
    }
    /// How badly the failure disrupts the person.
    public var severity: Severity {
        get { content.severity }
        set { modifyContent { $0.severity = newValue } }
    }
    /// How to show it.
    public var style: PresentationStyle {
        get { content.style }
        set {
            // Presenters' capabilities set the style of every presentation, mostly to the one it has.
            guard newValue != content.style else { return }
            modifyContent { $0.style = newValue }
        }
    }
    /// The icon to show.
    public var icon: ErrorIcon {
        get { content.icon }
        set { modifyContent { $0.icon = newValue } }
    }
    /// The shape of the presented error, for logs and analytics: errors of one type share it even when
    /// their messages differ. The scheduler doesn't coalesce by it; it coalesces presentations a person
    /// can't tell apart (their texts, severity, style and options).
    ///
    /// Unless one was given, the key is the grouping key of the error the presentation was made for
    /// (``ErrorReport/groupingKey(of:limits:)``), computed when first read: walking the tree for it
    /// costs as much as the rest of a presentation, and many presentations are never queued. Copies
    /// made before the first read share the result. Setting a key replaces it.
    public var groupingKey: String {
        get {
            switch groupingKeySource {
            case .given(let key): key
            case .derived(let box): box.key
            case .derivedInContent: content.key
            }
        }
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

    /// What the presentation shows, behind one reference: copying a presentation, or making one from a
    /// template, costs one retain, not one for every text, list and category (copy-on-write: see
    /// ``modifyContent(_:)``).
    private var content: PresentationContent
    private var groupingKeySource: GroupingKeySource

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
        // The content box holds the derived grouping key's state too: one allocation for both.
        self.content = PresentationContent(
            title: title.nonBlank ?? category.title(in: localization),
            // A blank message: the category's, which asks to try again only beside Try Again.
            message: message.isBlank
                ? category.message(in: localization, offeringRetry: options.contains(where: \.isRetry)) : message,
            detail: detail.nonBlank,
            helpAnchor: helpAnchor.nonBlank,
            options: Self.normalize(options, localization: localization),
            fieldErrors: fieldErrors,
            category: category,
            severity: severity,
            style: severity == .fatal && style == .banner ? .alert : style,
            icon: icon ?? category.defaultIcon,
            keyOf: groupingKey == nil ? error : nil
        )
        self.groupingKeySource = groupingKey.map { .given($0) } ?? .derivedInContent
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
        template: CachedPresentation,
        for error: any Error,
        groupingKey: String? = nil,
        supportReference: SupportReference?,
        localization: Localization
    ) {
        // Shared with the template and every presentation made from it, until one of them changes it.
        self.content = template.content
        self.groupingKeySource = groupingKey.map { .given($0) } ?? .derived(DerivedGroupingKey(error))
        self.occurrences = 1
        self.supportReference = supportReference ?? .next()
        self.error = error
        self.localization = localization
    }

    /// Changes the content: in place when this presentation holds the only reference to it, else in a copy
    /// of its own (copy-on-write, as the standard library's collections do).
    ///
    /// A grouping key derived in the content box stays with the box that holds it, shared by the copies
    /// made before the change, as before it.
    private mutating func modifyContent(_ change: (PresentationContent) -> Void) {
        if !isKnownUniquelyReferenced(&content) {
            if case .derivedInContent = groupingKeySource { groupingKeySource = .derived(content) }
            content = content.copy()
        }
        change(content)
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
        // `cancelOption ?? defaultOption ?? options[0]`, by index: each of those getters copies the option
        // it finds into an optional. `defaultOption`'s own fallback, the only option, is `options[0]`.
        if let index = options.firstIndex(where: { $0.role == .cancel }) { return options[index] }
        if let index = options.firstIndex(where: { $0.role == .recommended }) { return options[index] }
        return options[0]
    }

    /// Finds the option of this presentation that an answer stands for, by title and role.
    ///
    /// Presenters may hand back a copy of an option; this maps it to the presentation's own option and
    /// returns `nil` for an option that is not part of the presentation.
    ///
    /// - Parameter answer: The option a presenter returned.
    /// - Returns: The matching option of this presentation, or `nil`.
    package func option(matching answer: RecoveryOption) -> RecoveryOption? {
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
/// Presentations made from it share its content until one of them changes it.
final class CachedPresentation: Sendable {
    let content: PresentationContent

    /// The template of a presentation.
    init(_ presentation: Presentation) {
        // A copy without the derived key's state, which would keep the presentation's error alive.
        content = presentation.contentWithoutKey
    }
}

extension Presentation {
    /// A copy of the content, without the derived key's state.
    fileprivate var contentWithoutKey: PresentationContent { content.copy() }
}

/// The visible content of a presentation, shared by its copies and by the presentations made from one
/// template; for a presentation made by ``Presentation/init(title:message:detail:helpAnchor:options:fieldErrors:category:severity:style:icon:groupingKey:supportReference:error:localization:)``
/// without a grouping key, also the state of the key derived from its error.
final class PresentationContent: DerivedGroupingKey, @unchecked Sendable {
    // @unchecked: the properties below are `var`s, changed only by `Presentation.modifyContent`, and only
    // after `isKnownUniquelyReferenced` found that the presentation being changed (held `inout`, so by
    // one thread) holds the only reference to the box: no other presentation, template or thread can
    // read it then. Every other use only reads. A template's box is never changed: the template holds a
    // reference. The derived key's state is `DerivedGroupingKey`'s, behind its lock.
    // `PresentationContentTests.contentIsCopiedOnWrite` and `copiesChangedFromManyThreadsStayApart` check it.
    var title: String
    var message: String
    var detail: String?
    var helpAnchor: String?
    var options: [RecoveryOption]
    var fieldErrors: [FieldError]
    var category: ErrorCategory
    var severity: Severity
    var style: PresentationStyle
    var icon: ErrorIcon

    init(
        title: String,
        message: String,
        detail: String?,
        helpAnchor: String?,
        options: [RecoveryOption],
        fieldErrors: [FieldError],
        category: ErrorCategory,
        severity: Severity,
        style: PresentationStyle,
        icon: ErrorIcon,
        keyOf error: (any Error)?
    ) {
        self.title = title
        self.message = message
        self.detail = detail
        self.helpAnchor = helpAnchor
        self.options = options
        self.fieldErrors = fieldErrors
        self.category = category
        self.severity = severity
        self.style = style
        self.icon = icon
        super.init(error)
    }

    /// The same content in a box of its own, without the derived key's state.
    func copy() -> PresentationContent {
        PresentationContent(
            title: title,
            message: message,
            detail: detail,
            helpAnchor: helpAnchor,
            options: options,
            fieldErrors: fieldErrors,
            category: category,
            severity: severity,
            style: style,
            icon: icon,
            keyOf: nil
        )
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
    /// As `derived`, with the state in the presentation's own content box (no box of its own).
    case derivedInContent
}

/// A grouping key derived from an error when first read, shared by the copies of a presentation.
///
/// A plain object behind one lock shared by all of them, not a `LockedValue` each: most presentations
/// are never queued, so their key is never read, and a box with a mutex of its own costs the mutex's
/// setup and teardown besides the allocation, for every presentation. The lock is held only to read or
/// store the state, never while the key is computed, so sharing it makes threads wait for a few
/// instructions at most. ``PresentationContent`` is one too, so a presentation needs one allocation for
/// both.
class DerivedGroupingKey: @unchecked Sendable {
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
        /// No key is derived here (a content box of a presentation whose key comes from elsewhere).
        case none
    }

    /// A box for the key of an error; `nil`: a box that derives no key.
    init(_ error: (any Error)?) {
        state = error.map { .pending($0) } ?? .none
    }

    final var key: String {
        let error: any Error
        switch Self.lock.withLock({ state }) {
        case .computed(let key): return key
        case .pending(let pending): error = pending
        case .none: preconditionFailure("a grouping key read from a box that derives none")
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
