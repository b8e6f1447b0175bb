import Foundation
import Remedy
import Testing

/// `WrappingError.forEachUnderlyingError(_:)`: lending causes one at a time changes nothing in what Remedy
/// produces, only what it costs; the default lends `underlyingErrors`; and bad lenders are bounded as bad
/// arrays are.
struct ForEachUnderlyingErrorTests {
    enum Lending {
        /// Whether the fixtures lend their causes themselves, or as the default does (from the array).
        @TaskLocal static var isOn = true
        /// Counts the calls of `forEachUnderlyingError`, per test.
        @TaskLocal static var calls: CallCounter?
    }

    struct CallCounter: Sendable {
        private let count = LockedValue(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    enum ServiceError: WrappingError {
        case offline
        case transport(URLError)
        case parsing(DecodingError)
        case retried([ServiceError])

        var underlyingErrors: [any Error] {
            switch self {
            case .offline: []
            case .transport(let error): [error]
            case .parsing(let error): [error]
            case .retried(let errors): errors
            }
        }

        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            Lending.calls?.increment()
            guard Lending.isOn else {
                for error in underlyingErrors { body(error) }
                return
            }
            switch self {
            case .offline: break
            case .transport(let error): body(error)
            case .parsing(let error): body(error)
            case .retried(let errors): errors.forEach(body)
            }
        }

        var declaredCaseName: String? {
            switch self {
            case .offline: "offline"
            case .transport: "transport"
            case .parsing: "parsing"
            case .retried: "retried"
            }
        }
    }

    /// The same enum without stated case names: reflected for its names, lending its causes.
    enum ScreenError: WrappingError {
        case load(ServiceError)
        case idle

        var underlyingErrors: [any Error] {
            switch self {
            case .load(let error): [error]
            case .idle: []
            }
        }

        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            Lending.calls?.increment()
            guard Lending.isOn else {
                for error in underlyingErrors { body(error) }
                return
            }
            if case .load(let error) = self { body(error) }
        }
    }

    /// A plain conformer: the default lends its array.
    struct Batch: WrappingError {
        var failures: [any Error]
        var underlyingErrors: [any Error] { failures }
    }

