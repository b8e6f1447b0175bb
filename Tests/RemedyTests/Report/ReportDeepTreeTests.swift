import Foundation
import Remedy
import RemedyTerminal
import Testing

/// Trees deeper than a few levels, with branches cut by the width cap at every level: each level is
/// closed where it began, and a second deep branch is drawn as the first.
struct ReportDeepTreeTests {
    typealias Leaf = TreeFixtures.Leaf
    typealias Batch = TreeFixtures.Batch

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A batch `levels` deep: each level holds the next, then three timeouts.
    static func nested(levels: Int) -> Batch {
        var batch = Batch(failures: [Leaf.timeout, Leaf.timeout, Leaf.timeout])
        for _ in 1..<levels {
            batch = Batch(failures: [batch, Leaf.timeout, Leaf.timeout, Leaf.timeout])
        }
        return batch
    }

    @Test func everyLevelOfADeepTreeIsClosedWhereItBegan() {
        #expect(
            ErrorReport(Self.nested(levels: 6), limits: .init(maximumWidth: 2)).text == """
                Batch
                  ├─ Batch
                  │    ├─ Batch
                  │    │    ├─ Batch
                  │    │    │    ├─ Batch
                  │    │    │    │    ├─ Batch
                  │    │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    │    └─ … 1 more not shown (width limit 2)
                  │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    └─ … 2 more not shown (width limit 2)
                  │    │    │    ├─ Leaf.timeout
                  │    │    │    └─ … 2 more not shown (width limit 2)
                  │    │    ├─ Leaf.timeout
                  │    │    └─ … 2 more not shown (width limit 2)
                  │    ├─ Leaf.timeout
                  │    └─ … 2 more not shown (width limit 2)
                  ├─ Leaf.timeout
                  └─ … 2 more not shown (width limit 2)
                """
        )
    }

    @Test func aSecondDeepBranchReusesTheFramesOfTheFirst() {
        let tree = Batch(failures: [Self.nested(levels: 5), Self.nested(levels: 5)])
        #expect(
            ErrorReport(tree, limits: .init(maximumWidth: 2)).text == """
                Batch
                  ├─ Batch
                  │    ├─ Batch
                  │    │    ├─ Batch
                  │    │    │    ├─ Batch
                  │    │    │    │    ├─ Batch
                  │    │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    │    └─ … 1 more not shown (width limit 2)
                  │    │    │    │    ├─ Leaf.timeout
                  │    │    │    │    └─ … 2 more not shown (width limit 2)
                  │    │    │    ├─ Leaf.timeout
                  │    │    │    └─ … 2 more not shown (width limit 2)
                  │    │    ├─ Leaf.timeout
                  │    │    └─ … 2 more not shown (width limit 2)
                  │    ├─ Leaf.timeout
                  │    └─ … 2 more not shown (width limit 2)
                  └─ Batch
                       ├─ Batch
                       │    ├─ Batch
                       │    │    ├─ Batch
                       │    │    │    ├─ Batch
                       │    │    │    │    ├─ Leaf.timeout
                       │    │    │    │    ├─ Leaf.timeout
                       │    │    │    │    └─ … 1 more not shown (width limit 2)
                       │    │    │    ├─ Leaf.timeout
                       │    │    │    └─ … 2 more not shown (width limit 2)
                       │    │    ├─ Leaf.timeout
                       │    │    └─ … 2 more not shown (width limit 2)
                       │    ├─ Leaf.timeout
                       │    └─ … 2 more not shown (width limit 2)
                       ├─ Leaf.timeout
                       └─ … 2 more not shown (width limit 2)
                """
        )
    }

    /// Without its escape codes, the coloured report is the plain one: numbers of one and two digits,
    /// attributes after each.
    @Test func thePlainLinesAreTheColouredOnesWithoutTheirCodes() throws {
        let missing = DecodingError.keyNotFound(
            Key(stringValue: "temp"),
            .init(codingPath: [Key(stringValue: "days")], debugDescription: "No temp."))
        let chain = TreeFixtures.LinkError.chain(count: 12, end: missing)
        defer { chain.dismantle() }
        let report = ErrorReport(chain)
        let codes = try Regex("\u{1B}\\[[0-9;]*m")
        let coloured = report.ansiText(environment: [:])
        #expect(coloured.contains("\u{1B}["))
        #expect(coloured.replacing(codes, with: "") == report.text)
        #expect(report.text.contains("\n      coding path: days\n"))
        #expect(report.text.contains("\n  10: "))
    }
}
