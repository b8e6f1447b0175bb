import Foundation
import Testing

@testable import Remedy

/// The grouping key walks a tree of values recursively and gives up for the walk's visits when it meets
/// a class instance or a tree deeper than its recursion limit (32 levels): around that limit, with instances
/// after values and with every cap, the key is the one the general iterator's visits make. And the digest
/// is always the hash's 16 hexadecimal digits.
@Suite(.timeLimit(.minutes(10)))
struct ValueTreeKeyTests {
    typealias Lending = TreeWalkTests.Lending
    typealias Leaf = TreeFixtures.Leaf
    typealias LinkError = TreeFixtures.LinkError

    /// A chain of `depth` nodes; the level `branching` has three causes (two of one shape), and the chain
    /// ends with a decoding error whose context holds a cause.
    static func chain(depth: Int, branching: Int) -> any Error {
        var error: any Error = DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "bad", underlyingError: Leaf.timeout))
        for level in stride(from: depth - 3, through: 0, by: -1) {
            error =
                level == branching
                ? Lending.many([error, Leaf.notFound, Lending.one(Leaf.notFound)]) : Lending.one(error)
        }
        return error
    }

    static let limits = [
        ErrorLimits.default,
        ErrorLimits(maximumDepth: 31),
        ErrorLimits(maximumDepth: 32),
        ErrorLimits(maximumDepth: 33),
        ErrorLimits(maximumWidth: 1),
        ErrorLimits(maximumNodes: 0),
        ErrorLimits(maximumNodes: 31),
        ErrorLimits(maximumNodes: 33),
        ErrorLimits(maximumNodes: 34),
    ]

    @Test(arguments: 29...36)
    func chainsAroundTheRecursionLimitKeyAsTheGeneralWalkDoes(depth: Int) {
        for branching in [-1, 0, depth / 2, depth - 3] {
            let error = Self.chain(depth: depth, branching: branching)
            for limit in Self.limits {
                #expect(
                    ErrorReport.groupingKey(of: error, limits: limit)
                        == TreeWalkTests.generalKey(of: error, limits: limit),
                    "depth \(depth), branching at \(branching), \(limit)")
            }
        }
    }

    @Test func instancesAfterValuesKeyAsTheGeneralWalkDoes() {
        let shared = LinkError("shared", next: Leaf.timeout)
        let loop = LinkError("loop")
        loop.next = Lending.one(loop)
        let trees: [any Error] = [
            Lending.many([Lending.one(Leaf.timeout), Lending.one(Lending.one(shared)), shared]),
            Lending.one(Lending.many([Leaf.notFound, Lending.one(loop)])),
            Lending.many([Self.chain(depth: 10, branching: 4), LinkError("last")]),
            Lending.one(
                DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad", underlyingError: shared))),
        ]
        for (index, error) in trees.enumerated() {
            for limit in Self.limits + [ErrorLimits(maximumNodes: 2), ErrorLimits(maximumDepth: 1)] {
                #expect(
                    ErrorReport.groupingKey(of: error, limits: limit)
                        == TreeWalkTests.generalKey(of: error, limits: limit),
                    "tree \(index), \(limit)")
            }
        }
        loop.next = nil
    }

    /// A hash of `value`, made without the grouping key.
    static func hash(_ value: Int) -> StableHash {
        var hash = StableHash()
        hash.combine(value)
        return hash
    }

    @Test func theDigestIsSixteenLowerCaseHexadecimalDigits() {
        #expect(StableHash().hexDigest == "cbf29ce484222325")
        #expect(Self.hash(0).hexDigest.count == 16)
        for value in [0, 1, 2, 0xABC, Int.max, -1] {
            let digest = Self.hash(value).hexDigest
            #expect(digest.count == 16)
            #expect(digest.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(UInt64(digest, radix: 16) == Self.hash(value).value)
        }
    }
}
