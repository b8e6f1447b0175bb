/// An action a person can choose to get past an error: Try Again, Sign In, Free Up Space, Cancel…
///
/// An option has a title, a ``Role`` that tells presenters how to show it, and an async action whose
/// ``RecoveryOutcome`` tells the handling code what to do next: ``RecoveryOutcome/recovered`` retries
/// the failed operation, ``RecoveryOutcome/notRecovered`` ends it.
///
/// ```swift
/// let freeUpSpace = RecoveryOption(title: "Free Up Space", role: .recommended) {
///     try await cache.purge()
///     return .recovered
/// }
/// let error = MessageError(
///     "There isn't enough space to save the photo.",
///     title: "Storage Full",
///     options: [freeUpSpace, .cancel]
/// )
/// ```
///
/// Ready-made options (``retry``, ``cancel``, ``ok``) carry Remedy's own localized titles; they are
/// translated into the language of the ``Localization`` used when the error is resolved.
public struct RecoveryOption: Sendable, CustomStringConvertible {
    /// How an option is shown, after Apple's Human Interface Guidelines for alert buttons.
    public enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        /// Dismisses the error without fixing anything. A presentation has at most one.
        case cancel
        /// An ordinary choice.
        case normal
        /// The choice most people want; presenters make it the default (Return / Enter).
        case recommended
        /// A choice that destroys data; always shown together with a cancel option.
        case destructive
    }

    /// The text on the button or prompt. A title set on a ready-made option is shown as given in every
    /// language, and the option is no longer Remedy's own (its ``id`` becomes `nil`).
    public var title: String {
        get { text }
        set {
            text = newValue
            name = titleKey == nil ? name : nil
        }
    }
    private var text: String
    /// How presenters show the option.
    public var role: Role
    /// Ready-made options follow the presentation's language by their title's key.
    var titleKey: String? {
        if case .readyMade(let titleKey) = name { titleKey } else { nil }
    }
    var explicitID: String? {
        if case .app(let id) = name { id } else { nil }
    }
    /// A ready-made option's title key, or the app's id: they never go together.
    private var name: Name?
    /// Choosing the option only acknowledges the error (like "OK"), with nothing to recover.
    let isAcknowledgement: Bool
    private let action: @Sendable () async throws -> RecoveryOutcome
    /// What OK, Cancel and Try Again answer, so that no task runs their actions; `nil` for other actions.
    let constantOutcome: RecoveryOutcome?

    private enum Name: Sendable {
        case readyMade(titleKey: String)
        case app(id: String)
    }

    /// Creates an option.
    ///
    /// - Parameters:
    ///   - id: A stable id, such as `"contactSupport"`, which names the option where its title can't: in a
    ///     Problem Details response's `actions` (``ProblemDetails/Action/id``), whatever the language of the
    ///     title. Default: none.
    ///   - title: The text on the button. An empty title is replaced by the role's default ("OK" or
    ///     "Cancel") when the option is presented; a destructive option with an empty title is left out.
    ///   - role: How presenters show the option.
    ///   - action: What choosing the option does. Return ``RecoveryOutcome/recovered`` when the cause is
    ///     fixed and the failed operation should run again. An action that throws is handled as a new
    ///     error.
    public init(
        id: String? = nil,
        title: String,
        role: Role = .normal,
        action: @escaping @Sendable () async throws -> RecoveryOutcome
    ) {
        self.init(title: title, role: role, titleKey: nil, isAcknowledgement: false, action: action, explicitID: id)
    }

    init(
        title: String,
        role: Role,
        titleKey: String?,
        isAcknowledgement: Bool,
        constantOutcome: RecoveryOutcome? = nil,
        action: @escaping @Sendable () async throws -> RecoveryOutcome,
        explicitID: String? = nil
    ) {
        self.text = title
        self.role = role
        self.name = titleKey.map { .readyMade(titleKey: $0) } ?? explicitID.map { .app(id: $0) }
        self.isAcknowledgement = isAcknowledgement
        self.constantOutcome = constantOutcome
        self.action = action
    }

    /// Runs the option's action.
    ///
    /// - Returns: Whether the action fixed the cause of the error.
    /// - Throws: Whatever the action throws.
    public func perform() async throws -> RecoveryOutcome {
        try await action()
    }

    /// The title and role, as in `Try Again (recommended)`.
    public var description: String { "\(title) (\(role))" }

    /// The option's title in the given language: Remedy's translation for ready-made options, the title
    /// as given for the app's own, and the role's default when the title is empty.
    ///
    /// - Parameter localization: The language and overrides to use.
    /// - Returns: A title that is never empty.
    public func localizedTitle(in localization: Localization = .default) -> String {
        if let titleKey {
            if let texts = localization.plainTexts {
                if titleKey == Self.okKey { return texts.okTitle }
                if titleKey == Self.cancelKey { return texts.cancelTitle }
                if titleKey == Self.retryKey { return texts.retryTitle }
            }
            return localization.string(forKey: titleKey)
        }
        if title.isBlank {
            return localization.string(forKey: role == .cancel ? Self.cancelKey : Self.okKey)
        }
        return title
    }

    /// The option with its title in a language, still Remedy's own if it was (unlike setting ``title``).
    func localized(in localization: Localization) -> RecoveryOption {
        var option = self
        option.text = localizedTitle(in: localization)
        return option
    }

    // MARK: - Ready-made options

    static let retryKey = "option.tryAgain"
    static let cancelKey = "option.cancel"
    static let okKey = "option.ok"

    /// "Try Again": the recommended option; reports ``RecoveryOutcome/recovered`` so the operation runs again.
    public static var retry: RecoveryOption { readyMadeRetry }

    /// "Cancel": gives up on the operation; reports ``RecoveryOutcome/notRecovered``.
    public static var cancel: RecoveryOption { readyMadeCancel }

    /// "OK": acknowledges the error; reports ``RecoveryOutcome/notRecovered``.
    ///
    /// Presentations offer it when an error has no options of its own.
    public static var ok: RecoveryOption { readyMadeOk }

    private static let readyMadeRetry = RecoveryOption(
        title: Localization.default.string(forKey: retryKey),
        role: .recommended,
        titleKey: retryKey,
        isAcknowledgement: false,
        constantOutcome: .recovered,
        action: { .recovered }
    )
    private static let readyMadeCancel = RecoveryOption(
        title: Localization.default.string(forKey: cancelKey),
        role: .cancel,
        titleKey: cancelKey,
        isAcknowledgement: false,
        constantOutcome: .notRecovered,
        action: { .notRecovered }
    )
    private static let readyMadeOk = ok(titled: Localization.default.string(forKey: okKey))

    static func ok(titled title: String) -> RecoveryOption {
        RecoveryOption(
            title: title,
            role: .normal,
            titleKey: okKey,
            isAcknowledgement: true,
            constantOutcome: .notRecovered,
            action: { .notRecovered }
        )
    }

    /// "Try Again" with an action that runs before the operation is retried.
    ///
    /// - Parameter prepare: Work that must happen before the retry (reconnect, refresh a token…).
    ///   Throwing from it is handled as a new error.
    /// - Returns: A recommended option that reports ``RecoveryOutcome/recovered`` after `prepare` ends.
    public static func retry(
        preparing prepare: @escaping @Sendable () async throws -> Void
    ) -> RecoveryOption {
        RecoveryOption(
            title: Localization.default.string(forKey: retryKey),
            role: .recommended,
            titleKey: retryKey,
            isAcknowledgement: false,
            action: {
                try await prepare()
                return .recovered
            }
        )
    }
}

extension RecoveryOption {
    /// Remedy's "Try Again", dropped where there is nothing to run again and from permanent failures.
    package var isRetry: Bool {
        titleKey == Self.retryKey
    }

    /// A stable id of the option: the one given to ``init(id:title:role:action:)``, or for Remedy's
    /// ready-made options `"retry"`, `"cancel"`, `"ok"` and `"signIn"`; `nil` for other options.
    public var id: String? {
        if let explicitID { return explicitID }
        switch titleKey {
        case Self.retryKey: return "retry"
        case Self.cancelKey: return "cancel"
        case Self.okKey: return "ok"
        case Self.signInKey: return "signIn"
        default: return nil
        }
    }
}
