import Foundation

/// What the tree walk and the reports need to know about an error's type, found once per type.
///
/// Protocol conformance checks, type names and display styles cost hundreds of nanoseconds each at
/// run time; asked per node they would dominate a walk. They depend on the type only, so they are
/// computed on first sight of a type and cached for the life of the process (types are never
/// unloaded, and there are only as many entries as error types the program has).
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
        /// A type that can't hold another error (it has no references at all).
        case leaf
    }

    /// How the type reflects.
    enum Style: Sendable, Equatable {
        case enumeration, structure, object, other
    }

    /// The unqualified type name: `DecodingError`, `ServiceError`.
    let name: String
    /// The stable hash of the module-qualified type name, for grouping keys.
    let qualifiedNameHash: UInt64
    /// The module that declares the type: `GRDB` for `GRDB.DatabaseError`.
    let moduleName: String
    let source: Source
    let style: Style
    /// Whether values are class instances, tracked by identity.
    let isObject: Bool
    /// Whether values hold no references: reflection can't find errors in them, and their
    /// description depends on their bits only.
    let isPlainData: Bool
    /// Whether the type chooses its own mirror, so that reflection may not show all it holds.
    let isCustomReflectable: Bool
    /// Whether values are `NSError` instances (or of a subclass).
    let isNSError: Bool
    /// The error family of the ecosystem the built-in catalog recognises the type as, or `nil`.
    let ecosystemFamily: EcosystemFamily?
    /// Whether the built-in catalog entries may interpret values of this type: an ecosystem's error, a
    /// class instance, or a type they interpret as such (Foundation's errors and `NSError`s, decoding and
    /// encoding errors, ``HTTPStatusError``, `CancellationError`). `false` for an app's own value types,
    /// which only an app's catalog entries interpret (see `ErrorCatalog.mayInterpret(_:info:)`).
    let mayBeBuiltIn: Bool
    /// Whether values have a user info: `NSError` instances and `CustomNSError`s.
    var hasUserInfo: Bool { isNSError || asCustomNSError != nil }
    /// `CustomStringConvertible`, excluding types whose description is an `NSError` dump.
    let isTextual: Bool
    let isDebugTextual: Bool
    /// Whether the type's description deliberately says nothing and points to its debug description instead
    /// (postgres-nio's "Generic description to prevent accidental leakage of sensitive data. For debugging
    /// details, use `String(reflecting: error)`."): a report reads something more specific. Such a text is
    /// the same for every value, so the first value seen tells.
    let hasVagueDescription: Bool
    // Casts to the protocols the walk and the reports read, made for this type once. A cast of an
    // `any Error` to its concrete type is a metadata comparison (`ErrorTree.value(_:as:)`); a cast to a
    // protocol existential looks the conformance up at run time, which costs more than the rest of a
    // node's visit.
    /// Lends the causes of an error of this type to a body, one at a time
    /// (``WrappingError/forEachUnderlyingError(_:)``), read from the value itself (no `any WrappingError` box,
    /// which would copy a large enum into an allocation of its own); `nil` for other types.
    let wrapping: WrappingReader?
    /// ``wrapping``, when it may also answer the ``WrappingError/declaredCaseName`` (for reports and keys):
    /// `nil` for types whose case names reflection reads otherwise than by name (see
    /// ``describesCasesByName(_:style:)``), whose statements are ignored.
    let wrapped: WrappingReader?

    let asCustomNSError: (@Sendable (any Error) -> (any CustomNSError)?)?
    let asLocalized: (@Sendable (any Error) -> (any LocalizedError)?)?
    let asPresentable: (@Sendable (any Error) -> (any PresentableError)?)?
    let asRecoverable: (@Sendable (any Error) -> (any RecoverableError)?)?
    /// The last message this `LocalizedError` type's texts made (see ``LocalizedMessageCache``), or `nil` for
    /// other types.
    let localizedMessage: LocalizedMessageCache?

    /// The kinds of this type's enum cases (`ServiceError.timeout`), by case name: made once, not
    /// concatenated again for every node of every report. Bounded like ``descriptions``.
    private let kinds = LockedValue<[String: String]>([:])

    /// The kind of an enum value of this type: `ServiceError.timeout` for the case `timeout`.
    func kind(case name: String) -> String {
        if let found = kinds.withLock({ $0[name] }) { return found }
        let kind = self.name + "." + name
        kinds.withLock { kinds in
            if kinds.count < 64 { kinds[name] = kind }
        }
        return kind
    }

    /// Descriptions of values without references, by their bytes (payload-less enum cases mostly), so
    /// a leaf like `DataError.timeout` is described once per case, not once per report.
    private let descriptions = LockedValue<[UInt64: (bytes: [UInt8], text: String)]>([:])

    private init(of error: any Error) {
        let type = type(of: error)
        name = String(describing: type)
        let qualifiedName = Self.stableName(of: type)
        var hash = StableHash()
        hash.combine(qualifiedName)
        qualifiedNameHash = hash.value
        moduleName = String(qualifiedName.prefix { $0 != "." })
        ecosystemFamily = EcosystemFamily(qualifiedName: qualifiedName)
        isObject = type is AnyClass
        isPlainData = Self.isPlainData(error)
        isCustomReflectable = type is any CustomReflectable.Type
        let wrappingType = type as? any WrappingError.Type
        asCustomNSError = (type as? any CustomNSError.Type).map { Self.customNSErrorCast($0) }
        asLocalized = (type as? any LocalizedError.Type).map { Self.localizedCast($0) }
        localizedMessage = asLocalized == nil ? nil : LocalizedMessageCache()
        asPresentable = (type as? any PresentableError.Type).map { Self.presentableCast($0) }
        asRecoverable = (type as? any RecoverableError.Type).map { Self.recoverableCast($0) }
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
        } else if isPlainData || Self.isDeclaredLeaf(type) {
            source = .leaf
        } else {
            source = .reflection
        }
        let style: Style
        switch Mirror(reflecting: error).displayStyle {
        case .enum: style = .enumeration
        case .struct: style = .structure
        case .class: style = .object
        default: style = .other
        }
        self.style = style
        // The types `BuiltInCatalog.interpretation(for:info:localization:)` compares one by one.
        let isBuiltInType =
            type == HTTPStatusError.self || type == CancellationError.self || type == URLError.self
            || type == CocoaError.self || type == POSIXError.self || type == DecodingError.self
            || type == EncodingError.self
        mayBeBuiltIn = ecosystemFamily != nil || isObject || isNSError || isCustomNSError || isBuiltInType
        wrapping = wrappingType.map { Self.reader(of: $0) }
        wrapped = Self.describesCasesByName(type, style: style) ? wrapping : nil
    }

    /// Whether reflection reads the case name of an enum of this type as the name alone: an enum with
    /// Swift's default description and mirror, whose first mirror child is named after the case and whose
    /// payload-less cases are described by their names. Otherwise the reports read the type's own text
    /// or mirror, and a stated case name would change them.
    private static func describesCasesByName(_ type: any Error.Type, style: Style) -> Bool {
        style == .enumeration && !(type is any CustomStringConvertible.Type)
            && !(type is any CustomDebugStringConvertible.Type) && !(type is any TextOutputStreamable.Type)
            && !(type is any CustomReflectable.Type)
    }

    private static func reader<E: WrappingError>(of _: E.Type) -> WrappingReader {
        WrappingReaderOf<E>()
    }

    /// The stated case name of a value when it is a plain identifier.
    fileprivate static func validCaseName(of value: some WrappingError) -> String? {
        guard let name = value.declaredCaseName, isIdentifier(name) else { return nil }
        return name
    }

    private static func customNSErrorCast<E: CustomNSError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any CustomNSError)? {
        { cast($0, to: E.self) { $0 } }
    }

    private static func localizedCast<E: LocalizedError>(_: E.Type) -> @Sendable (any Error) -> (any LocalizedError)? {
        { cast($0, to: E.self) { $0 } }
    }

    private static func presentableCast<E: PresentableError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any PresentableError)? {
        { cast($0, to: E.self) { $0 } }
    }

    private static func recoverableCast<E: RecoverableError>(
        _: E.Type
    ) -> @Sendable (any Error) -> (any RecoverableError)? {
        { cast($0, to: E.self) { $0 } }
    }

    /// An error of the type this information is about, as `wrap` makes of it (the protocol existential, or
    /// what it reads from the value): the answer of
    /// `(error as? E).map(wrap)`.
    ///
    /// The casts run unspecialized (`E` is only known at run time), where `as? E` from `any Error` costs a
    /// general runtime cast and the instantiation of `Optional<E>`'s metadata: more than a thousand
    /// instructions per node. The error's dynamic type is `E` (the information is found by it), so opening
    /// it and casting the value to its own type (which the runtime does without unwrapping anything) gives
    /// the same answer; anything else (a box around another error) takes the general cast.
    private static func cast<E: Error, P>(_ error: any Error, to _: E.Type, as wrap: (E) -> P) -> P? {
        func open<V: Error>(_ value: V) -> P? {
            guard V.self == E.self else { return generalCast(error, to: E.self, as: wrap) }
            return wrap(value as! E)
        }
        return open(error)
    }

    @inline(never)
    private static func generalCast<E: Error, P>(_ error: any Error, to _: E.Type, as wrap: (E) -> P) -> P? {
        (error as? E).map(wrap)
    }

    /// What `read` reads from an error of the type this information is about, in place: the answer of
    /// `(error as? E).map(read)` without copying the value out of its box.
    ///
    /// ``cast(_:to:as:)`` copies the value (`value as! E`), and copying an enum that holds other errors
    /// copies them all through the runtime's value witnesses: hundreds of instructions per node. When the
    /// opened value's type is `E`, its memory is read as an `E` instead.
    ///
    /// Safe: `V.self == E.self` means the opened value's memory is bound to `E` itself, so
    /// `assumingMemoryBound(to: E.self)` names exactly the type it is bound to; the pointer is only used
    /// inside `withUnsafePointer`, while `value` is borrowed and alive, and `read` only reads through it
    /// (the mutable pointer is what lets a call on `pointee` borrow the value instead of copying it; nothing
    /// is written). Anything else (a box around another error) takes the general cast. Every test that walks
    /// or reports a ``WrappingError`` reads its causes and its case name through here.
    static func borrow<E: Error, P>(
        _ error: any Error,
        as _: E.Type,
        _ read: (UnsafeMutablePointer<E>) -> P
    ) -> P? {
        func open<V: Error>(_ value: borrowing V) -> P? {
            guard V.self == E.self else { return generalBorrow(error, as: E.self, read) }
            return withUnsafePointer(to: value) { pointer in
                read(UnsafeMutablePointer(mutating: UnsafeRawPointer(pointer).assumingMemoryBound(to: E.self)))
            }
        }
        return open(error)
    }

    @inline(never)
    private static func generalBorrow<E: Error, P>(
        _ error: any Error,
        as _: E.Type,
        _ read: (UnsafeMutablePointer<E>) -> P
    ) -> P? {
        guard var value = error as? E else { return nil }
        return withUnsafeMutablePointer(to: &value, read)
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

    /// Every type's information, and the few found last: an app resolves errors of one type after
    /// another far more often than it alternates, a tree's walk alternates between the few types of its
    /// layers, and comparing a few identifiers costs a fraction of hashing one for the dictionary.
    private struct Cache {
        /// At most ``recentCount`` entries, the latest first.
        var recent: [(id: ObjectIdentifier, info: ErrorTypeInfo)] = []
        var all: [ObjectIdentifier: ErrorTypeInfo] = [:]

        static let recentCount = 4

        mutating func info(of id: ObjectIdentifier) -> ErrorTypeInfo? {
            for entry in recent where entry.id == id {
                return entry.info
            }
            guard let info = all[id] else { return nil }
            remember(id, info)
            return info
        }

        mutating func remember(_ id: ObjectIdentifier, _ info: ErrorTypeInfo) {
            if recent.count == Self.recentCount { recent.removeLast() }
            recent.insert((id, info), at: 0)
        }
    }

    private static let cache = LockedValue(Cache())

    /// Tests of types that can't hold another error although they hold references, declared by the modules
    /// that know them (RemedyHummingbird: every `HTTPResponseError`, which knows its own response).
    private static let leafDeclarations = LockedValue<[@Sendable (any Error.Type) -> Bool]>([])

    /// Declares the types a test accepts as leaves: walks never reflect their values in search of causes.
    ///
    /// Types seen before the declaration are looked at again, so the declaration holds whenever it is made.
    package static func declareLeaves(where test: @escaping @Sendable (any Error.Type) -> Bool) {
        leafDeclarations.withLock { $0.append(test) }
        cache.withLock { $0 = Cache() }
    }

    private static func isDeclaredLeaf(_ type: any Error.Type) -> Bool {
        leafDeclarations.withLock { tests in tests.contains { $0(type) } }
    }

    /// The information about an error's dynamic type.
    static func of(_ error: any Error) -> ErrorTypeInfo {
        let id = ObjectIdentifier(type(of: error))
        if let info = cache.withLock({ $0.info(of: id) }) { return info }
        let info = ErrorTypeInfo(of: error)
        return cache.withLock { cache in
            if let existing = cache.info(of: id) { return existing }
            cache.all[id] = info
            cache.remember(id, info)
            return info
        }
    }

    /// `String(describing:)` of an error of this type.
    ///
    /// The description of a value that holds no references (a plain-data type, or an enum case without
    /// associated values, whatever the other cases hold) depends on its bytes only, so it is cached by
    /// them: describing costs a reflection of its own, and leaves such as `DataError.timeout` are what
    /// summaries end with.
    ///
    /// - Parameters:
    ///   - error: An error of this type.
    ///   - holdsNoReferences: Whether the value is known to hold no references.
    func description(of error: any Error, holdsNoReferences: Bool) -> String {
        guard holdsNoReferences || isPlainData else { return String(describing: error) }
        return Self.withBytes(of: error) { bytes in
            let key = Self.hash(bytes)
            if let cached = descriptions.withLock({ $0[key] }), cached.bytes.elementsEqual(bytes) {
                return cached.text
            }
            let text = String(describing: error)
            descriptions.withLock { cache in
                // Bounded: a type with many distinct values (an Int payload) stops being cached.
                if cache.count < 64 { cache[key] = (Array(bytes), text) }
            }
            return text
        }
    }

    /// The stable hash of the bytes of a value that holds no references.
    static func bitsHash(of error: any Error) -> UInt64 {
        withBytes(of: error, hash)
    }

    private static func withBytes<Result>(
        of error: any Error,
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        func open<E: Error>(_ value: E) -> Result {
            withUnsafeBytes(of: value, body)
        }
        // The bytes of the value, never those of a box around it (which are an address).
        return open(ErrorTree.unboxed(error))
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        for byte in bytes { hash.combine(byte) }
        return hash.value
    }

    private static func isPlainData(_ error: any Error) -> Bool {
        // `_isPOD` is the standard library's test for types without references (no retain/release):
        // such a value can't hold another error, so it needs no reflection.
        func test<E: Error>(_: E) -> Bool { _isPOD(E.self) }
        return test(ErrorTree.unboxed(error))
    }

}

