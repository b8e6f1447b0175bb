import Foundation
import Remedy
import Testing

/// The one-line queries.
struct ErrorTreeQueryTests {
    typealias Leaf = TreeFixtures.Leaf
    typealias LinkError = TreeFixtures.LinkError

    /// Loading → Batch [HTTP 401, Leaf.timeout → (wrapped in a context) , Leaf.notFound].
    private var sample: any Error {
        ContextError(
            "Loading",
            wrapping: TreeFixtures.Batch(failures: [
                HTTPStatusError(status: 401),
                ContextError("Retrying", wrapping: Leaf.timeout),
                Leaf.notFound,
            ])
        )
    }

    @Test func containsWhereFindsAnyNode() {
        #expect(ErrorTree(sample).contains { $0.error is HTTPStatusError })
        #expect(!ErrorTree(sample).contains { $0.error is URLError })
    }

    @Test func firstAndAllOfATypeComeInPreOrder() {
        let tree = ErrorTree(sample)
        #expect(tree.first(Leaf.self) == .timeout)
        #expect(tree.compactMap { $0.error as? Leaf } == [.timeout, .notFound])
        #expect(tree.first(URLError.self) == nil)
        #expect(tree.first(HTTPStatusError.self) != nil)
    }

    @Test func firstNodeAndNodesOfATypeKeepTheirPlace() {
        let tree = ErrorTree(sample)
        #expect(tree.first { $0.error is Leaf }?.depth == 3)
        #expect(tree.filter { $0.error is Leaf }.map(\.depth) == [3, 2])
        #expect(tree.first { $0.error is URLError } == nil)
    }

    @Test func leavesAreTheNodesWithNothingBelow() {
        let leaves = ErrorTree(sample).filter(\.isLeaf)
        #expect(leaves.count == 3)
        #expect(leaves[0].error is HTTPStatusError)
        #expect(leaves[1].error as? Leaf == .timeout)
        #expect(leaves[2].error as? Leaf == .notFound)
    }

    @Test func rootCauseFollowsTheFirstChild() {
        #expect(ErrorTree(sample).rootCause is HTTPStatusError)
        #expect(ErrorTree(TreeFixtures.forecastTree()).rootCause is DecodingError)
        #expect(ErrorTree(Leaf.timeout).rootCause as? Leaf == .timeout)
    }

    @Test func rootCauseStopsBeforeACycle() {
        let a = LinkError("a")
        let b = LinkError("b", next: a)
        a.next = b
        defer { a.next = nil }
        #expect((ErrorTree(a).rootCause as? LinkError)?.name == "b")
        let selfReferencing = TreeFixtures.SelfReferencingNSError()
        #expect(ErrorTree(selfReferencing).rootCause as AnyObject === selfReferencing)
    }

    @Test func rootCauseStopsAtTheDepthCap() {
        let chain = LinkError.chain(count: 10)
        defer { chain.dismantle() }
        #expect((ErrorTree(chain, limits: .init(maximumDepth: 3)).rootCause as? LinkError)?.name == "link 3")
        #expect((ErrorTree(chain, limits: .init(maximumWidth: 0)).rootCause as? LinkError)?.name == "link 0")
    }

    @Test func depthAndCountMeasureTheVisitedTree() {
        let tree = ErrorTree(sample)
        #expect(tree.depth == 3)
        #expect(tree.count == 6)
        #expect(ErrorTree(Leaf.timeout).depth == 0)
        #expect(ErrorTree(Leaf.timeout).count == 1)
    }

    struct Cancelled: PresentableError {
        var message: String { "Cancelled." }
        var category: ErrorCategory { .cancellation }
    }

    @Test(arguments: [
        CancellationError() as any Error,
        URLError(.cancelled),
        CocoaError(.userCancelled),
        NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled),
        NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError),
        Cancelled(),
    ])
    func cancellationIsFoundAnywhere(cancellation: any Error) {
        let tree = ErrorTree(
            ContextError("Loading", wrapping: TreeFixtures.Batch(failures: [Leaf.timeout, cancellation])))
        #expect(tree.containsCancellation)
        #expect(ErrorTree.isCancellation(cancellation))
    }

    @Test func noCancellationInATreeWithoutOne() {
        #expect(!ErrorTree(sample).containsCancellation)
        #expect(!ErrorTree(URLError(.timedOut)).containsCancellation)
        #expect(!ErrorTree(NSError(domain: NSURLErrorDomain, code: NSURLErrorTimedOut)).containsCancellation)
    }

    enum NetworkError: Error { case status(HTTPStatusError) }

    @Test func anHTTPStatusIsFoundAnywhere() {
        let deep = TreeFixtures.ViewModelError.forecast(
            .data(
                .transport(
                    URLError(
                        .badServerResponse,
                        userInfo: [NSUnderlyingErrorKey: NetworkError.status(HTTPStatusError(status: 401))])))
        )
        #expect(ErrorTree(deep).contains(httpStatus: 401))
        #expect(!ErrorTree(deep).contains(httpStatus: 403))
        #expect(ErrorTree(sample).contains(httpStatus: 401))
    }
}
