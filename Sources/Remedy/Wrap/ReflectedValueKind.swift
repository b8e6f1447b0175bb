import Foundation

/// What kind of value a reflected child is, decided once per type.
enum ReflectedValueKind: Sendable {
    /// A value whose type conforms to `Error`, with the cast that reads it as one.
    case error(ErrorCast)
    /// An `Optional`: it may hold an error, or a value that holds one.
    case optional
    /// A collection whose elements are errors.
    case errorCollection
    /// A tuple (an enum case's payload of several values).
    case tuple
    /// A collection whose elements aren't errors but may hold some (`[SingleConnectionFailure]`): its
    /// elements are searched.
    case valueCollection
    /// A struct or an enum that isn't an error but may hold some: its stored properties or its payload
    /// are searched.
    case structure
    /// A Swift class instance that isn't an error: searched (its properties at `searched`) only where it is an
    /// error's own storage, as postgres-nio's `PSQLError`'s `Backing`; anywhere else, never.
    case object(searched: [Int])
    /// Anything else, never searched: plain data, strings, `Data`, URLs, types that choose their own
    /// mirror, Objective-C classes, and untyped bags (`Any`).
    case other

    /// Reads a reflected value of one error type as `any Error`: a cast to the concrete type, which needs no
    /// look-up of the value's conformances as a cast to `any Error` does.
    typealias ErrorCast = @Sendable (Any) -> (any Error)?

    private static let kinds = LockedValue<[ObjectIdentifier: ReflectedValueKind]>([:])
    /// Whether values of a type may hold an error, by type (see ``mayHoldErrors(storedAs:)``).
    private static let holdsErrors = LockedValue<[ObjectIdentifier: Bool]>([:])

