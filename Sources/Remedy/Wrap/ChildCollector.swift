import Foundation

/// Gathers the children of one error, capped, counting what the cap leaves out.
struct ChildCollector {
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

    /// - Parameter searched: The properties that may hold an error (``ErrorTypeInfo/searchedChildren``), or `nil`.
    mutating func reflect(_ error: any Error, searched: [Int]? = nil) {
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
            if !collectsFields, let searched {
                forEachChild(of: mirror, at: searched) { child in
                    collect(
                        child.value, childLabel: child.label, fieldLabel: child.label, describes: true, nesting: 0,
                        budget: &budget)
                }
                return
            }
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

    /// Looks at one value that reflection found: an error is a child; what may hold one is searched; any other value
    /// is a field of the error when `describes` is set.
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
        case .object(let searched):
            // The error's own state, kept in an object (copy-on-write storage): its stored properties are
            // the error's, read as the error's own fields and children. An object anywhere deeper is
            // somebody else's state, shared and perhaps mutable: a field, never searched.
            guard nesting == 0 else {
                if describes { addField(value, label: fieldLabel) }
                return
            }
            let mirror = Mirror(reflecting: value)
            if !collectsFields {
                forEachChild(of: mirror, at: searched) { child in
                    guard budget.spend() else { return }
                    collect(
                        child.value, childLabel: child.label, fieldLabel: child.label, describes: describes,
                        nesting: nesting + 1, budget: &budget)
                }
                return
            }
            for child in mirror.children.prefix(ErrorTree.maximumReflectedValues) {
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

    /// Calls `body` with the children at some positions only: reflection makes a child only when it is read.
    private func forEachChild(of mirror: Mirror, at positions: [Int], _ body: (Mirror.Child) -> Void) {
        let children = mirror.children
        for position in positions where position < children.count {
            body(children[children.index(children.startIndex, offsetBy: position)])
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
