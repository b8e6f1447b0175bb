import Foundation
import Testing

@testable import Remedy

/// What a type's stored properties can hold is decided once per type, from one value: a walk doesn't
/// reflect a type that can't hold an error, and reads only the properties of a reflected one that can.
struct StoredPropertyDecisionTests {
    struct Plain: Sendable {
        var name: String
        var count: Int
    }

    /// Holds only structs of plain values: it can't hold another error.
    struct PlainItems: Error {
        var items: [Plain]
    }

    struct Holder: Sendable {
        var label: String
        var error: (any Error)?
    }

    /// Holds structs that may hold an error.
    struct HeldItems: Error {
        var items: [Holder]
    }

    /// Keeps its state in a private object beside plain values, as postgres-nio's `PSQLError` does.
    struct Opaque: Error, @unchecked Sendable {
        // @unchecked: the backing is written only in `init`, before the value is shared.
        final class Backing {
            let code = 7
            let query: String? = "SELECT 1"
            let underlying: (any Error)?
            init(underlying: (any Error)?) { self.underlying = underlying }
        }
        let backing: Backing
        let detail = "plain"
    }

    enum Cause: Error { case timeout }

    @Test func aStructOfStructsOfPlainValuesIsALeaf() {
        let error = PlainItems(items: [Plain(name: "a", count: 1)])
        #expect(ErrorTypeInfo.of(error).source == .leaf)
        #expect(ErrorTree(error).map(\.error).count == 1)
    }

    @Test func errorsInStructsOfACollectionAreFound() {
        let error = HeldItems(items: [Holder(label: "x", error: nil), Holder(label: "y", error: Cause.timeout)])
        #expect(ErrorTypeInfo.of(error).source == .reflection)
        let found = ErrorTree(error).map(\.error)
        #expect(found.count == 2)
        #expect(found.last is Cause)
    }

    /// Only the properties that may hold an error are read by a walk; a report still shows the others.
    @Test func anObjectsCauseIsFoundAndItsValuesAreStillReported() {
        let error = Opaque(backing: .init(underlying: Cause.timeout))
        #expect(ErrorTypeInfo.of(error).searchedChildren == [0])
        let found = ErrorTree(error).map(\.error)
        #expect(found.count == 2)
        #expect(found.last is Cause)
        let report = ErrorReport(Opaque(backing: .init(underlying: nil))).text
        #expect(report.contains("code: 7"))
        #expect(report.contains("detail: \"plain\""))
    }
}
