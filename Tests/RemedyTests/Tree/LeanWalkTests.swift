import Foundation
import Testing

@testable import Remedy

/// The lean walk of presentations and grouping keys (`ErrorTree.walk(readsCaseNames:_:)`) visits exactly
/// the nodes of the general iterator, with the same depths, types, case labels and cycle and repeat flags,
/// on trees of every child source, with cycles, shared causes and every cap; and the grouping key made
/// from it is the key the general iterator's visits make.
struct LeanWalkTests {
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

    static func general(_ tree: ErrorTree, readsCaseNames: Bool) -> (nodes: [Seen], truncated: Bool) {
        var iterator = tree.makeVisitor(collectsFields: false, readsCaseNames: readsCaseNames)
        var nodes: [Seen] = []
        while let visit = iterator.nextVisit() {
            nodes.append(
                Seen(
                    type: visit.info.name,
                    depth: visit.node.depth,
                    caseLabel: visit.caseLabel,
                    isCycle: visit.node.isCycle,
                    isRepeated: visit.node.isRepeated,
                    identity: ErrorTree.identity(of: visit.node.error).map(ObjectIdentifier.init)
                ))
        }
        return (nodes, iterator.isTruncated)
    }

    static func lean(_ tree: ErrorTree, readsCaseNames: Bool) -> (nodes: [Seen], truncated: Bool) {
        var nodes: [Seen] = []
        var walk = tree.makeLeanWalk(readsCaseNames: readsCaseNames)
        while walk.advance() {
            let step = walk.step
            nodes.append(
                Seen(
                    type: step.info.name,
                    depth: step.depth,
                    caseLabel: step.caseLabel,
                    isCycle: step.isCycle,
                    isRepeated: step.isRepeated,
                    identity: ErrorTree.identity(of: step.error).map(ObjectIdentifier.init)
                ))
        }
        let advancedAgain = walk.advance()
        #expect(!advancedAgain, "a walk that is done stays done")
        return (nodes, walk.isTruncated)
    }

