import Foundation

// MARK: - Child discovery

extension ErrorTree {
    /// A child found below an error.
    struct Child {
        var error: any Error
        var label: String?
    }

    /// Everything one look at an error finds: its children (capped) and, from reflection, its enum case
    /// and its other values.
    struct Inspection {
        var children: [Child] = []
        /// Children beyond the cap.
        var omitted = 0
        /// The enum case whose payload reflection looked at; for a ``WrappingError`` enum (never
        /// reflected), its valid ``WrappingError/declaredCaseName`` when the look asked for it, which
        /// reports and keys use exactly as a reflected case name.
        var caseLabel: String?
        var fields: [Field] = []
    }

    /// The most stored properties or tuple elements looked at per value, errors or not.
    static let maximumReflectedValues = 256
    /// The most non-error values kept for a description.
    static let maximumFields = 16
    /// How deep reflection searches values for errors: optionals, tuples, and structs, enums and
    /// collections that aren't errors each count a level (`connectionErrors[0].error` is two levels).
    static let maximumNesting = 8
    /// The most values reflection looks at inside tuples and values that aren't errors, per error: it
    /// bounds the search of a wide or deeply nested value (a collection of 100,000 structs).
    static let maximumSearchedValues = 4_096

    /// The children of one error, at most `limit` of them, and how many more there were.
    ///
    /// - Parameter readsCaseName: Whether to read a ``WrappingError``'s stated case name too (reports and
    ///   keys need it; a presentation doesn't).
    static func inspect(
        _ error: any Error,
        info: ErrorTypeInfo,
        limit: Int,
        collectsFields: Bool = false,
        readsCaseName: Bool = false
    ) -> Inspection {
        var collector = ChildCollector(limit: limit, collectsFields: collectsFields)
        switch info.source {
        case .context:
            if let context = value(error, as: ContextError.self) {
                collector.add(context.underlying, label: "cause")
            }
        case .wrapping:
            if readsCaseName, let reader = info.wrapped {
                let caseLabel = reader.forEachUnderlyingErrorAndCaseName(of: error) { collector.add($0, label: nil) }
                collector.inspection.caseLabel = caseLabel
            } else {
                info.wrapping?.forEachUnderlyingError(of: error) { collector.add($0, label: nil) }
            }
        case .decoding:
            if let underlying = value(error, as: DecodingError.self)?.context?.underlyingError {
                collector.add(underlying, label: "underlying")
            }
        case .encoding:
            if let underlying = value(error, as: EncodingError.self)?.context?.underlyingError {
                collector.add(underlying, label: "underlying")
            }
        case .nsError:
            if let nsError = nsError(error) { collector.addUserInfoChildren(nsError.userInfo) }
        case .customNSError(let isFoundation):
            if let custom = info.asCustomNSError?(error) {
                collector.addUserInfoChildren(custom.errorUserInfo)
            }
            if collector.isEmpty, !isFoundation {
                collector.reflect(error)
            }
        case .reflection:
            collector.reflect(error)
        case .leaf:
            // Nothing below it, but a report describes a value by its stored properties or its case's values.
            if collectsFields, info.style == .structure || info.style == .enumeration { collector.reflect(error) }
        }
        return collector.inspection
    }

    /// The first child of an error, without looking at the others.
    static func firstChild(of error: any Error, info: ErrorTypeInfo) -> Child? {
        inspect(error, info: info, limit: 1).children.first
    }

    /// Developer detail of a node: the coding path of decoding and encoding errors.
    static func detail(of error: any Error, info: ErrorTypeInfo) -> String? {
        codingPath(of: error, info: info).map { "coding path: " + $0 }
    }

    /// The coding path of a decoding or encoding error, as `days[0].temp`; `nil` for other errors.
    static func codingPath(of error: any Error, info: ErrorTypeInfo) -> String? {
        switch info.source {
        case .decoding:
            return value(error, as: DecodingError.self)?.context.map { codingPath($0.codingPath) }
        case .encoding:
            return value(error, as: EncodingError.self)?.context.map { codingPath($0.codingPath) }
        default:
            return nil
        }
    }

