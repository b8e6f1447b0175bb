import Foundation
import Remedy
import Testing

/// Pre-order traversal, cycles, and the caps on depth, width and nodes.
@Suite(.timeLimit(.minutes(10)))
struct ErrorTreeTraversalTests {
    typealias Leaf = TreeFixtures.Leaf
    typealias LinkError = TreeFixtures.LinkError

    @Test func nodesComeInPreOrderWithIndicesDepthsAndParents() {
        let error = TreeFixtures.Batch(failures: [
            ContextError("Uploading", wrapping: Leaf.timeout),
            Leaf.notFound,
        ])
        let nodes = Array(ErrorTree(error))
        #expect(nodes.map(\.index) == [0, 1, 2, 3])
        #expect(nodes.map(\.depth) == [0, 1, 2, 1])
        #expect(nodes.map(\.parentIndex) == [nil, 0, 1, 0])
        #expect(nodes.map(\.childCount) == [2, 1, 0, 0])
        #expect(nodes.map(\.isLeaf) == [false, false, true, true])
        #expect(nodes[2].error as? Leaf == .timeout)
        #expect(nodes[3].error as? Leaf == .notFound)
    }

    @Test func nodeDescriptionNamesIndexDepthAndType() {
        let node = Array(ErrorTree(ContextError("Loading", wrapping: Leaf.timeout))).last
        #expect(node?.description == "#1 depth 1: Leaf")
    }

    @Test func aSelfReferencingNSErrorIsCutWithACycleMarker() {
        let error = TreeFixtures.SelfReferencingNSError()
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 2)
        #expect(nodes[1].isCycle)
        #expect(!nodes[1].isRepeated)
        #expect(nodes[1].firstOccurrenceIndex == 0)
        #expect(nodes[1].childCount == 0)
        #expect(!nodes[1].isLeaf)
    }

    @Test func anABCycleOfClassErrorsIsCutWhereItCloses() {
        let a = LinkError("a")
        let b = LinkError("b", next: a)
        a.next = b
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.map { ($0.error as? LinkError)?.name } == ["a", "b", "a"])
        #expect(nodes.map(\.isCycle) == [false, false, true])
        #expect(nodes[2].firstOccurrenceIndex == 0)
    }

    @Test func anABCycleOfNSErrorsIsCutWhereItCloses() {
        let a = TreeFixtures.LinkedNSError(code: 1)
        let b = TreeFixtures.LinkedNSError(code: 2)
        a.next = b
        b.next = a
        defer { a.next = nil }
        let nodes = Array(ErrorTree(a))
        #expect(nodes.map { ($0.error as NSError).code } == [1, 2, 1])
        #expect(nodes.last?.isCycle == true)
    }

    @Test func aCycleThroughSiblingsIsCutAndASharedCauseIsMarkedRepeated() {
        // a has the siblings b and c; b's cause is c; c's cause is a again.
        let c = LinkError("c")
        let b = LinkError("b", next: c)
        let a = TreeFixtures.Batch(failures: [b, c])
        let root = LinkError("root", next: a)
        c.next = root
        defer { c.next = nil }
        let nodes = Array(ErrorTree(root))
        let names = nodes.map { ($0.error as? LinkError)?.name ?? "batch" }
        #expect(names == ["root", "batch", "b", "c", "root", "c"])
        #expect(nodes.map(\.isCycle) == [false, false, false, false, true, false])
        #expect(nodes.map(\.isRepeated) == [false, false, false, false, false, true])
        #expect(nodes[4].firstOccurrenceIndex == 0)
        #expect(nodes[5].firstOccurrenceIndex == 3)
    }

    @Test func valueErrorsAreNotTrackedByIdentity() {
        // The same value twice is two nodes, neither a repeat: values can't form cycles.
        let error = TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.timeout])
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 3)
        #expect(nodes.allSatisfy { !$0.isRepeated && !$0.isCycle })
    }

    @Test func theDepthCapStopsA100000DeepChain() {
        let chain = LinkError.chain(count: 100_000)
        defer { chain.dismantle() }
        let tree = ErrorTree(chain)
        let nodes = Array(tree)
        #expect(nodes.count == 10_001)
        #expect(nodes.last?.depth == 10_000)
        #expect(nodes.last?.isDepthLimited == true)
        #expect(nodes.last?.childCount == 0)
        #expect(tree.depth == 10_000)
    }

    @Test func aWalkOfA100000DeepChainNeedsNoDeepStack() async {
        await TreeFixtures.onSmallStack {
            let chain = LinkError.chain(count: 100_000, end: Leaf.timeout)
            let tree = ErrorTree(chain, limits: .init(maximumDepth: 200_000, maximumNodes: 200_000))
            let count = tree.count
            let cause = tree.rootCause
            chain.dismantle()
            #expect(count == 100_001)
            #expect(cause as? Leaf == .timeout)
        }
    }

    @Test func anInfiniteTreeOfFreshInstancesIsBoundedByTheDepthCap() {
        let tree = ErrorTree(TreeFixtures.Bottomless(), limits: .init(maximumDepth: 500))
        #expect(tree.count == 501)
        #expect(tree.filter(\.isLeaf).isEmpty)
    }

    @Test func theWidthCapCountsWhatItLeavesOut() {
        let error = TreeFixtures.Batch(failures: Array(repeating: Leaf.timeout, count: 10_000))
        let nodes = Array(ErrorTree(error))
        #expect(nodes.count == 1_001)
        #expect(nodes[0].childCount == 1_000)
        #expect(nodes[0].omittedChildCount == 9_000)
    }

    @Test func aZeroWidthLeavesEveryChildOutButTheNodeIsNoLeaf() {
        let error = TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.notFound])
        let nodes = Array(ErrorTree(error, limits: .init(maximumWidth: 0)))
        #expect(nodes.count == 1)
        #expect(nodes[0].omittedChildCount == 2)
        #expect(!nodes[0].isLeaf)
    }

    @Test func theNodeCapStopsTheWalkAndTheIteratorSaysSo() {
        let error = TreeFixtures.Batch(failures: Array(repeating: Leaf.timeout, count: 10))
        var iterator = ErrorTree(error, limits: .init(maximumNodes: 5)).makeIterator()
        var count = 0
        while iterator.next() != nil { count += 1 }
        #expect(count == 5)
        #expect(iterator.isTruncated)
        #expect(iterator.next() == nil)

        var complete = ErrorTree(error).makeIterator()
        while complete.next() != nil {}
        #expect(!complete.isTruncated)
    }

    @Test func limitsClampNegativeValues() {
        let limits = ErrorLimits(maximumDepth: -1, maximumWidth: -5, maximumNodes: 0)
        #expect(limits == ErrorLimits(maximumDepth: 0, maximumWidth: 0, maximumNodes: 1))
        #expect(ErrorTree(ContextError("x", wrapping: Leaf.timeout), limits: limits).count == 1)
    }

    @Test func eachIterationWalksAfresh() {
        let tree = ErrorTree(ContextError("Loading", wrapping: Leaf.timeout))
        #expect(tree.count == 2)
        #expect(tree.count == 2)
        #expect(Array(tree).map(\.index) == Array(tree).map(\.index))
    }
}
