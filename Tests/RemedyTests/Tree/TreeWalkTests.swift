import Foundation
import Testing

@testable import Remedy

/// The one walk of a tree (`ErrorTree.Iterator`) that presentations, reports, grouping keys and the public
/// iterator share visits the same nodes, with the same depths, types, counts and cycle and repeat flags, on
/// trees of every child source, with cycles, shared causes and every cap.
struct TreeWalkTests {
    typealias LinkError = TreeFixtures.LinkError
    typealias Leaf = TreeFixtures.Leaf

    /// What both walks tell about a node, comparable.
    struct Seen: Equatable, CustomStringConvertible {
        var type: String
        var depth: Int
        var caseLabel: String?
        var isCycle: Bool
        var isRepeated: Bool
        var identity: ObjectIdentifier?

        var description: String {
            "\(type)@\(depth) \(caseLabel ?? "-")\(isCycle ? " cycle" : "")\(isRepeated ? " repeat" : "")"
        }
    }

    enum Lending: WrappingError {
        case one(any Error)
        case many([any Error])
        case none

        var underlyingErrors: [any Error] {
            switch self {
            case .one(let error): [error]
            case .many(let errors): errors
            case .none: []
            }
        }

        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            switch self {
            case .one(let error): body(error)
            case .many(let errors): errors.forEach(body)
            case .none: break
            }
        }

