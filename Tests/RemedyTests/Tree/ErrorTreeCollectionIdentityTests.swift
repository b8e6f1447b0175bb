import Foundation
import Remedy
import Testing

/// Errors reached through collections, optionals, tuples and values that aren't errors: class instances
/// keep their identity (cycles close, `NSError`s keep their facts), errors nested in plain structs are
/// children, and the search stays bounded.
@Suite(.timeLimit(.minutes(10)))
struct ErrorTreeCollectionIdentityTests {
    typealias Leaf = TreeFixtures.Leaf

    // MARK: - Fixtures

    /// A class error, hashable by identity, whose cause can be set after creation to build cycles.
    final class Member: Error, Hashable, @unchecked Sendable {
        // @unchecked: `next` is only set while a test builds or dismantles its tree, never during a walk.
        let name: String
        var next: (any Error)?

        init(_ name: String) { self.name = name }

        static func == (lhs: Member, rhs: Member) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// A value that isn't an error, holding one two levels down.
    struct Envelope {
        var note: String
        var inner: Inner
    }

    struct Inner {
        var code: Int
        var cause: (any Error)?
    }

    /// An element of a set that isn't an error but holds one.
    struct Keyed: Hashable {
        var key: Int
        var error: any Error

        static func == (lhs: Keyed, rhs: Keyed) -> Bool { lhs.key == rhs.key }
        func hash(into hasher: inout Hasher) { hasher.combine(key) }
    }

    /// An enum that isn't an error.
    enum Outcome {
        case succeeded
        case failed(any Error)
    }

    /// A value error that holds another error in one of many ways.
    enum Carrier: Error {
        case many([any Error])
        case named([String: any Error])
        case maybe((any Error)?)
        case pair(Int, any Error)
        case keyed(Set<Keyed>)
        case envelope(Envelope)
        case envelopes([Envelope])
        case optionals([(any Error)?])
        case outcome(Outcome)
        case grouped([String: [any Error]])
    }

    /// The ways a `Carrier` holds an error.
    enum Shape: CaseIterable, Sendable {
        case array, dictionary, optional, tuple, set, nestedStruct, arrayOfStructs, arrayOfOptionals
        case nestedEnum, dictionaryOfArrays

        func carrier(holding error: any Error) -> Carrier {
            switch self {
            case .array: .many([error])
            case .dictionary: .named(["cause": error])
            case .optional: .maybe(error)
            case .tuple: .pair(7, error)
            case .set: .keyed([Keyed(key: 1, error: error)])
            case .nestedStruct: .envelope(Envelope(note: "n", inner: Inner(code: 1, cause: error)))
            case .arrayOfStructs: .envelopes([Envelope(note: "n", inner: Inner(code: 1, cause: error))])
            case .arrayOfOptionals: .optionals([nil, error])
            case .nestedEnum: .outcome(.failed(error))
            case .dictionaryOfArrays: .grouped(["uploads": [error]])
            }
        }

        /// The label of the held error's node.
        var label: String {
            switch self {
            case .array: "many[0]"
            case .dictionary: "named[cause]"
            case .optional: "maybe"
            case .tuple: "pair"
            case .set: "keyed.error"
            case .nestedStruct: "envelope.inner.cause"
            case .arrayOfStructs: "envelopes[0].inner.cause"
            case .arrayOfOptionals: "optionals[1]"
            case .nestedEnum: "outcome.failed"
            case .dictionaryOfArrays: "grouped[uploads][0]"
            }
        }
    }

    static let english = Localization(locale: Locale(identifier: "en"))

    /// The `NSError` URLSession reports when the device is offline, as an `NSError` instance.
    static func offline() -> NSError {
        NSError(
            domain: NSURLErrorDomain,
            code: NSURLErrorNotConnectedToInternet,
            userInfo: [
                NSLocalizedDescriptionKey: "The Internet connection appears to be offline.",
                NSLocalizedFailureReasonErrorKey: "No route to the host.",
            ]
        )
    }

    // MARK: - Identity and cycles

