import Foundation
import Testing

@testable import Remedy

/// The grouping key keeps a frame per level of the current path: trees of every depth, with siblings at every
/// level, key as the general walk's visits do.
struct DeepKeyTests {
    typealias Lending = TreeWalkTests.Lending
    typealias Leaf = TreeFixtures.Leaf

    /// A chain `depth` levels deep whose level `branching` has three causes (two of one shape), the others
    /// one each.
    static func tree(depth: Int, branching: Int) -> any Error {
        var error: any Error = Leaf.timeout
        for level in stride(from: depth - 2, through: 0, by: -1) {
            error =
                level == branching
                ? Lending.many([error, Leaf.notFound, Lending.one(Leaf.timeout)]) : Lending.one(error)
        }
        return error
    }

    @Test(arguments: 1...9)
    func deepTreesKeyAsTheGeneralWalkDoes(depth: Int) {
        for branching in -1..<depth {
            let error = Self.tree(depth: depth, branching: branching)
            #expect(
                ErrorReport.groupingKey(of: error) == TreeWalkTests.generalKey(of: error, limits: .default),
                "depth \(depth), branching at \(branching)")
        }
    }

    @Test func depthChangesTheKey() {
        let keys = (1...9).map { ErrorReport.groupingKey(of: Self.tree(depth: $0, branching: -1)) }
        #expect(Set(keys).count == keys.count)
    }
}