        var declaredCaseName: String? {
            switch self {
            case .one: "one"
            case .many: "many"
            case .none: "none"
            }
        }
    }

    /// A reflected enum: its case label comes from a `Mirror`.
    enum Reflected: Error {
        case wrapping(any Error)
        case pair(Leaf, any Error)
        case bare
    }

    static func seen(_ node: ErrorTree.Node, caseLabel: String?, info: ErrorTypeInfo) -> Seen {
        Seen(
            type: info.name,
            depth: node.depth,
            caseLabel: caseLabel,
            isCycle: node.isCycle,
            isRepeated: node.isRepeated,
            identity: ErrorTree.identity(of: node.error).map(ObjectIdentifier.init)
        )
    }

    static func general(_ tree: ErrorTree) -> (nodes: [Seen], truncated: Bool) {
        var iterator = ErrorTree.Iterator(root: tree.root, limits: tree.limits)
        var nodes: [Seen] = []
        while let visit = iterator.nextVisit() {
            nodes.append(seen(visit.node, caseLabel: visit.caseLabel, info: visit.info))
        }
        let visitedAgain = iterator.nextVisit() != nil
        #expect(!visitedAgain, "a walk that is done stays done")
        return (nodes, iterator.isTruncated)
    }

    /// The public iterator's nodes (`for node in tree`), which tell no case labels.
    static func iterated(_ tree: ErrorTree) -> (nodes: [Seen], truncated: Bool) {
        var iterator = tree.makeIterator()
        var nodes: [Seen] = []
        while let node = iterator.next() {
            nodes.append(seen(node, caseLabel: nil, info: ErrorTypeInfo.of(node.error)))
        }
        return (nodes, iterator.isTruncated)
    }

    /// Trees of every source, and the caps to walk them with; the class instances are unlinked afterwards.
    static func withTrees(_ body: ([any Error], [ErrorLimits]) -> Void) {
        let a = LinkError("a")
        let b = LinkError("b", next: a)
        a.next = b
        let c = LinkError("c")
        let shared = LinkError("shared", next: Leaf.timeout)
        let siblings = LinkError("siblings", next: Lending.many([shared, c, shared]))
        c.next = siblings
        let nsError = NSError(
            domain: "Test", code: 7,
            userInfo: [
                NSUnderlyingErrorKey: NSError(domain: "Inner", code: 1),
                "NSMultipleUnderlyingErrorsKey": [URLError(.timedOut), Leaf.notFound] as [any Error],
            ])
        let trees: [any Error] = [
            Leaf.timeout,
            Lending.none,
            Lending.one(Lending.one(TreeFixtures.decodingError())),
            Lending.many([Leaf.timeout, Lending.one(Leaf.notFound), Lending.many([]), Reflected.bare]),
            Lending.many((0..<12).map { _ in Lending.one(Leaf.timeout) as any Error }),
            Reflected.wrapping(Lending.one(Reflected.pair(.timeout, Leaf.notFound))),
            TreeFixtures.forecastTree(),
            TreeFixtures.Batch(failures: [Leaf.timeout, TreeFixtures.Message("m"), Lending.one(Leaf.notFound)]),
            ContextError("Loading", wrapping: Lending.one(ContextError("Parsing", wrapping: Leaf.timeout))),
            TreeFixtures.Bottomless(),
            a,
            siblings,
            Lending.many([shared, shared, b]),
            nsError,
            TreeFixtures.SelfReferencingNSError(),
            Lending.one(Lending.many([Lending.one(a) as any Error] as [any Error])),
            // Decoding errors with a cause.
            Lending.one(
                DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "bad", underlyingError: Lending.one(Leaf.timeout)))),
            DecodingError.typeMismatch(
                Int.self, .init(codingPath: [], debugDescription: "bad", underlyingError: shared)),
        ]
        let limits = [
            ErrorLimits.default,
            ErrorLimits(maximumDepth: 0),
            ErrorLimits(maximumDepth: 1),
            ErrorLimits(maximumDepth: 2, maximumWidth: 2),
            ErrorLimits(maximumWidth: 0),
            ErrorLimits(maximumWidth: 1),
            ErrorLimits(maximumNodes: 1),
            ErrorLimits(maximumNodes: 4),
            ErrorLimits(maximumDepth: 30, maximumWidth: 3, maximumNodes: 20),
        ]
        body(trees, limits)
        a.next = nil
        c.next = nil
    }

    /// The public iterator visits the nodes the walk does (which also tells the case names it read).
    @Test func everyCallerOfTheWalkVisitsTheSameNodes() {
        Self.withTrees { trees, limits in
            for error in trees {
                for limit in limits {
                    let tree = ErrorTree(error, limits: limit)
                    let walked = Self.general(tree)
                    let iterated = Self.iterated(tree)
                    let withoutLabels = walked.nodes.map {
                        var node = $0
                        node.caseLabel = nil
                        return node
                    }
                    #expect(iterated.nodes == withoutLabels, "\(type(of: error)) \(limit)")
                    #expect(iterated.truncated == walked.truncated, "\(type(of: error)) \(limit)")
                }
            }
        }
    }

    enum Valued: Error {
        case failed(code: Int, path: String, cause: any Error)
    }

    struct ValuedStruct: Error {
        var name: String
        var count: Int
        var causes: [any Error]
    }

    /// What a report reads of a node.
    struct Reported: Equatable, CustomStringConvertible {
        var seen: Seen
        var childCount: Int
        var omittedChildCount: Int
        var isDepthLimited: Bool
        var isLeaf: Bool
        var fields: [String]

        var description: String {
            "\(seen) \(childCount)+\(omittedChildCount)\(isDepthLimited ? " cut" : "")\(isLeaf ? " leaf" : "") \(fields)"
        }
    }

    static func fieldTexts(_ fields: [ErrorTree.Field]) -> [String] {
        fields.map { "\($0.label ?? "-")=\(String(describing: $0.value))" }
    }

    static func reported(_ error: any Error, limits: ErrorLimits) -> (nodes: [Reported], truncated: Bool) {
        var iterator = ErrorTree(error, limits: limits).makeIterator()
        var nodes: [Reported] = []
        while let visit = iterator.nextVisit() {
            nodes.append(
                Reported(
                    seen: seen(visit.node, caseLabel: visit.caseLabel, info: visit.info),
                    childCount: visit.node.childCount,
                    omittedChildCount: visit.node.omittedChildCount,
                    isDepthLimited: visit.node.isDepthLimited,
                    isLeaf: visit.node.isLeaf,
                    fields: fieldTexts(
                        ErrorTree.inspect(visit.node.error, info: visit.info, limit: 0, collectsFields: true).fields)))
        }
        return (nodes, iterator.isTruncated)
    }

    /// Reflected errors with values that aren't errors, whose fields a report describes.
    static let withFields: [any Error] = [
        Valued.failed(
            code: 7, path: "/tmp", cause: Lending.one(Valued.failed(code: 8, path: "x", cause: Leaf.timeout))),
        ValuedStruct(
            name: "n", count: 3, causes: [Leaf.timeout, Valued.failed(code: 1, path: "p", cause: Leaf.notFound)]),
    ]

    /// A report reads the fields of a node where it needs them, from the node the walk visited: the values
    /// of the node itself that aren't errors, not those of its causes.
    @Test func aReportReadsTheFieldsOfEachNode() {
        let fields = Self.withFields.map { error in
            Self.reported(error, limits: .default).nodes.map(\.fields)
        }
        #expect(fields[0] == [["code=7", "path=/tmp"], [], ["code=8", "path=x"], []])
        #expect(fields[1] == [["name=n", "count=3"], [], ["code=1", "path=p"], []])
    }

    @Test func theWalkTellsCyclesFromRepeats() {
        // A cycle closed below a class instance met first at depth 3, after values at depths 0 to 2: the
        // path the walk keeps still tells the cycle from the repeat.
        Self.withTrees { trees, _ in
            let walked = Self.general(ErrorTree(trees[15]))
            #expect(walked.nodes.map(\.isCycle).filter { $0 }.count == 1)
            let siblings = Self.general(ErrorTree(trees[11]))
            #expect(siblings.nodes.contains { $0.isRepeated })
            #expect(siblings.nodes.contains { $0.isCycle })
        }
    }
}
