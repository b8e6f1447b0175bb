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
    package var defaultSeverity: Severity { storage.defaultSeverity }
    package var defaultIcon: ErrorIcon { storage.defaultIcon }

    // One shared instance: a category is copied into every interpretation, merge and answer of a failed
    // request, and a reference costs one retain where its strings cost one each; its keys and its place
    // among the built-in categories are found once (`server.failure.retryAfter`, Benchmarks/README.md).
    private final class Storage: Sendable {
        let identifier: String
        let defaultSeverity: Severity
        let defaultIcon: ErrorIcon
        let titleKey: String
        let messageKey: String
        let builtInIndex: Int?

        init(_ identifier: String, _ defaultSeverity: Severity, _ defaultIcon: ErrorIcon) {
            self.identifier = identifier
            self.defaultSeverity = defaultSeverity
            self.defaultIcon = defaultIcon
            titleKey = "category.\(identifier).title"
            messageKey = "category.\(identifier).message"
            builtInIndex = ErrorCategory.builtInIdentifiers.firstIndex(of: identifier)
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
        storage = Storage(identifier, defaultSeverity, icon)
    }

    /// Decodes a category from its identifier, default severity and default icon.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .identifier),
            defaultSeverity: try container.decode(Severity.self, forKey: .defaultSeverity),
            icon: try container.decode(ErrorIcon.self, forKey: .defaultIcon)
        )
    }

    /// Encodes the identifier, default severity and default icon.
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

    var titleKey: String { storage.titleKey }
    var messageKey: String { storage.messageKey }

    /// The localized default title, such as "Check Your Entry"; the title of ``unknown`` for categories
    /// without a text of their own.
    package func title(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts { return texts.categoryTexts[builtInIndex].title }
        return localization.string(forKey: titleKey, fallbackKey: Self.unknownTitleKey)
    }

    /// The localized generic message, for an error that gives no text a person can read.
    package func message(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts { return texts.categoryTexts[builtInIndex].message }
        return localization.string(forKey: messageKey, fallbackKey: Self.unknownMessageKey)
    }

    /// The generic message without its sentence that asks to try again, where it has one, so a message
    /// never asks for what its buttons don't offer.
    package func messageWithoutRetry(in localization: Localization = .default) -> String {
        if let builtInIndex, let texts = localization.plainTexts {
            return texts.categoryTexts[builtInIndex].messageWithoutRetry
        }
        let key = messageKey + Self.withoutRetrySuffix
        let text = localization.string(forKey: key)
        return text == key ? message(in: localization) : text
    }

    package func message(in localization: Localization, offeringRetry: Bool) -> String {
        offeringRetry ? message(in: localization) : messageWithoutRetry(in: localization)
    }

    static let withoutRetrySuffix = ".noRetry"

    /// The position in ``LanguageTexts/categoryTexts``; `nil` for the app's own categories.
    private var builtInIndex: Int? { storage.builtInIndex }

    static let builtInIdentifiers = [
        "invalidInput", "internalInconsistency", "externalSystemUnavailable", "externalSystemUnexpected",
        "cancellation", "authenticationRequired", "permissionDenied", "resourceExhausted", "unknown",
    ]

    /// Compares by identifier only: a category is what its identifier names (its severity and icon are
    /// only defaults).
    public static func == (lhs: ErrorCategory, rhs: ErrorCategory) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    static let unknownTitleKey = "category.unknown.title"
    static let unknownMessageKey = "category.unknown.message"

    // MARK: - Ready-made categories

    /// The person entered something that can't be used (an empty name, a malformed address).
    public static let invalidInput = ErrorCategory("invalidInput", defaultSeverity: .major, icon: .input)
    /// The program reached a state it should never reach: a bug.
    public static let internalInconsistency = ErrorCategory("internalInconsistency", icon: .warning)
    /// A server, service, device or disk the program needs can't be reached or is out of order.
    public static let externalSystemUnavailable = ErrorCategory("externalSystemUnavailable", icon: .network)
    /// A server, service or file answered in a way the program can't use.
    public static let externalSystemUnexpected = ErrorCategory("externalSystemUnexpected", icon: .server)
    /// The operation was cancelled. Cancellations are never shown to a person.
    public static let cancellation = ErrorCategory("cancellation", defaultSeverity: .minor, icon: .info)
    /// The person must sign in (again) before the program can go on.
    public static let authenticationRequired = ErrorCategory(
        "authenticationRequired", defaultSeverity: .critical, icon: .lock)
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