/// Reads the values of one ``WrappingError`` type, found once per type: a method call into the reader,
/// fewer layers than a stored closure made in a generic context (which reabstracts its arguments on every
/// call). A class, not a protocol: the walks bind `info.wrapped` on every node, and copying a reference
/// is one retain where copying a protocol existential goes through its value witnesses.
///
/// `@unchecked Sendable`: neither this class nor its one subclass (`WrappingReaderOf`) has a stored
/// property, so an instance has no state to share.
class WrappingReader: @unchecked Sendable {
    /// Lends the error's causes to `body` (``WrappingError/forEachUnderlyingError(_:)``). Overridden by
    /// `WrappingReaderOf`, the only subclass; lends nothing here.
    func forEachUnderlyingError(of error: any Error, _ body: (any Error) -> Void) {}

    /// Lends the error's causes to `body`, and answers its ``WrappingError/declaredCaseName`` when it is a
    /// plain identifier. Overridden by `WrappingReaderOf`, the only subclass; `nil` here.
    func forEachUnderlyingErrorAndCaseName(of error: any Error, _ body: (any Error) -> Void) -> String? { nil }
}

/// `@unchecked Sendable` as its superclass: it has no stored property either.
private final class WrappingReaderOf<E: WrappingError>: WrappingReader, @unchecked Sendable {
    override func forEachUnderlyingError(of error: any Error, _ body: (any Error) -> Void) {
        // `ErrorTypeInfo.borrow(_:as:_:)` written out: one closure less per node.
        func open<V: Error>(_ value: borrowing V) {
            guard V.self == E.self else {
                _ = ErrorTypeInfo.borrow(error, as: E.self) { Self.lend(&$0.pointee, body) }
                return
            }
            withUnsafePointer(to: value) { pointer in
                Self.lend(
                    &UnsafeMutablePointer(mutating: UnsafeRawPointer(pointer).assumingMemoryBound(to: E.self)).pointee,
                    body)
            }
        }
        open(error)
    }

