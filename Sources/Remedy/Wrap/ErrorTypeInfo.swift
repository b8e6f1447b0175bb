import Foundation

/// What the walk and the reports need to know about an error's type, decided once per type and kept for the
/// life of the process (conformance checks asked per node would cost more than the rest of a visit).
final class ErrorTypeInfo: Sendable {
    /// Where the walk finds an error's children.
    enum Source: Sendable, Equatable {
        /// ``ContextError``: the cause.
        case context
        /// ``WrappingError``: `underlyingErrors`.
        case wrapping
        /// `DecodingError`: the context's underlying error.
        case decoding
        /// `EncodingError`: the context's underlying error.
        case encoding
        /// An `NSError` instance (or subclass): the user info.
        case nsError
        /// A `CustomNSError`: its user info, then reflection. `isFoundation` marks Foundation's own
        /// bridged errors (`URLError`, `CocoaError`, `POSIXError`), whose stored properties only hold
        /// the bridged `NSError` again and are never reflected.
        case customNSError(isFoundation: Bool)
        /// Anything else: reflection over enum payloads and stored properties.
        case reflection
        /// A type that can't hold another error: declared so, smaller than a reference, or a struct whose
        /// stored properties can't.
        case leaf
    }

    /// How the type reflects.
    enum Style: Sendable, Equatable {
        case enumeration, structure, object, other
    }

    /// The unqualified type name: `DecodingError`, `ServiceError`.
    let name: String
    /// The module-qualified type name, without run-time addresses: `MyApp.ServiceError`.
    let qualifiedName: String
    /// The stable hash of the module-qualified type name, for grouping keys.
    let qualifiedNameHash: UInt64
    /// The module that declares the type: `GRDB` for `GRDB.DatabaseError`.
    let moduleName: String
    let source: Source
    let style: Style
    /// Whether values are class instances, tracked by identity.
    let isObject: Bool
    /// Whether the type chooses its own mirror, so that reflection may not show all it holds.
    let isCustomReflectable: Bool
    /// Whether values are `NSError` instances (or of a subclass).
    let isNSError: Bool
    /// The error family of the ecosystem the built-in catalog recognises the type as, or `nil`.
    let ecosystemFamily: EcosystemFamily?
    /// Whether the built-in catalog entries may interpret values of this type; not an app's own value types.
    let mayBeBuiltIn: Bool
    /// Whether values have a user info: `NSError` instances and `CustomNSError`s.
    var hasUserInfo: Bool { isNSError || asCustomNSError != nil }
    /// `CustomStringConvertible`, excluding types whose description is an `NSError` dump.
    let isTextual: Bool
    let isDebugTextual: Bool
    /// Whether the type's description says nothing on purpose (postgres-nio's "Generic description…"): the first
    /// value tells.
    let hasVagueDescription: Bool
    /// Positions of the stored properties that may hold an error (``ReflectedValueKind/searchedChildren``);
    /// `nil` to look at all of them (enums, and classes with a superclass).
    let searchedChildren: [Int]?
    /// Reads the causes of a ``WrappingError`` of this type; `nil` for other types.
    let wrapping: WrappingReader?
    /// ``wrapping``, when it may also answer the ``WrappingError/declaredCaseName`` (for reports and keys):
    /// `nil` for types whose case names reflection reads otherwise than by name (see
    /// ``describesCasesByName(_:style:)``), whose statements are ignored.
    let wrapped: WrappingReader?

    // Casts to the protocols the walk and the reports read, decided for this type once: a failed cast to a
    // protocol existential searches the conformances at run time.
    let asCustomNSError: (@Sendable (any Error) -> (any CustomNSError)?)?
    let asLocalized: (@Sendable (any Error) -> (any LocalizedError)?)?
    let asPresentable: (@Sendable (any Error) -> (any PresentableError)?)?
    let asRecoverable: (@Sendable (any Error) -> (any RecoverableError)?)?
    /// Reads the facts an error carries beside its presentable ones (``FailureFactsCarrier``); `nil` for other types.
    let asFactsCarrier: (@Sendable (any Error) -> (any FailureFactsCarrier)?)?

    /// The kind of an enum value of this type: `ServiceError.timeout` for the case `timeout`.
    func kind(case name: String) -> String {
        self.name + "." + name
    }

