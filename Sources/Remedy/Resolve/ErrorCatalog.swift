/// Translates foreign errors (Foundation's, HTTP, decoding, third-party SDKs') into calm, localized
/// texts with the right category, severity and options.
///
/// A catalog is an ordered set of translators. Apps register translators per concrete error type;
/// later registrations win over earlier ones and over the built-in entries. A translator may return
/// `nil` to let the next one (or the built-ins) answer.
///
/// The built-in entries cover `URLError`, `CocoaError`, `POSIXError` (and `NSError`s of their domains),
/// `DecodingError`, `EncodingError`, `CancellationError`, ``HTTPStatusError``, and the errors of SQLite
/// (GRDB, SQLiteNIO), SwiftNIO, swift-nio-ssl, AsyncHTTPClient and the data-format parsers, and the codes
/// libraries share wherever an error's structure carries them (an HTTP status, a gRPC status code, an errno,
/// an expired token, a missing setting), recognised by their structure without depending on those packages,
/// in every language of ``Localization/supportedLanguages``; <doc:Catalog> lists them, tells which
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
    package typealias Translator = @Sendable (any Error, Localization) -> ErrorInterpretation?

    /// A sibling module's built-in translator (RemedyTerminal's for swift-argument-parser); it is also given
    /// the app's trust declaration for the error's type.
    package typealias BuiltInTranslator =
        @Sendable (any Error, Localization, TextTrust?) -> ErrorInterpretation?

    private let includesBuiltIns: Bool

    // One shared instance: a catalog is copied with every resolver, configuration and answer of a failed
    // request, and one reference costs one retain where five tables cost five (`server.failure.retryAfter`,
    // Benchmarks/README.md). A change makes a new instance.
    private var shared = Shared(Tables())

    private struct Tables: Sendable {
        var appEntries: [ObjectIdentifier: [Translator]] = [:]
        var appPredicates: [Translator] = []
        var addedBuiltIns: [BuiltInTranslator] = []
        /// The app's declarations of whose texts a person may see, by type and by `NSError` domain.
        var typeTrust: [ObjectIdentifier: TextTrust] = [:]
        var domainTrust: [String: TextTrust] = [:]
        var appModules: Set<String> = []
    }

    private final class Shared: Sendable {
        let tables: Tables
        init(_ tables: Tables) { self.tables = tables }
    }

    private var tables: Tables {
        get { shared.tables }
        set { shared = Shared(newValue) }
    }
    private var appEntries: [ObjectIdentifier: [Translator]] {
        get { tables.appEntries }
        set { tables.appEntries = newValue }
    }
    private var appPredicates: [Translator] {
        get { tables.appPredicates }
        set { tables.appPredicates = newValue }
    }
    private var addedBuiltIns: [BuiltInTranslator] {
        get { tables.addedBuiltIns }
        set { tables.addedBuiltIns = newValue }
    }
    var typeTrust: [ObjectIdentifier: TextTrust] {
        get { tables.typeTrust }
        set { tables.typeTrust = newValue }
    }
    var domainTrust: [String: TextTrust] {
        get { tables.domainTrust }
        set { tables.domainTrust = newValue }
    }

    /// The modules whose error types are the app's own: their texts are shown when they don't read like
    /// developer text, while a dependency's are not.
    ///
    /// ``ErrorScope/root(_:presenter:rules:catalog:localization:logger:clock:configuration:terminate:fileID:)``
    /// and ``ErrorResolver/init(catalog:localization:limits:fileID:)`` add the module of the code that calls
    /// them. An app whose errors come from modules of its own that made neither adds them:
    ///
    /// ```swift
    /// var catalog = ErrorCatalog.standard
    /// catalog.appModules.insert("SyncKit")  // our sync module's errors speak to people
    /// ```
    public var appModules: Set<String> {
        get { tables.appModules }
        set { tables.appModules = newValue }
    }

    package init(includesBuiltIns: Bool = true) {
        self.includesBuiltIns = includesBuiltIns
    }

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
    public mutating func register(interpret: @escaping @Sendable (any Error, Localization) -> ErrorInterpretation?) {
        appPredicates.append(interpret)
    }

    /// Asked after the app's entries, before Remedy's own.
    package mutating func registerBuiltIn(_ interpret: @escaping BuiltInTranslator) {
        addedBuiltIns.append(interpret)
    }

    package static func readsAsDeveloperText(_ text: String) -> Bool {
        DeveloperText.detects(text)
    }

    /// The interpretation of one error (not its tree): the app's newest matching entry, else a built-in.
    package func interpretation(for error: any Error, localization: Localization = .default) -> ErrorInterpretation? {
        interpretation(for: error, info: ErrorTypeInfo.of(error), localization: localization)
    }

    package var isBuiltInsAlone: Bool {
        includesBuiltIns && appEntries.isEmpty && appPredicates.isEmpty && addedBuiltIns.isEmpty
    }

    /// `false` only when ``interpretation(for:localization:)`` surely answers `nil`: the built-ins alone
    /// interpret no value of an app's own type.
    func mayInterpret(_ error: any Error, info: ErrorTypeInfo) -> Bool {
        info.mayBeBuiltIn || !isBuiltInsAlone
    }

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
