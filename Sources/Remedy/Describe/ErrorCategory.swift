/// What kind of failure an error is, independent of where it came from.
///
/// A category gives every error a sensible default title, message, severity and icon, so an error that
/// only states its ``PresentableError/message`` still reads well. The set is open: apps declare their own
/// categories as static members, and give them texts through ``Localization`` with the keys
/// `category.<identifier>.title` and `category.<identifier>.message`.
///
/// ```swift
/// extension ErrorCategory {
///     static let paymentDeclined = ErrorCategory("paymentDeclined", defaultSeverity: .major, icon: .lock)
/// }
/// ```
public struct ErrorCategory: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable identifier of the category, used in logs, reports and localization keys.
    public var identifier: String { storage.identifier }
    /// The severity of errors in this category that do not state their own.
    package var defaultSeverity: Severity { storage.defaultSeverity }
    /// The icon of errors in this category that do not state their own.
    package var defaultIcon: ErrorIcon { storage.defaultIcon }

    /// The category's values, in one shared instance: a category is copied into every interpretation, merge
    /// and presentation, and copying (or destroying) one reference costs one retain (or release) where its
    /// strings would cost one each, through the value witnesses of a multi-field struct.
    private final class Storage: Sendable {
        let identifier: String
        let defaultSeverity: Severity
        let defaultIcon: ErrorIcon
        let titleKey: String
        let messageKey: String
        let builtInIndex: Int?

        init(identifier: String, defaultSeverity: Severity, defaultIcon: ErrorIcon) {
            self.identifier = identifier
            self.defaultSeverity = defaultSeverity
            self.defaultIcon = defaultIcon
            self.titleKey = "category.\(identifier).title"
            self.messageKey = "category.\(identifier).message"
            self.builtInIndex = ErrorCategory.builtInIdentifiers.firstIndex(of: identifier)
        }
    }

    private let storage: Storage

    /// Creates a category.
    ///
    /// - Parameters:
    ///   - identifier: A stable identifier, unique among categories (`"paymentDeclined"`).
    ///   - defaultSeverity: The severity of errors in this category that don't state their own.
    ///   - icon: The icon of errors in this category that don't state their own.
    public init(_ identifier: String, defaultSeverity: Severity = .major, icon: ErrorIcon = .warning) {
        storage = Storage(identifier: identifier, defaultSeverity: defaultSeverity, defaultIcon: icon)
    }

    /// Decodes a category from its identifier, default severity and default icon.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .identifier),
            defaultSeverity: try container.decode(Severity.self, forKey: .defaultSeverity),
            icon: try container.decode(ErrorIcon.self, forKey: .defaultIcon)
        )
    }

    /// Encodes the identifier, default severity and default icon, in that order.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(defaultSeverity, forKey: .defaultSeverity)
        try container.encode(defaultIcon, forKey: .defaultIcon)
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, defaultSeverity, defaultIcon
    }

    /// The identifier.
    public var description: String { identifier }

    /// The key of the category's title in Remedy's string table.
    // Made once at init: resolving a presentation reads them every time.
    var titleKey: String { storage.titleKey }
    /// The key of the category's generic message in Remedy's string table.
    var messageKey: String { storage.messageKey }

    /// The category's localized default title.
    ///
    /// Categories without a text of their own fall back to the title of ``unknown``.
    ///
    /// - Parameter localization: The language and overrides to use.
    /// - Returns: A short title such as "Check Your Entry".
    package func title(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts { return texts.categoryTexts[builtInIndex].title }
        return localization.string(forKey: titleKey, fallbackKey: Self.unknownTitleKey)
    }

    /// The category's localized generic message, used when an error gives no text a person can read.
    ///
    /// - Parameter localization: The language and overrides to use.
    /// - Returns: One or two calm sentences that say what happened and what to do next.
    package func message(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts { return texts.categoryTexts[builtInIndex].message }
        return localization.string(forKey: messageKey, fallbackKey: Self.unknownMessageKey)
    }

    /// The category's generic message for a presentation that doesn't offer "Try Again": the same message
    /// without the sentence that asks to try again, where it has one (``unknown``,
    /// ``internalInconsistency``, ``externalSystemUnavailable`` and ``externalSystemUnexpected``), so a
    /// message never asks for what its buttons don't offer.
    ///
    /// - Parameter localization: The language and overrides to use.
    /// - Returns: One or two calm sentences.
    package func messageWithoutRetry(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts {
            return texts.categoryTexts[builtInIndex].messageWithoutRetry
        }
        let key = messageKey + Self.withoutRetrySuffix
        let text = localization.string(forKey: key)
        return text == key ? message(in: localization) : text
    }

    /// ``message(in:)`` beside "Try Again", else ``messageWithoutRetry(in:)``.
    package func message(in localization: Localization, offeringRetry: Bool) -> String {
        offeringRetry ? message(in: localization) : messageWithoutRetry(in: localization)
    }

    /// The suffix of the key of a message's variant without "Try again": `category.unknown.message.noRetry`.
    static let withoutRetrySuffix = ".noRetry"

    /// The position of a built-in category's identifier in ``builtInIdentifiers``, whose texts each language looks
    /// up once (``LanguageTexts/categoryTexts``); `nil` for the app's own categories.
    private var builtInIndex: Int? { storage.builtInIndex }

    /// The identifiers of the built-in categories, in the order of ``LanguageTexts/categoryTexts``.
    static let builtInIdentifiers = [
        "invalidInput", "internalInconsistency", "externalSystemUnavailable", "externalSystemUnexpected",
        "cancellation", "authenticationRequired", "permissionDenied", "resourceExhausted", "unknown",
    ]

    /// Whether two categories are the same: compared by identifier only, since a category is what its
    /// identifier names (its default severity and icon are only defaults).
    ///
    /// - Parameters:
    ///   - lhs: A category.
    ///   - rhs: Another category.
    /// - Returns: `true` when the identifiers are equal.
    public static func == (lhs: ErrorCategory, rhs: ErrorCategory) -> Bool {
        // Copies of one category (the ready-made ones nearly always) share their values.
        lhs.storage === rhs.storage || lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier, consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    static let unknownTitleKey = "category.unknown.title"
    static let unknownMessageKey = "category.unknown.message"

    // MARK: - Ready-made categories

    /// The person entered something that can't be used (an empty name, a malformed address).
    public static let invalidInput = ErrorCategory("invalidInput", defaultSeverity: .major, icon: .input)
    /// The program reached a state it should never reach: a bug.
    public static let internalInconsistency = ErrorCategory(
        "internalInconsistency",
        defaultSeverity: .major,
        icon: .warning
    )
    /// A server, service, device or disk the program needs can't be reached or is out of order.
    public static let externalSystemUnavailable = ErrorCategory(
        "externalSystemUnavailable",
        defaultSeverity: .major,
        icon: .network
    )
    /// A server, service or file answered in a way the program can't use.
    public static let externalSystemUnexpected = ErrorCategory(
        "externalSystemUnexpected",
        defaultSeverity: .major,
        icon: .server
    )
    /// The operation was cancelled. Cancellations are never shown to a person.
    public static let cancellation = ErrorCategory("cancellation", defaultSeverity: .minor, icon: .info)
    /// The person must sign in (again) before the program can go on.
    public static let authenticationRequired = ErrorCategory(
        "authenticationRequired",
        defaultSeverity: .critical,
        icon: .lock
    )
    /// The person or the program isn't allowed to do this.
    public static let permissionDenied = ErrorCategory("permissionDenied", defaultSeverity: .major, icon: .lock)
    /// Storage, quota or another limited resource is used up.
    public static let resourceExhausted = ErrorCategory("resourceExhausted", defaultSeverity: .major, icon: .storage)
    /// Nothing is known about the error: the calm, generic fallback.
    public static let unknown = ErrorCategory("unknown", defaultSeverity: .major, icon: .warning)

    /// The categories Remedy ships texts for, in every supported language.
    package static let builtIn: [ErrorCategory] = [
        .invalidInput, .internalInconsistency, .externalSystemUnavailable, .externalSystemUnexpected,
        .cancellation, .authenticationRequired, .permissionDenied, .resourceExhausted, .unknown,
    ]
}