    private init(of error: any Error) {
        let type = type(of: error)
        name = String(describing: type)
        let qualifiedName = Self.stableName(of: type)
        self.qualifiedName = qualifiedName
        var hash = StableHash()
        hash.combine(qualifiedName)
        qualifiedNameHash = hash.value
        moduleName = String(qualifiedName.prefix { $0 != "." })
        isObject = type is AnyClass
        isCustomReflectable = type is any CustomReflectable.Type
        let wrappingType = type as? any WrappingError.Type
        asCustomNSError = (type as? any CustomNSError.Type).map { Self.customNSErrorCast($0) }
        asLocalized = (type as? any LocalizedError.Type).map { Self.localizedCast($0) }
        asPresentable = (type as? any PresentableError.Type).map { Self.presentableCast($0) }
        asRecoverable = (type as? any RecoverableError.Type).map { Self.recoverableCast($0) }
        asFactsCarrier = (type as? any FailureFactsCarrier.Type).map { Self.factsCarrierCast($0) }
        let isCustomNSError = asCustomNSError != nil
        let isNSError = type is NSError.Type
        self.isNSError = isNSError
        isTextual =
            type is any CustomStringConvertible.Type && !isNSError && !isCustomNSError
            && type != ContextError.self
        isDebugTextual =
            type is any CustomDebugStringConvertible.Type && !isNSError && !isCustomNSError
            && type != ContextError.self
        hasVagueDescription = isTextual && String(describing: error).contains("String(reflecting:")
        let mirror = Mirror(reflecting: error)
        let ecosystemFamily = EcosystemFamily(of: error, qualifiedName: qualifiedName, mirror: mirror)
        self.ecosystemFamily = ecosystemFamily
        let style: Style
        switch mirror.displayStyle {
        case .enum: style = .enumeration
        case .struct: style = .structure
        case .class: style = .object
        default: style = .other
        }
        self.style = style
        if type == ContextError.self {
            source = .context
        } else if wrappingType != nil {
            source = .wrapping
        } else if type == DecodingError.self {
            source = .decoding
        } else if type == EncodingError.self {
            source = .encoding
        } else if isNSError {
            source = .nsError
        } else if isCustomNSError {
            // Exact types: on Linux any `NSError` casts to `CocoaError`, whatever its domain.
            source = .customNSError(
                isFoundation: type == URLError.self || type == CocoaError.self || type == POSIXError.self)
        } else if Self.isDeclaredLeaf(type) || ReflectedValueKind.isSmallerThanAReference(type)
            || (style == .structure && ecosystemFamily?.readsItsCause == true)
            || (style == .structure && !isCustomReflectable && !ReflectedValueKind.mayHoldErrors(mirror))
        {
            // A struct's stored properties are the same for every value: one value tells what they can hold.
            // A value smaller than a reference (an enum of cases without values) holds no other error. A family
            // that reads the errno its struct keeps (a subprocess') reads it with its meaning, not as a cause.
            source = .leaf
        } else {
            source = .reflection
        }
        // The types `BuiltInCatalog.interpretation(for:info:localization:)` compares one by one.
        let isBuiltInType =
            type == HTTPStatusError.self || type == CancellationError.self || type == URLError.self
            || type == CocoaError.self || type == POSIXError.self || type == DecodingError.self
            || type == EncodingError.self
        mayBeBuiltIn = ecosystemFamily != nil || isObject || isNSError || isCustomNSError || isBuiltInType
        let hasFixedProperties =
            (style == .structure || style == .object) && !isCustomReflectable && mirror.superclassMirror == nil
        searchedChildren =
            hasFixedProperties && (source == .reflection || source == .customNSError(isFoundation: false))
            ? ReflectedValueKind.searchedChildren(of: mirror, searchesObjects: true) : nil
        wrapping = wrappingType.map { WrappingReader($0) }
        wrapped = Self.describesCasesByName(type, style: style) ? wrapping : nil
    }

    /// Whether reflection reads this enum's case names as the names alone (default description and mirror).
    private static func describesCasesByName(_ type: any Error.Type, style: Style) -> Bool {
        style == .enumeration && !(type is any CustomStringConvertible.Type)
            && !(type is any CustomDebugStringConvertible.Type) && !(type is any TextOutputStreamable.Type)
            && !(type is any CustomReflectable.Type)
    }

