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

    /// The children of one error, at most `limit`, and how many more (and a ``WrappingError``'s stated case).
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
                collector.reflect(error, searched: info.searchedChildren)
            }
        case .reflection:
            collector.reflect(error, searched: info.searchedChildren)
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

    /// An error as the value it is, never a box around another `any Error` (an element of an `[any Error]` erased
    /// again): a box's identity, `NSError` facts and bytes would be its own, and a cycle through it would never close.
    static func unboxed(_ error: consuming any Error) -> any Error {
        func inner<E: Error>(_ value: E) -> (any Error)? {
            E.self == (any Error).self ? unsafeBitCast(value, to: (any Error).self) : nil
        }
        guard let unwrapped = inner(error) else { return error }
        return unboxed(unwrapped)
    }

    /// The error as a value of type `T`: `error as? T` for a `T` that is a struct or enum not bridged from `NSError`,
    /// or the exact dynamic type; only boxes and class instances take the runtime's general cast, which tries every
    /// kind of conversion.
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