    @Test(arguments: Shape.allCases)
    func aCycleThroughAValueIsCutWhereItCloses(shape: Shape) {
        let a = Member("a")
        let b = Member("b")
        a.next = shape.carrier(holding: b)
        b.next = shape.carrier(holding: a)
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.map { ($0.error as? Member)?.name } == ["a", nil, "b", nil, "a"])
        #expect(nodes.map(\.isCycle) == [false, false, false, false, true])
        #expect(nodes[4].firstOccurrenceIndex == 0)
        #expect(nodes[4].childCount == 0)
        #expect(nodes.map(\.label) == [nil, "next", shape.label, "next", shape.label])
    }

    @Test(arguments: Shape.allCases)
    func aCycleThroughAValueIsMarkedInEveryRendering(shape: Shape) {
        let a = Member("a")
        a.next = shape.carrier(holding: a)
        defer { a.next = nil }
        let report = ErrorReport(a)
        #expect(report.summary.hasSuffix("↻ (cycle)"))
        #expect(report.text.contains("↻ cycle"))
        #expect(report.document.nodes.count == 3)
        #expect(report.document.nodes.last?.isCycle == true)
    }

    @Test(arguments: Shape.allCases)
    func theSameInstanceTwiceIsARepeatNotASecondExpansion(shape: Shape) {
        let shared = Member("shared")
        shared.next = Leaf.timeout
        let error = TreeFixtures.Batch(failures: [shape.carrier(holding: shared), shape.carrier(holding: shared)])
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 6)
        #expect(nodes.map(\.isRepeated) == [false, false, false, false, false, true])
        #expect(nodes[5].firstOccurrenceIndex == 2)
        #expect((nodes[5].error as? Member) === shared)
    }

    @Test func theInstanceInAnArrayOfErrorsIsTheNodesError() {
        let offline = Self.offline()
        let member = Member("m")
        let nodes = Array(ErrorTree(Carrier.many([offline, member])))
        #expect(nodes.count == 3)
        // `as AnyObject` of a box around the instance would be a new object.
        let object = nodes[1].error as AnyObject
        #expect(ObjectIdentifier(object) == ObjectIdentifier(offline))
        #expect((nodes[2].error as? Member) === member)
    }

    /// A wrapping error generic over its causes: as `GenericBatch<any Error>`, erasing each cause to
    /// `any Error` boxes it again.
    struct GenericBatch<Failure: Error>: WrappingError {
        var failures: [Failure]
        var underlyingErrors: [any Error] { failures.map { $0 } }
    }

    /// An error erased to `any Error` in a generic context: when `E` is `any Error` itself, a box around
    /// the box.
    static func erased<E: Error>(_ error: E) -> any Error { error }

    @Test func errorsBoxedAgainByGenericCodeKeepTheirIdentity() {
        let a = Member("a")
        a.next = GenericBatch<any Error>(failures: [a])
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.count == 3)
        #expect(nodes.last?.isCycle == true)
        #expect((nodes.last?.error as? Member) === a)

        let offline = Self.offline()
        let root = Self.erased(offline as any Error)
        let resolver = ErrorResolver(localization: Self.english)
        #expect(resolver.presentation(for: root).message == resolver.presentation(for: offline).message)
        #expect(ErrorReport(root).document.nodes.first?.code == NSURLErrorNotConnectedToInternet)
        let child = GenericBatch<any Error>(failures: [offline])
        #expect(resolver.presentation(for: child).message == resolver.presentation(for: offline).message)
        #expect(ErrorReport(child).document.nodes.last?.domain == NSURLErrorDomain)
    }

    // MARK: - NSError facts

    @Test func anNSErrorInAnArrayOfErrorsGivesTheOfflineText() {
        let presentation = ErrorResolver(localization: Self.english).presentation(for: Carrier.many([Self.offline()]))
        #expect(presentation.title == "No Internet Connection")
        #expect(
            presentation.message == "This device isn't connected to the internet. Check your connection and try again."
        )
    }

    @Test(arguments: Shape.allCases)
    func anNSErrorKeepsItsTextDomainAndCode(shape: Shape) throws {
        let resolver = ErrorResolver(localization: Self.english)
        let direct = resolver.presentation(for: Self.offline())
        // The oracle has a text of its own, not the generic one every unknown error gets.
        #expect(direct.message != resolver.presentation(for: Leaf.timeout).message)

        let error = shape.carrier(holding: Self.offline())
        let presentation = resolver.presentation(for: error)
        #expect(presentation.title == direct.title)
        #expect(presentation.message == direct.message)

        let node = try #require(ErrorReport(error).document.nodes.last)
        #expect(node.label == shape.label)
        #expect(node.domain == NSURLErrorDomain)
        #expect(node.code == NSURLErrorNotConnectedToInternet)
        let text = ErrorReport(error).text
        #expect(text.contains("domain: \(NSURLErrorDomain), code: \(NSURLErrorNotConnectedToInternet)"))
        #expect(text.contains("The Internet connection appears to be offline."))
        #expect(text.contains("No route to the host."))
    }

    // MARK: - Errors inside values that aren't errors

    /// SwiftNIO's `IOError`: an errno and the call that failed.
    struct IOErrorLike: Error {
        var errnoCode: Int32
        var reason: String
    }

    /// SwiftNIO's `NIOConnectionError`: the errors of every address tried sit in plain structs.
    struct NIOConnectionErrorLike: Error {
        var host: String
        var port: Int
        var dnsAError: (any Error)?
        var dnsAAAAError: (any Error)?
        var connectionErrors: [SingleConnectionFailure]
    }

    /// SwiftNIO's `SingleConnectionFailure`: not an error itself.
    struct SingleConnectionFailure {
        var target: String
        var error: any Error
    }

    @Test func theIOErrorsOfAConnectionErrorAreItsChildren() {
        let error = NIOConnectionErrorLike(
            host: "localhost",
            port: 8080,
            dnsAError: nil,
            dnsAAAAError: Leaf.notFound,
            connectionErrors: [
                SingleConnectionFailure(target: "[::1]:8080", error: IOErrorLike(errnoCode: 111, reason: "connect")),
                SingleConnectionFailure(
                    target: "127.0.0.1:8080", error: IOErrorLike(errnoCode: 113, reason: "connect")),
            ]
        )
        let tree = ErrorTree(error)
        let nodes = Array(tree)
        #expect(nodes.map(\.label) == [nil, "dnsAAAAError", "connectionErrors[0].error", "connectionErrors[1].error"])
        #expect(nodes.map(\.depth) == [0, 1, 1, 1])
        #expect(tree.compactMap { ($0.error as? IOErrorLike)?.errnoCode } == [111, 113])
        let report = ErrorReport(error).text
        #expect(report.contains("IOErrorLike(errnoCode: 111, reason: \"connect\")"))
        #expect(report.contains("connectionErrors: [SingleConnectionFailure(…), SingleConnectionFailure(…)]"))
    }

    @Test func aClassErrorInAPlainStructKeepsItsIdentity() {
        let a = Member("a")
        a.next = NIOConnectionErrorLike(
            host: "h",
            port: 1,
            connectionErrors: [SingleConnectionFailure(target: "t", error: a)]
        )
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.count == 3)
        #expect(nodes.last?.isCycle == true)
        #expect(nodes.last?.label == "connectionErrors[0].error")
    }

    @Test func valuesThatCantHoldErrorsStayUnsearched() {
        struct Plain: Error {
            var numbers: [Int]
            var names: [String: String]
            var data: Data
            var bag: [any Sendable]
            var when: Date
            var cause: any Error
        }
        // A million numbers, a large dictionary of strings, a megabyte of data and an untyped bag that
        // holds an error: none is searched, the cause is the only child.
        let error = Plain(
            numbers: Array(repeating: 1, count: 1_000_000),
            names: Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("\($0)", "x") }),
            data: Data(count: 1_000_000),
            bag: [Leaf.timeout, 1, "two"],
            when: Date(timeIntervalSince1970: 0),
            cause: Leaf.notFound
        )
        let nodes = Array(ErrorTree(error))
        #expect(nodes.map(\.label) == [nil, "cause"])
        #expect(nodes[0].omittedChildCount == 0)
    }

    // MARK: - Bounds

    @Test func aHundredThousandValueErrorsInAnArrayAreCappedByTheWidth() {
        let error = Carrier.many(Array(repeating: Leaf.timeout, count: 100_000))
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 1_001)
        #expect(nodes[0].childCount == 1_000)
        #expect(nodes[0].omittedChildCount == 99_000)
        let report = ErrorReport(error)
        #expect(report.text.contains("… 99000 more not shown (width limit 1000)"))
        #expect(report.text.utf8.count <= ErrorLimits.default.maximumReportBytes)
        #expect(ErrorResolver(localization: Self.english).presentation(for: error).options.count >= 1)
    }

    @Test func aHundredThousandPlainStructsAreSearchedWithinTheBudget() {
        let failure = SingleConnectionFailure(target: "t", error: IOErrorLike(errnoCode: 111, reason: "connect"))
        let error = NIOConnectionErrorLike(
            host: "h",
            port: 1,
            connectionErrors: Array(repeating: failure, count: 100_000)
        )
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 1_001)
        #expect(nodes[0].childCount == 1_000)
        // Every element either searched and beyond the width, or never searched: none is lost silently.
        #expect(nodes[0].omittedChildCount == 99_000)
        #expect(nodes.last?.label == "connectionErrors[999].error")
    }

    @Test func theSearchLooksAt4096ValuesPerError() {
        let failure = SingleConnectionFailure(target: "t", error: IOErrorLike(errnoCode: 111, reason: "connect"))
        let error = NIOConnectionErrorLike(
            host: "h", port: 1, connectionErrors: Array(repeating: failure, count: 10_000))
        let root = ErrorTree(error, limits: ErrorLimits(maximumWidth: 10_000)).first { _ in true }
        // Each failure is three values (the element, its target, its error): 1,365 fit in 4,096.
        #expect(root?.childCount == 1_365)
        #expect(root?.omittedChildCount == 10_000 - 1_365)
    }

    /// A value that isn't an error, nested without end through an indirect enum.
    indirect enum Nesting: Sendable {
        case bottom(any Error)
        case level(Nesting)

        static func levels(_ count: Int, around error: any Error) -> Nesting {
            var nesting = Nesting.bottom(error)
            for _ in 0..<count { nesting = .level(nesting) }
            return nesting
        }

        /// Releases a deep nesting level by level, instead of recursively.
        static func dismantle(_ nesting: inout Nesting) {
            while case .level(let next) = nesting { nesting = next }
        }
    }

    struct NestedError: Error {
        var nesting: Nesting
    }

    @Test func anErrorAFewValuesDownIsAChild() {
        let nodes = Array(ErrorTree(NestedError(nesting: .levels(3, around: Leaf.timeout))))
        #expect(nodes.map(\.label) == [nil, "nesting.level.level.level.bottom"])
        #expect(nodes.last?.error as? Leaf == .timeout)
    }

    @Test func theSearchStopsEightValuesDown() {
        // Every enum value counts a level: seven `.level`s and the `.bottom` are eight.
        #expect(ErrorTree(NestedError(nesting: .levels(7, around: Leaf.timeout))).count == 2)
        #expect(ErrorTree(NestedError(nesting: .levels(8, around: Leaf.timeout))).count == 1)
    }

    @Test func aHundredThousandLevelsOfNestingNeedNoDeepStack() async {
        await TreeFixtures.onSmallStack {
            var nesting = Nesting.levels(100_000, around: Leaf.timeout)
            let (count, summary) = {
                let error = NestedError(nesting: nesting)
                return (ErrorTree(error).count, ErrorReport(error).summary)
            }()
            Nesting.dismantle(&nesting)
            #expect(count == 1)
            #expect(summary == "NestedError(nesting: Nesting(…))")
        }
    }

    /// A value that fans out: every level holds the next one many times.
    struct Fan {
        var children: [Fan]
        var cause: (any Error)?
    }

    @Test func aValueThatFansOutIsSearchedWithinTheBudget() {
        // 1,000 children per level, three levels: a billion paths, a few thousand values in memory.
        var fan = Fan(children: [], cause: Leaf.timeout)
        for _ in 0..<3 { fan = Fan(children: Array(repeating: fan, count: 1_000), cause: nil) }
        struct Wide: Error { var fan: Fan }
        let root = ErrorTree(Wide(fan: fan)).first { _ in true }
        #expect(root?.childCount == 1_000)
        #expect(root?.omittedChildCount ?? 0 > 0)
    }
}