    /// Types that can't hold an error although reflection would search them, and untyped bags, which
    /// are never searched (the values of a user info).
    private static let plainTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Any.self),  // also `any Sendable`
        ObjectIdentifier(AnyObject.self),
        ObjectIdentifier((any CodingKey).self),
        ObjectIdentifier(String.self),
        ObjectIdentifier(Substring.self),
        ObjectIdentifier(Character.self),
        ObjectIdentifier(Bool.self),
        ObjectIdentifier(Int.self),
        ObjectIdentifier(Int8.self),
        ObjectIdentifier(Int16.self),
        ObjectIdentifier(Int32.self),
        ObjectIdentifier(Int64.self),
        ObjectIdentifier(UInt.self),
        ObjectIdentifier(UInt8.self),
        ObjectIdentifier(UInt16.self),
        ObjectIdentifier(UInt32.self),
        ObjectIdentifier(UInt64.self),
        ObjectIdentifier(Float.self),
        ObjectIdentifier(Double.self),
        ObjectIdentifier(Date.self),
        ObjectIdentifier(Data.self),
        ObjectIdentifier(URL.self),
        ObjectIdentifier(UUID.self),
        ObjectIdentifier(Decimal.self),
        ObjectIdentifier(CharacterSet.self),
        ObjectIdentifier(Duration.self),
    ]

    /// The kind of a value, by its dynamic type.
    static func of(_ value: Any) -> ReflectedValueKind {
        let type = type(of: value)
        let id = ObjectIdentifier(type)
        if let kind = kinds.withLock({ $0[id] }) { return kind }
        let kind: ReflectedValueKind
        if let errorType = type as? any Error.Type {
            kind = .error(errorCast(errorType))
        } else if type is any OptionalValue.Type {
            kind = .optional
        } else if type is any ErrorCollection.Type {
            kind = .errorCollection
        } else if let collection = type as? any ValueCollection.Type {
            kind = collection.elementsMayHoldErrors ? .valueCollection : .other
        } else if isStorageObject(type) {
            kind = .object(searched: searchedChildren(of: Mirror(reflecting: value), searchesObjects: false))
        } else if isOpaque(type) {
            kind = .other
        } else {
            switch Mirror(reflecting: value).displayStyle {
            case .tuple?: kind = .tuple
            case .struct?, .enum?: kind = mayHoldErrors(storedAs: value) ? .structure : .other
            default: kind = .other
            }
        }
        kinds.withLock { $0[id] = kind }
        return kind
    }

    private static func errorCast<E: Error>(_: E.Type) -> ErrorCast {
        { $0 as? E }
    }

    /// Whether a value may hold an error, judged by the type it is stored as (reflection keeps a stored
    /// existential as one: `any Error`, `Any`) and, for a struct, by the types of its stored properties,
    /// which are the same for every value of the struct. An enum may hold anything its cases carry.
    static func mayHoldErrors(storedAs value: Any) -> Bool {
        func open<Stored>(_ stored: Stored) -> Bool { mayHoldErrors(Stored.self, value: stored) }
        return open(value)
    }

    /// The positions of the stored properties that may hold an error, from one value: they are the same for every
    /// value (`server.failure.opaqueLibrary`). `searchesObjects`: an object counts, as the error's own storage.
    static func searchedChildren(of mirror: Mirror, searchesObjects: Bool) -> [Int] {
        var positions: [Int] = []
        for (position, child) in mirror.children.prefix(ErrorTree.maximumReflectedValues).enumerated()
        where (searchesObjects && isStorageObject(type(of: child.value))) || mayHoldErrors(storedAs: child.value) {
            positions.append(position)
        }
        return positions
    }

    /// Whether any stored property of an error struct (a mirror of one of its values) may hold an error:
    /// a class instance among them is the error's own storage, which is searched.
    static func mayHoldErrors(_ mirror: Mirror) -> Bool {
        mirror.children.contains { isStorageObject(type(of: $0.value)) || mayHoldErrors(storedAs: $0.value) }
    }

    private static func mayHoldErrors<Stored>(_ type: Stored.Type, value: Stored) -> Bool {
        let id = ObjectIdentifier(type)
        if let known = holdsErrors.withLock({ $0[id] }) { return known }
        var answer = mayHoldErrors(type)
        if answer, !(type is any Error.Type) {
            // Only a struct's or a tuple's own value tells what every value holds; an existential's tells
            // only what this one holds.
            let mirror = Mirror(reflecting: value)
            if mirror.subjectType == type, mirror.displayStyle == .struct || mirror.displayStyle == .tuple {
                answer = mirror.children.contains { mayHoldErrors(storedAs: $0.value) }
            } else if mirror.subjectType == type, let collection = value as? any ValueCollection {
                // A collection of structs (an `InvalidInputError`'s `[FieldError]`): its first element tells;
                // an empty one tells nothing, and nothing is kept.
                guard let elementsMay = collection.elementsMayHoldErrorsByFirst else { return true }
                answer = elementsMay
            }
        }
        holdsErrors.withLock { $0[id] = answer }
        return answer
    }

    /// Whether values of a type may hold an error, judged by the type alone: `false` for plain data,
    /// strings, classes that aren't errors, `Any`, and collections and optionals of those.
    static func mayHoldErrors(_ type: Any.Type) -> Bool {
        if type is any Error.Type || type == (any Error).self || type is any ErrorCollection.Type { return true }
        if let optional = type as? any OptionalValue.Type { return mayHoldErrors(optional.wrappedType) }
        if let collection = type as? any ValueCollection.Type { return collection.elementsMayHoldErrors }
        return !isOpaque(type) && !isSmallerThanAReference(type)
    }

    /// Whether values of a type are smaller than a reference: they can hold no reference and no
    /// existential, so no error but an error value as small (an enum of cases without values, which is
    /// itself searched only where a value of an error type is stored).
    static func isSmallerThanAReference(_ type: Any.Type) -> Bool {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return size(type) < MemoryLayout<AnyObject>.size
    }

    /// Types never searched, whatever their values: classes (an error class is an `.error`, and the
    /// state of other objects may be shared and mutable), types that choose their own mirror (it may
    /// compute: `Data`'s copies its bytes), and the ``plainTypes``.
    private static func isOpaque(_ type: Any.Type) -> Bool {
        type is AnyClass || type is any CustomReflectable.Type || plainTypes.contains(ObjectIdentifier(type))
    }

    /// Whether a type is a Swift class whose stored properties reflection shows as they are: no mirror of its
    /// own, not an `NSObject` (whose mirror shows nothing of what it holds), and not an actor (whose state
    /// may only be read on the actor).
    private static func isStorageObject(_ type: Any.Type) -> Bool {
        type is AnyClass && !(type is any CustomReflectable.Type) && !(type is NSObject.Type)
            && !(type is any Actor.Type)
    }
}

/// `Optional`, whatever it wraps.
protocol OptionalValue {
    /// The type of the wrapped value.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedValue: Any? { self.map { $0 as Any } }
}

// MARK: - Collections of errors

/// A collection whose elements are errors: searched without reflection, in bounded time.
protocol ErrorCollection {
    /// How many errors the collection holds.
    var errorCount: Int { get }
    /// The first `limit` errors, with a label for each.
    func errors(prefix limit: Int, label: String?) -> [ErrorTree.Child]
}