    /// The grouping key as it was made from the general iterator's visits.
    static func generalKey(of error: any Error, limits: ErrorLimits) -> String {
        var iterator = ErrorTree(error, limits: limits).makeVisitor(collectsFields: false)
        var frames: [(depth: Int, shape: UInt64, children: [UInt64])] = []
        var result: UInt64 = 0
        func finishTop() {
            let frame = frames.removeLast()
            var hash = StableHash()
            hash.combine(frame.shape)
            var previous: UInt64?
            for child in frame.children.sorted() where child != previous {
                hash.combine(child)
                previous = child
            }
            if frames.isEmpty { result = hash.value } else { frames[frames.count - 1].children.append(hash.value) }
        }
        while let visit = iterator.nextVisit() {
            while let top = frames.last, top.depth >= visit.node.depth { finishTop() }
            let step = ErrorTree.Step(
                error: visit.node.error,
                depth: visit.node.depth,
                info: visit.info,
                caseLabel: visit.caseLabel,
                isCycle: visit.node.isCycle,
                isRepeated: visit.node.isRepeated
            )
            frames.append((visit.node.depth, ErrorReport.shape(of: step), []))
        }
        while !frames.isEmpty { finishTop() }
        var hash = StableHash()
        hash.combine(result)
        return hash.hexDigest
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
            // Decoding errors with a cause, read in place by the lean walk.
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

    @Test(arguments: [false, true])
    func theLeanWalkVisitsWhatTheIteratorVisits(readsCaseNames: Bool) {
        Self.withTrees { trees, limits in
            for error in trees {
                for limit in limits {
                    let tree = ErrorTree(error, limits: limit)
                    var general = Self.general(tree, readsCaseNames: readsCaseNames)
                    var lean = Self.lean(tree, readsCaseNames: readsCaseNames)
                    if !readsCaseNames {
                        // A walk for presentations promises no labels (it doesn't look at a node at the
                        // depth cap at all).
                        for index in general.nodes.indices { general.nodes[index].caseLabel = nil }
                        for index in lean.nodes.indices { lean.nodes[index].caseLabel = nil }
                    }
                    #expect(lean.nodes == general.nodes, "\(type(of: error)) \(limit)")
                    #expect(lean.truncated == general.truncated, "\(type(of: error)) \(limit)")
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

    /// What a report reads of a node, from either walk.
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

    /// The report's walk (`reports: true`) tells each node's counts, cut, leafness and fields exactly as the
    /// general iterator collecting fields does, on every tree and cap: the renderer reads them from it.
    @Test func theReportWalkTellsWhatTheIteratorTells() {
        Self.withTrees { trees, limits in
            // Reflected errors with values that aren't errors, whose fields a report describes.
            let withFields: [any Error] = [
                Valued.failed(
                    code: 7, path: "/tmp", cause: Lending.one(Valued.failed(code: 8, path: "x", cause: Leaf.timeout))),
                ValuedStruct(
                    name: "n", count: 3,
                    causes: [Leaf.timeout, Valued.failed(code: 1, path: "p", cause: Leaf.notFound)]),
            ]
            for error in trees + withFields {
                for limit in limits {
                    var iterator = ErrorTree(error, limits: limit).makeVisitor(collectsFields: true)
                    var general: [Reported] = []
                    while let visit = iterator.nextVisit() {
                        general.append(
                            Reported(
                                seen: Seen(
                                    type: visit.info.name, depth: visit.node.depth, caseLabel: visit.caseLabel,
                                    isCycle: visit.node.isCycle, isRepeated: visit.node.isRepeated,
                                    identity: ErrorTree.identity(of: visit.node.error).map(ObjectIdentifier.init)),
                                childCount: visit.node.childCount,
                                omittedChildCount: visit.node.omittedChildCount,
                                isDepthLimited: visit.node.isDepthLimited,
                                isLeaf: visit.node.isLeaf,
                                fields: Self.fieldTexts(visit.fields)))
                    }
                    var walk = ReportWalk(root: error, rootInfo: nil, limits: limit, readsCaseNames: true)
                    var lean: [Reported] = []
                    while walk.advance() {
                        let step = walk.step
                        lean.append(
                            Reported(
                                seen: Seen(
                                    type: step.info.name, depth: step.depth, caseLabel: step.caseLabel,
                                    isCycle: step.isCycle, isRepeated: step.isRepeated,
                                    identity: ErrorTree.identity(of: step.error).map(ObjectIdentifier.init)),
                                childCount: step.childCount,
                                omittedChildCount: step.omittedChildCount,
                                isDepthLimited: step.isDepthLimited,
                                isLeaf: step.isLeaf,
                                fields: Self.fieldTexts(walk.fields)))
                    }
                    #expect(lean == general, "\(type(of: error)) \(limit)")
                    #expect(walk.isTruncated == iterator.isTruncated, "\(type(of: error)) \(limit)")
                }
            }
        }
    }

    @Test func theLeanWalkMeetsCyclesAndRepeatsAsTheIteratorDoes() {
        // A cycle closed below a class instance met first at depth 3, after values at depths 0 to 2: the
        // path the lean walk keeps from there on still tells the cycle from the repeat.
        Self.withTrees { trees, _ in
            let lean = Self.lean(ErrorTree(trees[15]), readsCaseNames: true)
            #expect(lean.nodes.map(\.isCycle).filter { $0 }.count == 1)
            let siblings = Self.lean(ErrorTree(trees[11]), readsCaseNames: true)
            #expect(siblings.nodes.contains { $0.isRepeated })
            #expect(siblings.nodes.contains { $0.isCycle })
        }
    }

    @Test func theGroupingKeyIsTheOneTheIteratorsVisitsMake() {
        Self.withTrees { trees, limits in
            for error in trees {
                for limit in limits {
                    #expect(
                        ErrorReport.groupingKey(of: error, limits: limit) == Self.generalKey(of: error, limits: limit),
                        "\(type(of: error)) \(limit)")
                }
            }
        }
    }
}
