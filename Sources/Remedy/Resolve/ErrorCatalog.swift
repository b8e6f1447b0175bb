/// Translates foreign errors (Foundation's, HTTP, decoding, third-party SDKs') into calm, localized
/// texts with the right category, severity and options.
///
/// A catalog is an ordered set of translators. Apps register translators per concrete error type;
/// later registrations win over earlier ones and over the built-in entries. A translator may return
/// `nil` to let the next one (or the built-ins) answer.
///
/// The built-in entries cover `URLError`, `CocoaError`, `POSIXError` (and `NSError`s of their domains),
/// `DecodingError`, `EncodingError`, `CancellationError`, ``HTTPStatusError``, and the errors of SQLite
/// (GRDB, SQLiteNIO), SwiftNIO, swift-nio-ssl, AsyncHTTPClient and the data-format parsers, recognised by
/// their structure without depending on those packages, in every language of
/// ``Localization/supportedLanguages``; <doc:Catalog> lists them, tells which
/// error maps to which entry and how to reword any of their texts by key.
///
/// ```swift
/// var catalog = ErrorCatalog.standard
/// catalog.register(PaymentSDKError.self) { error, localization in
///     error.code == .cancelled ? .silent : ErrorInterpretation(message: "The payment didn't go through.")
/// }
/// let root = ErrorScope.root(presenter: presenter, catalog: catalog)
/// ```
public struct ErrorCatalog: Sendable {
    /// A translator for any error; returns `nil` for errors it doesn't know.
    public typealias Translator = @Sendable (any Error, Localization) -> ErrorInterpretation?

    /// A translator a sibling module adds to the built-in entries (RemedyTerminal's for
    /// swift-argument-parser): it is also given the app's trust declaration for the error's type.
    package typealias BuiltInTranslator =
        @Sendable (any Error, Localization, TextTrust?) -> ErrorInterpretation?

    /// Everything the catalog holds, in one shared instance: a catalog is copied into every resolver, and
    /// one reference costs one retain where the fields cost one each. Immutable: a registration replaces it.
    private var storage: Storage

    private final class Storage: Sendable {
        let appEntries: [ObjectIdentifier: [Translator]]
        let appPredicates: [Translator]
        let addedBuiltIns: [BuiltInTranslator]
        let includesBuiltIns: Bool
        let typeTrust: [ObjectIdentifier: TextTrust]
        let domainTrust: [String: TextTrust]

        init(
            appEntries: [ObjectIdentifier: [Translator]] = [:],
            appPredicates: [Translator] = [],
            addedBuiltIns: [BuiltInTranslator] = [],
            includesBuiltIns: Bool,
            typeTrust: [ObjectIdentifier: TextTrust] = [:],
            domainTrust: [String: TextTrust] = [:]
        ) {
            self.appEntries = appEntries
            self.appPredicates = appPredicates
            self.addedBuiltIns = addedBuiltIns
            self.includesBuiltIns = includesBuiltIns
            self.typeTrust = typeTrust
            self.domainTrust = domainTrust
        }

        /// A copy with some fields changed.
        func with(
            appEntries: [ObjectIdentifier: [Translator]]? = nil,
            appPredicates: [Translator]? = nil,
            addedBuiltIns: [BuiltInTranslator]? = nil,
            typeTrust: [ObjectIdentifier: TextTrust]? = nil,
            domainTrust: [String: TextTrust]? = nil
        ) -> Storage {
            Storage(
                appEntries: appEntries ?? self.appEntries,
                appPredicates: appPredicates ?? self.appPredicates,
                addedBuiltIns: addedBuiltIns ?? self.addedBuiltIns,
                includesBuiltIns: includesBuiltIns,
                typeTrust: typeTrust ?? self.typeTrust,
                domainTrust: domainTrust ?? self.domainTrust
            )
        }
    }

    private var appEntries: [ObjectIdentifier: [Translator]] {
        get { storage.appEntries }
        set { storage = storage.with(appEntries: newValue) }
    }
    private var appPredicates: [Translator] {
        get { storage.appPredicates }
        set { storage = storage.with(appPredicates: newValue) }
    }
    private var addedBuiltIns: [BuiltInTranslator] {
        get { storage.addedBuiltIns }
        set { storage = storage.with(addedBuiltIns: newValue) }
    }
    private var includesBuiltIns: Bool { storage.includesBuiltIns }
    /// The app's declarations of whose texts a person may see, by type and by `NSError` domain.
    var typeTrust: [ObjectIdentifier: TextTrust] {
        get { storage.typeTrust }
        set { storage = storage.with(typeTrust: newValue) }
    }
    var domainTrust: [String: TextTrust] {
        get { storage.domainTrust }
        set { storage = storage.with(domainTrust: newValue) }
    }