    /// Lends `count` fresh leaves.
    struct Crowd: WrappingError {
        var count: Int
        var underlyingErrors: [any Error] { [] }
        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            for _ in 0..<count { body(Leaf.timeout) }
        }
    }

    /// Lends a new instance of itself on every look: an infinite tree.
    struct Bottomless: WrappingError {
        var underlyingErrors: [any Error] { [] }
        func forEachUnderlyingError(_ body: (any Error) -> Void) { body(Bottomless()) }
    }

    /// Lends other causes than its array says: the walks follow what it lends.
    struct TwoFaced: WrappingError {
        var underlyingErrors: [any Error] { [Leaf.notFound, Leaf.notFound] }
        func forEachUnderlyingError(_ body: (any Error) -> Void) { body(Leaf.timeout) }
    }

    /// A class error that lends its (settable) cause, to close a cycle.
    final class Link: WrappingError, @unchecked Sendable {
        // @unchecked: `next` is only set while a test builds or dismantles its tree, never during a walk.
        var next: (any Error)?
        init(next: (any Error)? = nil) { self.next = next }
        var underlyingErrors: [any Error] { [] }
        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            if let next { body(next) }
        }
    }

    enum Leaf: Error { case timeout, notFound }

    static let missingKey = DecodingError.keyNotFound(
        AnyKey("temperature"),
        DecodingError.Context(codingPath: [AnyKey("days")], debugDescription: "No value for \"temperature\".")
    )

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Everything Remedy makes of an error: report renderings, keys, the presentation's words and options.
    struct Renderings: Equatable {
        var text: String
        var summary: String
        var json: String
        var groupingKey: String
        var nodes: [String]
        var presentation: [String]

        init(_ error: any Error) {
            let report = ErrorReport(error)
            text = report.text
            summary = report.summary
            json = report.json
            groupingKey = report.groupingKey
            nodes = ErrorTree(error).map { "\($0)" }
            let presentation = ErrorResolver().presentation(for: error)
            self.presentation =
                [presentation.title, presentation.message, presentation.detail ?? "", presentation.groupingKey]
                + presentation.options.map(\.title)
        }
    }

    static let trees: [any Error] = [
        ServiceError.offline,
        ServiceError.parsing(missingKey),
        ServiceError.transport(URLError(.notConnectedToInternet)),
        ServiceError.retried([.offline, .parsing(missingKey), .transport(URLError(.timedOut))]),
        ScreenError.load(.parsing(missingKey)),
        ScreenError.idle,
        ContextError("Loading the forecast", wrapping: ScreenError.load(.transport(URLError(.timedOut)))),
        Batch(failures: [ServiceError.offline, ScreenError.load(.offline)]),
    ]

    @Test(arguments: trees.indices)
    func lentCausesRenderAsTheArraysOnes(index: Int) {
        let counter = CallCounter()
        let lent = Lending.$calls.withValue(counter) { Renderings(Self.trees[index]) }
        let array = Lending.$isOn.withValue(false) { Renderings(Self.trees[index]) }
        #expect(lent == array)
        #expect(counter.value > 0, "the causes must have been lent, or the comparison proves nothing")
    }

    @Test func theDefaultLendsTheArrayInOrder() {
        let batch = Batch(failures: [Leaf.timeout, Leaf.notFound, ServiceError.offline])
        var lent: [String] = []
        batch.forEachUnderlyingError { lent.append("\($0)") }
        #expect(lent == ["timeout", "notFound", "offline"])
        #expect(ErrorTree(batch).dropFirst().map { "\($0.error)" } == lent)
    }

    @Test func lendingMoreThanTheWidthCapCountsTheRestAsLeftOut() {
        let nodes = Array(ErrorTree(Crowd(count: 10_000)))
        #expect(nodes.count == 1_001)
        #expect(nodes[0].childCount == 1_000)
        #expect(nodes[0].omittedChildCount == 9_000)
        let narrow = Array(ErrorTree(Crowd(count: 3), limits: ErrorLimits(maximumWidth: 0)))
        #expect(narrow.count == 1)
        #expect(narrow[0].omittedChildCount == 3)
        #expect(!narrow[0].isLeaf)
        // The presentation's and the key's walk stop at the same cap.
        #expect(ErrorReport.groupingKey(of: Crowd(count: 10_000)) == ErrorReport.groupingKey(of: Crowd(count: 1_000)))
        #expect(ErrorReport.groupingKey(of: Crowd(count: 0)) != ErrorReport.groupingKey(of: Crowd(count: 1)))
    }

    @Test func lendingNothingIsALeaf() {
        let nodes = Array(ErrorTree(Crowd(count: 0)))
        #expect(nodes.count == 1)
        #expect(nodes[0].isLeaf)
    }

    @Test func lendingFreshInstancesForeverIsBoundedByTheDepthCap() {
        let limits = ErrorLimits(maximumDepth: 300)
        #expect(ErrorTree(Bottomless(), limits: limits).count == 301)
        #expect(!ErrorReport.groupingKey(of: Bottomless(), limits: limits).isEmpty)
        #expect(!ErrorResolver(limits: limits).presentation(for: Bottomless()).message.isEmpty)
        #expect(!ErrorReport(Bottomless(), limits: limits).text.isEmpty)
    }

    @Test func aCycleOfLentCausesIsCut() {
        let a = Link()
        let b = Link(next: a)
        a.next = b
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.count == 3)
        #expect(nodes.map(\.isCycle) == [false, false, true])
        #expect(ErrorReport.groupingKey(of: a) == ErrorReport.groupingKey(of: a))
        #expect(!ErrorResolver().presentation(for: a).message.isEmpty)
    }

    @Test func theWalksFollowWhatIsLentNotTheArray() {
        let nodes = Array(ErrorTree(TwoFaced()))
        #expect(nodes.count == 2)
        #expect(nodes.last?.error as? Leaf == .timeout)
        #expect(ErrorReport(TwoFaced()).text.contains("timeout"))
        #expect(!ErrorReport(TwoFaced()).text.contains("notFound"))
    }

    @Test func aLentErrorFromAnArrayOfAnyErrorIsTheInstanceItself() {
        // The element of an `[any Error]` is lent as an `any Error` holding another `any Error`: the walk
        // unwraps it, so an NSError keeps its identity, domain and code.
        let shared = NSError(domain: "Test", code: 3)
        let batch = Batch(failures: [shared, shared])
        let nodes = Array(ErrorTree(batch))
        #expect(nodes.count == 3)
        #expect(nodes[2].isRepeated)
        #expect((nodes[1].error as NSError) === shared)
    }
}
