import Foundation
import Remedy
import Testing

/// Each place `ErrorTree` finds children.
struct ErrorTreeChildSourceTests {
    typealias Leaf = TreeFixtures.Leaf

    /// The errors of the tree's nodes with their depths, described compactly for comparison.
    private func shape(_ error: any Error, limits: ErrorLimits = .default) -> [String] {
        ErrorTree(error, limits: limits).map { "\($0.depth) \($0.label ?? "-") \(type(of: $0.error))" }
    }

    @Test func contextErrorHasItsCauseAsOnlyChild() {
        let error = ContextError("Loading", wrapping: Leaf.timeout)
        #expect(shape(error) == ["0 - ContextError", "1 cause Leaf"])
    }

    @Test func wrappingErrorChildrenComeInOrder() {
        let error = TreeFixtures.Batch(failures: [Leaf.timeout, HTTPStatusError(status: 503), Leaf.notFound])
        let tree = ErrorTree(error)
        #expect(shape(error) == ["0 - Batch", "1 - Leaf", "1 - HTTPStatusError", "1 - Leaf"])
        #expect(tree.map(\.parentIndex) == [nil, 0, 0, 0])
        #expect(tree.compactMap { $0.error as? Leaf } == [.timeout, .notFound])
    }

    @Test func underlyingErrorKeyOfAnNSErrorIsAChild() {
        let inner = NSError(domain: NSPOSIXErrorDomain, code: 28)
        let error = NSError(domain: "Storage", code: 1, userInfo: [NSUnderlyingErrorKey: inner])
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 2)
        #expect((nodes[1].error as NSError) === inner)
        #expect(nodes[1].label == "underlying")
    }

    @Test func multipleUnderlyingErrorsKeyChildrenFollowTheUnderlyingError() {
        // swift-corelibs-foundation doesn't declare the constant; its value is the same everywhere.
        let key = "NSMultipleUnderlyingErrorsKey"
        let error = NSError(
            domain: "Sync",
            code: 2,
            userInfo: [
                NSUnderlyingErrorKey: Leaf.timeout,
                key: [HTTPStatusError(status: 500), HTTPStatusError(status: 502)] as [any Error],
            ]
        )
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 4)
        #expect(nodes[1].error is Leaf)
        #expect(nodes.dropFirst(2).compactMap { ($0.error as? HTTPStatusError)?.status } == [500, 502])
        #expect(nodes.dropFirst(2).map(\.label) == ["underlying[0]", "underlying[1]"])
    }

    @Test func multipleUnderlyingErrorsAsMixedArrayKeepOnlyErrors() {
        let error = NSError(
            domain: "Sync",
            code: 2,
            userInfo: ["NSMultipleUnderlyingErrorsKey": [Leaf.timeout, "not an error", Leaf.notFound] as [Any]]
        )
        #expect(ErrorTree(error).compactMap { $0.error as? Leaf } == [.timeout, .notFound])
    }

    struct CustomWrapped: CustomNSError {
        static var errorDomain: String { "Custom" }
        var errorCode: Int { 9 }
        var errorUserInfo: [String: Any] { [NSUnderlyingErrorKey: Leaf.timeout] }
    }

    enum CustomEnum: CustomNSError {
        case failed(any Error)
    }

    @Test func customNSErrorUserInfoChildren() {
        #expect(shape(CustomWrapped()) == ["0 - CustomWrapped", "1 underlying Leaf"])
    }

    @Test func customNSErrorWithoutUserInfoChildrenIsReflected() {
        #expect(shape(CustomEnum.failed(Leaf.notFound)) == ["0 - CustomEnum", "1 failed Leaf"])
    }

    @Test func foundationBridgedErrorsAreNotReflectedIntoTheirNSErrorStorage() {
        #expect(ErrorTree(URLError(.notConnectedToInternet)).count == 1)
        #expect(ErrorTree(CocoaError(.fileNoSuchFile)).count == 1)
        let wrapped = URLError(.cannotConnectToHost, userInfo: [NSUnderlyingErrorKey: Leaf.timeout])
        #expect(shape(wrapped) == ["0 - URLError", "1 underlying Leaf"])
    }

    @Test func decodingErrorUnderlyingErrorAndCodingPathDetail() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        let error = DecodingError.dataCorrupted(
            .init(
                codingPath: [Key(stringValue: "days"), Key(intValue: 2), Key(stringValue: "temp")],
                debugDescription: "Not a number",
                underlyingError: Leaf.notFound
            )
        )
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 2)
        #expect(nodes[0].detail == "coding path: days[2].temp")
        #expect(nodes[1].error is Leaf)
        #expect(nodes[1].label == "underlying")
    }

    /// Only a key named after its index (`Index 2`, as `JSONDecoder` names positions, or `2`) reads as an
    /// index; any other name of an integer key stays a name, however close.
    @Test func onlyKeysNamedAfterTheirIndexReadAsIndices() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "\(intValue)"
                self.intValue = intValue
            }
            init(_ name: String, index: Int) {
                self.stringValue = name
                self.intValue = index
            }
        }
        let path: [Key] = [
            Key(stringValue: "days"), Key("Index 2", index: 2), Key(intValue: 10), Key("-1", index: -1),
            Key("02", index: 2), Key("Index 3", index: 4), Key("index 5", index: 5), Key("Index  6", index: 6),
            Key("Index 7 ", index: 7), Key("+8", index: 8),
        ]
        let error = DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Not a number"))
        #expect(
            ErrorTree(error).first { _ in true }?.detail
                == "coding path: days[2][10][-1].02.Index 3.index 5.Index  6.Index 7 .+8"
        )
    }

    @Test func realDecodingErrorHasItsCodingPathAsDetail() {
        let node = ErrorTree(TreeFixtures.decodingError()).first { _ in true }
        #expect(node?.detail == "coding path: days[0]")
    }

    @Test func encodingErrorUnderlyingErrorAndCodingPathDetail() {
        let error = EncodingError.invalidValue(
            Double.nan,
            .init(codingPath: [], debugDescription: "NaN", underlyingError: Leaf.timeout)
        )
        let nodes = Array(ErrorTree(error))
        #expect(nodes.map { type(of: $0.error) == Leaf.self } == [false, true])
        #expect(nodes[0].detail == "coding path: (root)")
    }

    /// A reflected payload is found as an error whatever its declared type: the error type itself, `any
    /// Error` (the error's own box), an optional, a superclass holding a subclass instance, or another
    /// protocol's existential.
    @Test func reflectedPayloadsOfEveryDeclaredTypeAreFoundAsErrors() {
        // @unchecked: no stored state at all, so nothing to share unsafely; a non-final class can't be
        // checked Sendable.
        class BaseError: Error, @unchecked Sendable {}
        final class DerivedError: BaseError, @unchecked Sendable {}
        struct Described: LocalizedError {
            var errorDescription: String? { "described" }
        }
        enum Holder: Error {
            case concrete(Leaf)
            case existential(any Error)
            case sendable(any Error & Sendable)
            case optional((any Error)?)
            case base(BaseError)
            case localized(any LocalizedError)
        }
        let cases: [(Holder, String)] = [
            (.concrete(.timeout), "1 concrete Leaf"),
            (.existential(Leaf.notFound), "1 existential Leaf"),
            (.sendable(HTTPStatusError(status: 503)), "1 sendable HTTPStatusError"),
            (.optional(Leaf.timeout), "1 optional Leaf"),
            (.base(DerivedError()), "1 base DerivedError"),
            (.localized(Described()), "1 localized Described"),
        ]
        for (error, child) in cases {
            #expect(shape(error) == ["0 - Holder", child])
        }
        #expect(shape(Holder.optional(nil)) == ["0 - Holder"])
    }

    @Test func typedEnumLayersAreReflectedWithoutConformances() {
        #expect(
            shape(TreeFixtures.forecastTree()) == [
                "0 - ViewModelError", "1 forecast ForecastServiceError", "2 data DataServiceError",
                "3 parsing DecodingError",
            ]
        )
    }

    struct RequestError: Error {
        var url: URL
        var underlying: any Error
        var retries: Int
    }

    @Test func storedPropertiesThatAreErrorsAreChildren() {
        let error = RequestError(url: URL(string: "https://example.com")!, underlying: Leaf.timeout, retries: 3)
        #expect(shape(error) == ["0 - RequestError", "1 underlying Leaf"])
    }

    class BaseError: Error, @unchecked Sendable {
        // @unchecked: immutable.
        let cause: any Error
        init(cause: any Error) { self.cause = cause }
    }

    final class DerivedError: BaseError, @unchecked Sendable {
        let other: any Error
        init(cause: any Error, other: any Error) {
            self.other = other
            super.init(cause: cause)
        }
    }

    @Test func classStoredPropertiesIncludingInheritedOnesAreChildren() {
        let error = DerivedError(cause: Leaf.timeout, other: Leaf.notFound)
        #expect(shape(error) == ["0 - DerivedError", "1 other Leaf", "1 cause Leaf"])
    }

    enum TupleError: Error {
        case both(url: String, first: any Error, second: any Error)
        case unnamed(Int, any Error)
    }

    @Test func tupleElementsOfAnEnumPayloadAreChildren() {
        #expect(
            shape(TupleError.both(url: "x", first: Leaf.timeout, second: Leaf.notFound)) == [
                "0 - TupleError", "1 first Leaf", "1 second Leaf",
            ]
        )
        #expect(shape(TupleError.unnamed(1, Leaf.timeout)) == ["0 - TupleError", "1 unnamed Leaf"])
    }

    struct OptionalCause: Error {
        var cause: (any Error)?
        var nested: Leaf??
    }

    @Test func optionalErrorsAreChildrenWhenPresent() {
        #expect(shape(OptionalCause(cause: nil, nested: nil)) == ["0 - OptionalCause"])
        #expect(
            shape(OptionalCause(cause: Leaf.timeout, nested: .some(.some(.notFound)))) == [
                "0 - OptionalCause", "1 cause Leaf", "1 nested Leaf",
            ]
        )
    }

    struct Collections: Error {
        var list: [any Error]
        var typed: [Leaf]
        var set: Set<HTTPStatusError>
        var byName: [String: Leaf]
    }

    @Test func collectionsOfErrorsAreChildren() {
        let error = Collections(
            list: [Leaf.timeout],
            typed: [.notFound, .timeout],
            set: [HTTPStatusError(status: 404)],
            byName: ["b": .timeout, "a": .notFound]
        )
        let labels = ErrorTree(error).dropFirst().map { $0.label ?? "-" }
        #expect(labels == ["list[0]", "typed[0]", "typed[1]", "set", "byName[a]", "byName[b]"])
    }

    struct HugeValues: Error {
        var numbers: [Int]
        var mixed: [any Sendable]
        var text: String
    }

    @Test func valuesThatAreNotErrorsAreNeverSearched() {
        // A million numbers, and errors inside an `[Any]`: neither is searched, so the tree is one node.
        let error = HugeValues(
            numbers: Array(repeating: 7, count: 1_000_000),
            mixed: [Leaf.timeout, 1, "two"] as [any Sendable],
            text: String(repeating: "x", count: 100_000)
        )
        #expect(ErrorTree(error).count == 1)
    }

    @Test func aHugeCollectionOfErrorsIsCappedByWidth() {
        struct Many: Error { var failures: [Leaf] }
        let error = Many(failures: Array(repeating: .timeout, count: 10_000))
        let root = ErrorTree(error).first { _ in true }
        #expect(root?.childCount == 1_000)
        #expect(root?.omittedChildCount == 9_000)
        #expect(ErrorTree(error).count == 1_001)
    }

    @Test func smallEnumErrorsAreLeavesDescribedByTheirCaseAndValues() {
        enum Small: Error {
            case timeout
            case invalid(Int8)
        }
        for error in [Small.timeout, Small.invalid(5)] {
            let nodes = Array(ErrorTree(error))
            #expect(nodes.count == 1)
            #expect(nodes[0].isLeaf)
        }
        #expect(ErrorReport(Small.invalid(5)).summary == "Small.invalid(5)")
        #expect(ErrorReport(Small.timeout).summary == "Small.timeout")
    }

    @Test func structsWhoseStoredPropertiesCantHoldErrorsAreLeavesDescribedByThem() {
        struct Request: Error {
            var path: String
            var attempts: [Int]
        }
        let nodes = Array(ErrorTree(Request(path: "/a", attempts: [1, 2])))
        #expect(nodes.count == 1)
        #expect(nodes[0].isLeaf)
        #expect(
            ErrorReport(Request(path: "/a", attempts: [1, 2])).summary == "Request(path: \"/a\", attempts: [1, 2])")
    }

    @Test func plainDataErrorsAreLeaves() {
        struct Timeout: Error { var seconds: Double }
        let nodes = Array(ErrorTree(Timeout(seconds: 3)))
        #expect(nodes.count == 1)
        #expect(nodes[0].isLeaf)
    }
}