    private static func customNSErrorCast<E: CustomNSError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any CustomNSError)? {
        { ErrorTree.value($0, as: E.self) }
    }

    private static func localizedCast<E: LocalizedError>(_: E.Type) -> @Sendable (any Error) -> (any LocalizedError)? {
        { ErrorTree.value($0, as: E.self) }
    }

    private static func presentableCast<E: PresentableError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any PresentableError)? {
        { ErrorTree.value($0, as: E.self) }
    }

    private static func recoverableCast<E: RecoverableError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any RecoverableError)? {
        { ErrorTree.value($0, as: E.self) }
    }

    private static func factsCarrierCast<E: FailureFactsCarrier>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any FailureFactsCarrier)? {
        { ErrorTree.value($0, as: E.self) }
    }

    /// The module-qualified name of a type without the addresses Swift prints for private and local
    /// types (`(unknown context at $10a4c3f20)`), which change from run to run.
    static func stableName(of type: Any.Type) -> String {
        var name = String(reflecting: type)
        let marker = "(unknown context at $"
        while let start = name.range(of: marker) {
            guard let end = name[start.upperBound...].firstIndex(of: ")") else { break }
            name.replaceSubrange(start.lowerBound...end, with: "(private)")
        }
        return name
    }

    private static let known = LockedValue<[ObjectIdentifier: ErrorTypeInfo]>([:])

    /// Tests of types that can't hold another error although they hold references, declared by the modules
    /// that know them (RemedyHummingbird: every `HTTPResponseError`, which knows its own response).
    private static let leafDeclarations = LockedValue<[@Sendable (any Error.Type) -> Bool]>([])

    /// Declares leaves; types seen before are looked at again.
    static func declareLeaves(where test: @escaping @Sendable (any Error.Type) -> Bool) {
        leafDeclarations.withLock { $0.append(test) }
        known.withLock { $0 = [:] }
    }

    private static func isDeclaredLeaf(_ type: any Error.Type) -> Bool {
        leafDeclarations.withLock { tests in tests.contains { $0(type) } }
    }

    /// The information about an error's dynamic type.
    static func of(_ error: any Error) -> ErrorTypeInfo {
        let id = ObjectIdentifier(type(of: error))
        if let info = known.withLock({ $0[id] }) { return info }
        // Made outside the lock: it runs the type's own code (its description).
        let info = ErrorTypeInfo(of: error)
        return known.withLock { known in
            if let existing = known[id] { return existing }
            known[id] = info
            return info
        }
    }
}

/// Reads the causes (and the stated case name) of the values of one ``WrappingError`` type.
struct WrappingReader: Sendable {
    private let lend: @Sendable (any Error, (any Error) -> Void) -> Void
    private let lendWithCaseName: @Sendable (any Error, (any Error) -> Void) -> String?

    init<E: WrappingError>(_: E.Type) {
        lend = { error, body in ErrorTree.value(error, as: E.self)?.forEachUnderlyingError(body) }
        lendWithCaseName = { error, body in
            guard let value = ErrorTree.value(error, as: E.self) else { return nil }
            value.forEachUnderlyingError(body)
            guard let name = value.declaredCaseName, ErrorTypeInfo.isIdentifier(name) else { return nil }
            return name
        }
    }

    /// Lends the error's causes to `body` (``WrappingError/forEachUnderlyingError(_:)``).
    func forEachUnderlyingError(of error: any Error, _ body: (any Error) -> Void) {
        lend(error, body)
    }

    /// Lends the error's causes to `body`, and answers its ``WrappingError/declaredCaseName`` when it is a
    /// plain identifier.
    func forEachUnderlyingErrorAndCaseName(of error: any Error, _ body: (any Error) -> Void) -> String? {
        lendWithCaseName(error, body)
    }
}

extension ErrorTree {
    /// Declares the types a test accepts as leaves, which hold references but never another error: walks
    /// don't reflect their values in search of causes (RemedyHummingbird declares every
    /// `HTTPResponseError`, which knows its own response).
    package static func declareLeaves(where test: @escaping @Sendable (any Error.Type) -> Bool) {
        ErrorTypeInfo.declareLeaves(where: test)
    }

    /// The module-qualified name of an error's type (`GRDB.DatabaseError`), made once per type.
    package static func qualifiedTypeName(of error: any Error) -> String {
        ErrorTypeInfo.of(error).qualifiedName
    }

    /// The module that declares an error's type (`GRDB` for `GRDB.DatabaseError`), looked up once per type.
    package static func moduleName(of error: any Error) -> String {
        ErrorTypeInfo.of(error).moduleName
    }
}