    /// Creates a catalog.
    ///
    /// - Parameter includesBuiltIns: Whether Remedy's built-in entries answer after the app's.
    public init(includesBuiltIns: Bool = true) {
        storage = includesBuiltIns ? Self.builtInsStorage : Self.emptyStorage
    }

    // The storages of the catalogs without registrations, shared: making a catalog allocates nothing.
    private static let builtInsStorage = Storage(includesBuiltIns: true)
    private static let emptyStorage = Storage(includesBuiltIns: false)

    /// A catalog with Remedy's built-in entries and nothing else.
    public static var standard: ErrorCatalog { ErrorCatalog() }

    /// A catalog with no entries at all.
    public static var empty: ErrorCatalog { ErrorCatalog(includesBuiltIns: false) }

    /// Registers a translator for one concrete error type. It wins over earlier registrations and over
    /// the built-in entries for that type.
    ///
    /// - Parameters:
    ///   - type: The concrete error type (matched exactly, not by protocol or superclass).
    ///   - interpret: Returns the interpretation, or `nil` to let earlier registrations and the built-ins
    ///     answer.
    public mutating func register<E: Error>(
        _ type: E.Type,
        interpret: @escaping @Sendable (E, Localization) -> ErrorInterpretation?
    ) {
        appEntries[ObjectIdentifier(type), default: []].append { error, localization in
            (error as? E).flatMap { interpret($0, localization) }
        }
    }

    /// Registers a translator for any error it recognizes, for cases a concrete type can't express
    /// (a protocol, an `NSError` domain). Type registrations are asked first.
    ///
    /// - Parameter interpret: Returns the interpretation, or `nil` for errors it doesn't know.
    public mutating func register(interpret: @escaping Translator) {
        appPredicates.append(interpret)
    }

    /// Adds a translator to the built-in entries: asked after the app's entries, before Remedy's own.
    package mutating func registerBuiltIn(_ interpret: @escaping BuiltInTranslator) {
        addedBuiltIns.append(interpret)
    }

    /// Whether a text reads like developer text (the trust policy's screen): SQL, code in backticks, a
    /// source path, a Swift type name ending in `Error`, an `NSError` dump or an errno.
    package static func readsAsDeveloperText(_ text: String) -> Bool {
        DeveloperText.detects(text)
    }

    /// The interpretation of one error (not its tree): the app's newest matching entry, else a built-in.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - localization: The language of the texts.
    /// - Returns: The interpretation, or `nil` when no entry knows the error.
    package func interpretation(for error: any Error, localization: Localization = .default) -> ErrorInterpretation? {
        interpretation(for: error, info: ErrorTypeInfo.of(error), localization: localization)
    }

    /// Whether the catalog is Remedy's built-in entries alone: no translator of the app's may answer first.
    package var isBuiltInsAlone: Bool {
        includesBuiltIns && appEntries.isEmpty && appPredicates.isEmpty && addedBuiltIns.isEmpty
    }

    /// Whether ``interpretation(for:localization:)`` may answer for an error: `false` only when it surely
    /// answers `nil`, so the question needn't be asked. Without entries of the app's, only the built-ins
    /// answer, and they interpret no value of an app's own type (``ErrorTypeInfo/mayBeBuiltIn``): only
    /// the ecosystem's errors, class instances, and Foundation's, decoding, ``HTTPStatusError`` and
    /// `CancellationError` types.
    func mayInterpret(_ error: any Error, info: ErrorTypeInfo) -> Bool {
        info.mayBeBuiltIn || !isBuiltInsAlone
    }

    /// ``interpretation(for:localization:)`` with the facts about the error's type that the walk found.
    func interpretation(
        for error: any Error,
        info: ErrorTypeInfo,
        localization: Localization
    ) -> ErrorInterpretation? {
        if !appEntries.isEmpty, let translators = appEntries[ObjectIdentifier(type(of: error))] {
            for interpret in translators.reversed() {
                if let interpretation = interpret(error, localization) { return interpretation }
            }
        }
        for interpret in appPredicates.reversed() {
            if let interpretation = interpret(error, localization) { return interpretation }
        }
        guard includesBuiltIns else { return nil }
        if !addedBuiltIns.isEmpty {
            let trust = typeTrust.isEmpty ? nil : typeTrust[ObjectIdentifier(type(of: error))]
            for interpret in addedBuiltIns.reversed() {
                if var interpretation = interpret(error, localization, trust) {
                    interpretation.isBuiltIn = true
                    return interpretation
                }
            }
        }
        guard var interpretation = BuiltInCatalog.interpretation(for: error, info: info, localization: localization)
        else { return nil }
        interpretation.isBuiltIn = true
        return interpretation
    }
}