    override func forEachUnderlyingErrorAndCaseName(of error: any Error, _ body: (any Error) -> Void) -> String? {
        // `ErrorTypeInfo.borrow(_:as:_:)` written out: one closure less per node.
        func open<V: Error>(_ value: borrowing V) -> String? {
            guard V.self == E.self else {
                // `nil` twice (no value of the type) is no name either.
                return ErrorTypeInfo.borrow(error, as: E.self) { Self.lendWithCaseName(&$0.pointee, body) } ?? nil
            }
            return withUnsafePointer(to: value) { pointer in
                Self.lendWithCaseName(
                    &UnsafeMutablePointer(mutating: UnsafeRawPointer(pointer).assumingMemoryBound(to: E.self)).pointee,
                    body)
            }
        }
        return open(error)
    }

    // `inout` (never written) reaches the value through the pointer's address; a call on `pointee` would
    // copy the value first.
    private static func lend(_ value: inout E, _ body: (any Error) -> Void) {
        value.forEachUnderlyingError(body)
    }

    private static func lendWithCaseName(_ value: inout E, _ body: (any Error) -> Void) -> String? {
        value.forEachUnderlyingError(body)
        return ErrorTypeInfo.validCaseName(of: value)
    }
}

extension ErrorTree {
    /// Declares the types a test accepts as leaves, which hold references but never another error: walks
    /// don't reflect their values in search of causes (RemedyHummingbird declares every
    /// `HTTPResponseError`, which knows its own response).
    package static func declareLeaves(where test: @escaping @Sendable (any Error.Type) -> Bool) {
        ErrorTypeInfo.declareLeaves(where: test)
    }

    /// The module that declares an error's type (`GRDB` for `GRDB.DatabaseError`), looked up once per type.
    package static func moduleName(of error: any Error) -> String {
        ErrorTypeInfo.of(error).moduleName
    }
}