extension ErrorCollection where Self: Collection, Element: Error {
    var errorCount: Int { count }

    /// Ordered collections label each error with its index: `failures[2]`.
    func errors(prefix limit: Int, label: String?) -> [ErrorTree.Child] {
        // `unboxed`: an element of an `[any Error]` erased to `any Error` again would be a box around it.
        prefix(limit).enumerated().map {
            ErrorTree.Child(error: ErrorTree.unboxed($1), label: ErrorTree.indexed(label, $0))
        }
    }
}

extension Array: ErrorCollection where Element: Error {}

extension ContiguousArray: ErrorCollection where Element: Error {}

extension ArraySlice: ErrorCollection where Element: Error {}

extension Set: ErrorCollection where Element: Error {
    var errorCount: Int { count }
    func errors(prefix limit: Int, label: String?) -> [ErrorTree.Child] {
        prefix(limit).map { ErrorTree.Child(error: ErrorTree.unboxed($0), label: label) }
    }
}

extension Dictionary: ErrorCollection where Value: Error {
    var errorCount: Int { count }
    func errors(prefix limit: Int, label: String?) -> [ErrorTree.Child] {
        // Dictionary order is not stable between runs; sort the keys' descriptions so that reports
        // and grouping keys are. Bounded: only the first `limit` entries are looked at.
        prefix(limit)
            .map { (key: String(describing: $0.key), value: $0.value) }
            .sorted { $0.key < $1.key }
            .map { ErrorTree.Child(error: ErrorTree.unboxed($0.value), label: "\(label ?? "")[\($0.key)]") }
    }
}

// MARK: - Collections of other values

/// A collection whose elements aren't errors but may hold some, as NIO's
/// `NIOConnectionError.connectionErrors: [SingleConnectionFailure]`: searched element by element.
protocol ValueCollection {
    /// Whether the element type may hold an error at all: `false` for `[Int]`, `[String]`, `[Any]`, so
    /// that such collections are never searched, whatever their size.
    static var elementsMayHoldErrors: Bool { get }
    /// How many elements the collection holds.
    var valueCount: Int { get }
    /// Whether the elements may hold an error, judged by the first one; `nil` when it can't tell.
    var elementsMayHoldErrorsByFirst: Bool? { get }
    /// The first `limit` elements, each with its label, one at a time: a search that stops early
    /// doesn't pay for the rest.
    func values(prefix limit: Int, label: String?) -> AnyIterator<(label: String?, value: Any)>
}

extension ValueCollection where Self: Collection {
    static var elementsMayHoldErrors: Bool { ReflectedValueKind.mayHoldErrors(Element.self) }
    var valueCount: Int { count }

    /// Whether the elements may hold an error, judged by the first one when the elements are of one type
    /// (not an existential): a struct's stored properties are the same for every value. `nil` when it can't tell.
    var elementsMayHoldErrorsByFirst: Bool? {
        guard Self.elementsMayHoldErrors else { return false }
        guard let first, type(of: first as Any) == Element.self else { return nil }
        return ReflectedValueKind.mayHoldErrors(storedAs: first)
    }

    /// Ordered collections label each element with its index: `connectionErrors[2]`.
    func values(prefix limit: Int, label: String?) -> AnyIterator<(label: String?, value: Any)> {
        var elements = prefix(limit).enumerated().makeIterator()
        return AnyIterator { elements.next().map { (ErrorTree.indexed(label, $0.offset), $0.element) } }
    }
}

extension Array: ValueCollection {}

extension ContiguousArray: ValueCollection {}

extension ArraySlice: ValueCollection {}

extension Set: ValueCollection {
    func values(prefix limit: Int, label: String?) -> AnyIterator<(label: String?, value: Any)> {
        var elements = prefix(limit).makeIterator()
        return AnyIterator { elements.next().map { (label, $0) } }
    }
}

extension Dictionary: ValueCollection {
    static var elementsMayHoldErrors: Bool { ReflectedValueKind.mayHoldErrors(Value.self) }
    var valueCount: Int { count }
    var elementsMayHoldErrorsByFirst: Bool? { Self.elementsMayHoldErrors ? nil : false }

    /// The values, labelled with their keys in sorted order (as dictionaries of errors are).
    func values(prefix limit: Int, label: String?) -> AnyIterator<(label: String?, value: Any)> {
        var entries = prefix(limit)
            .map { (key: String(describing: $0.key), value: $0.value) }
            .sorted { $0.key < $1.key }
            .makeIterator()
        return AnyIterator { entries.next().map { ("\(label ?? "")[\($0.key)]", $0.value) } }
    }
}