    /// A coding path as `days[0].temp`; `(root)` when empty.
    static func codingPath(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "(root)" }
        var result = ""
        for key in path {
            if let index = key.intValue, isIndexName(key.stringValue, of: index) {
                result += "["
                result += String(index)
                result += "]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }

    /// Whether a key's name is its index's, as `JSONDecoder` names array positions: `Index 2` or `2`.
    /// (`String(index)` is `"\(index)"`, without the interpolation's buffer.)
    private static func isIndexName(_ name: String, of index: Int) -> Bool {
        let digits = String(index)
        return name == digits || name == "Index " + digits
    }

    /// A label with an index: `failures[2]`.
    static func indexed(_ label: String?, _ index: Int) -> String {
        "\(label ?? "")[\(index)]"
    }

    /// A label inside another: `connectionErrors[0].error`.
    static func joined(_ label: String?, _ name: String?) -> String? {
        guard let name else { return label }
        guard let label else { return name }
        return label + "." + name
    }

    /// Whether the error is an `NSError` instance (or a subclass), as opposed to a Swift error that
    /// would only be boxed into one.
    static func isNSError(_ error: any Error) -> Bool {
        type(of: error) is NSError.Type
    }

    /// The user info of an `NSError` instance or a `CustomNSError`; `nil` for other Swift errors, so
    /// they are never boxed into an `NSError` just to be looked at.
    static func userInfo(of error: any Error) -> [String: Any]? {
        userInfo(of: error, info: ErrorTypeInfo.of(error))
    }

    /// ``userInfo(of:)`` with the facts about the error's type found already.
    static func userInfo(of error: any Error, info: ErrorTypeInfo) -> [String: Any]? {
        if info.isNSError, let nsError = nsError(error) {
            return nsError.userInfo
        }
        return info.asCustomNSError?(error)?.errorUserInfo
    }

    /// Whether the error is a class instance (an `NSError`, a subclass, or a Swift class), tracked by
    /// identity.
    static func isObjectError(_ error: any Error) -> Bool {
        type(of: error) is AnyClass
    }

    /// The object behind a class-instance error, for identity; `nil` for values.
    static func identity(of error: any Error) -> AnyObject? {
        let error = unboxed(error)
        return type(of: error) is AnyClass ? error as AnyObject : nil
    }

    /// An error as the value it is, never a box around another `any Error`.
    ///
    /// A generic `E: Error` bound to `any Error` itself (the element of an `[any Error]`, the value of a
    /// `[String: any Error]`) is boxed again when it is erased to `any Error`: the outer box's type is
    /// `any Error`, so the instance's identity, its `NSError` facts and its bytes would be those of the
    /// box, and a cycle through it would never close. Cheap: opening an error reads its box's type.
    static func unboxed(_ error: consuming any Error) -> any Error {
        func inner<E: Error>(_ value: E) -> (any Error)? {
            E.self == (any Error).self ? unsafeBitCast(value, to: (any Error).self) : nil
        }
        guard let unwrapped = inner(error) else { return error }
        return unboxed(unwrapped)
    }

    /// The error as a value of type `T`: the same answer as `error as? T`, for a `T` that is a struct or an
    /// enum and not bridged from `NSError` (`ContextError`, `DecodingError`, `HTTPStatusError`), or the exact
    /// dynamic type of the error.
    ///
    /// `as? T` from `any Error` goes through the runtime's general cast, which tries every kind of
    /// conversion, for every node and every type a walk asks about. Opening the error reads its type; a value
    /// of any other struct or enum type is never such a `T`, so only boxes around another error and class
    /// instances (an `NSError` may hold a bridged Swift error) take the general cast.
    package static func value<T>(_ error: any Error, as _: T.Type) -> T? {
        func open<E: Error>(_ value: E) -> T? {
            if E.self == T.self { return value as? T }
            if E.self == (any Error).self || E.self is AnyClass { return error as? T }
            return nil
        }
        return open(error)
    }

    /// The error as an `NSError` when it is one (or a subclass), without bridging; `nil` for Swift
    /// errors, which would only be boxed.
    static func nsError(_ error: any Error) -> NSError? {
        identity(of: error) as? NSError
    }
}

/// Gathers the children of one error, capped, counting what the cap leaves out.
private struct ChildCollector {
    let limit: Int
    let collectsFields: Bool
    var inspection = ErrorTree.Inspection()

    init(limit: Int, collectsFields: Bool) {
        self.limit = limit
        self.collectsFields = collectsFields
    }

    var isEmpty: Bool { inspection.children.isEmpty && inspection.omitted == 0 }

    mutating func add(_ error: consuming any Error, label: String?) {
        if inspection.children.count < limit {
            inspection.children.append(ErrorTree.Child(error: ErrorTree.unboxed(error), label: label))
        } else {
            inspection.omitted += 1
        }
    }

    mutating func add(_ collection: any ErrorCollection, label: String?) {
        let room = Swift.max(0, limit - inspection.children.count)
        let count = collection.errorCount
        if room > 0 {
            inspection.children += collection.errors(prefix: room, label: label)
        }
        inspection.omitted += Swift.max(0, count - room)
    }

    mutating func addUserInfoChildren(_ userInfo: [String: Any]) {
        if let underlying = userInfo[NSUnderlyingErrorKey] as? any Error {
            add(underlying, label: "underlying")
        }
        guard let many = userInfo[multipleUnderlyingErrorsKey] else { return }
        if let errors = many as? any ErrorCollection {
            add(errors, label: "underlying")
        } else if let values = many as? [Any] {
            // An array of mixed values (as bridged from Objective-C): errors among the first ones only.
            for (index, value) in values.prefix(ErrorTree.maximumReflectedValues).enumerated() {
                if let error = value as? any Error { add(error, label: ErrorTree.indexed("underlying", index)) }
            }
        }
    }

    // MARK: Reflection

    mutating func reflect(_ error: any Error) {
        // Kept out of the collector's stored properties: only reflection needs it.
        var budget = SearchBudget()
        let mirror = Mirror(reflecting: error)
        switch mirror.displayStyle {
        case .enum?:
            // A case with associated values reflects as one child named after the case; its value is
            // the payload (a tuple when there are several values).
            guard let payload = mirror.children.first else { return }
            inspection.caseLabel = payload.label
            collect(
                payload.value,
                childLabel: payload.label,
                fieldLabel: nil,
                describes: true,
                nesting: 0,
                budget: &budget
            )
        case .struct?, .class?:
            var current: Mirror? = mirror
            var looked = 0
            while let level = current, looked < ErrorTree.maximumReflectedValues {
                for child in level.children.prefix(ErrorTree.maximumReflectedValues - looked) {
                    looked += 1
                    collect(
                        child.value,
                        childLabel: child.label,
                        fieldLabel: child.label,
                        describes: true,
                        nesting: 0,
                        budget: &budget
                    )
                }
                current = level.superclassMirror
            }
        default:
            return
        }
    }

    /// Looks at one value that reflection found: an error is a child; optionals, tuples, and values that
    /// may hold errors are searched, `maximumNesting` levels deep at most. A value that isn't an error
    /// is a field of the error (for its description) when `describes` is set: at the error's own level,
    /// not inside other values.
    private mutating func collect(
        _ value: Any,
        childLabel: String?,
        fieldLabel: String?,
        describes: Bool,
        nesting: Int,
        budget: inout SearchBudget
    ) {
        switch ReflectedValueKind.of(value) {
        case .error(let cast):
            if let error = cast(value) { add(error, label: childLabel) }
        case .errorCollection:
            if let collection = value as? any ErrorCollection { add(collection, label: childLabel) }
        case .optional:
            guard nesting < ErrorTree.maximumNesting, let optional = value as? any OptionalValue else { return }
            // `nil` says nothing a report needs; only a present value counts.
            if let wrapped = optional.wrappedValue {
                collect(
                    wrapped,
                    childLabel: childLabel,
                    fieldLabel: fieldLabel,
                    describes: describes,
                    nesting: nesting + 1,
                    budget: &budget
                )
            }
        case .tuple:
            guard nesting < ErrorTree.maximumNesting else { return }
            for element in Mirror(reflecting: value).children.prefix(ErrorTree.maximumReflectedValues) {
                guard budget.spend() else { return }
                // Unnamed elements are `.0`, `.1`: keep the case's name for them. A named element of the
                // error's own payload is named alone (`cause`), inside another value after it
                // (`outcome.cause`).
                let name = element.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                collect(
                    element.value,
                    childLabel: describes ? name ?? childLabel : ErrorTree.joined(childLabel, name),
                    fieldLabel: name,
                    describes: describes,
                    nesting: nesting + 1,
                    budget: &budget
                )
            }
        case .structure:
            if describes { addField(value, label: fieldLabel) }
            guard nesting < ErrorTree.maximumNesting else { return }
            search(structure: value, label: childLabel, nesting: nesting + 1, budget: &budget)
        case .valueCollection:
            if describes { addField(value, label: fieldLabel) }
            guard nesting < ErrorTree.maximumNesting, let collection = value as? any ValueCollection else { return }
            search(collection, label: childLabel, nesting: nesting + 1, budget: &budget)
        case .object:
            // The error's own state, kept in an object (copy-on-write storage): its stored properties are
            // the error's, read as the error's own fields and children. An object anywhere deeper is
            // somebody else's state, shared and perhaps mutable: a field, never searched.
            guard nesting == 0 else {
                if describes { addField(value, label: fieldLabel) }
                return
            }
            for child in Mirror(reflecting: value).children.prefix(ErrorTree.maximumReflectedValues) {
                guard budget.spend() else { return }
                collect(
                    child.value,
                    childLabel: child.label,
                    fieldLabel: child.label,
                    describes: describes,
                    nesting: nesting + 1,
                    budget: &budget
                )
            }
        case .other:
            if describes { addField(value, label: fieldLabel) }
        }
    }

    /// Searches a struct's stored properties, or an enum case's payload, for errors.
    private mutating func search(structure value: Any, label: String?, nesting: Int, budget: inout SearchBudget) {
        let mirror = Mirror(reflecting: value)
        for child in mirror.children {
            guard budget.spend() else { return }
            collect(
                child.value,
                childLabel: ErrorTree.joined(label, child.label),
                fieldLabel: nil,
                describes: false,
                nesting: nesting,
                budget: &budget
            )
        }
    }

    /// Searches the elements of a collection of values that aren't errors. An element the budget leaves
    /// unsearched, wholly or in part, counts as one child left out: it may hold an error, and the node
    /// must not look complete.
    private mutating func search(
        _ collection: any ValueCollection,
        label: String?,
        nesting: Int,
        budget: inout SearchBudget
    ) {
        var searched = 0
        for (elementLabel, element) in collection.values(prefix: budget.remaining, label: label) {
            guard budget.spend() else { break }
            collect(
                element,
                childLabel: elementLabel,
                fieldLabel: nil,
                describes: false,
                nesting: nesting,
                budget: &budget
            )
            guard !budget.isCut else { break }
            searched += 1
        }
        inspection.omitted += collection.valueCount - searched
    }

    private mutating func addField(_ value: Any, label: String?) {
        guard collectsFields, inspection.fields.count < ErrorTree.maximumFields else { return }
        inspection.fields.append(ErrorTree.Field(label: label, value: value))
    }
}

/// How many more values reflection may look at inside tuples and values that aren't errors, for one
/// error (``ErrorTree/maximumSearchedValues``).
private struct SearchBudget {
    private(set) var remaining = ErrorTree.maximumSearchedValues
    /// Whether the budget ran out before a value was looked at.
    private(set) var isCut = false

    /// Takes one value from the budget; `false` when it is spent.
    mutating func spend() -> Bool {
        guard remaining > 0 else {
            isCut = true
            return false
        }
        remaining -= 1
        return true
    }
}

extension DecodingError {
    /// The context of any case, or `nil` for an unknown case.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }
}

extension EncodingError {
    /// The context of any case, or `nil` for an unknown case.
    var context: Context? {
        switch self {
        case .invalidValue(_, let context):
            return context
        @unknown default:
            return nil
        }
    }
}

/// `NSMultipleUnderlyingErrorsKey`, which swift-corelibs-foundation doesn't declare; same value everywhere.
let multipleUnderlyingErrorsKey = "NSMultipleUnderlyingErrorsKey"
