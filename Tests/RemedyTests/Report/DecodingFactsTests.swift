import Foundation
import Testing

@testable import Remedy

/// A report reads a decoding error's kind, message, coding path and debug text from one look at it
/// (`NodeFacts.DecodingFacts`): the same as each fact read on its own.
@Suite(.timeLimit(.minutes(10)))
struct DecodingFactsTests {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    private static let path: [any CodingKey] = [Key(stringValue: "days"), Key(intValue: 0)]

    private static let errors: [DecodingError] = [
        .keyNotFound(Key(stringValue: "temp"), .init(codingPath: path, debugDescription: "No value for \"temp\".")),
        .valueNotFound(Int.self, .init(codingPath: path, debugDescription: "   ")),
        .typeMismatch(String.self, .init(codingPath: [], debugDescription: "Expected a string.")),
        .dataCorrupted(.init(codingPath: [], debugDescription: "", underlyingError: CocoaError(.fileReadCorruptFile))),
    ]

    @Test(arguments: errors.indices)
    func oneLookReadsWhatEachFactReads(_ index: Int) throws {
        let error: any Error = Self.errors[index]
        let info = ErrorTypeInfo.of(error)
        let facts = try #require(NodeFacts.DecodingFacts(of: error, info: info))
        #expect(facts.kind == NodeFacts.kind(of: error, info: info, caseLabel: nil))
        #expect(facts.message == NodeFacts.message(of: error, info: info))
        #expect(facts.codingPath == ErrorTree.codingPath(of: error, info: info))
        #expect(facts.debugText == NodeFacts.debugText(of: error, info: info, isLeaf: true))
        #expect(facts.debugText == NodeFacts.debugText(of: error, info: info, isLeaf: false))
        if let (reason, suggestion) = facts.reasonAndSuggestion {
            let separate = NodeFacts.reasonAndSuggestion(of: error, info: info)
            #expect(reason == separate.0)
            #expect(suggestion == separate.1)
        }
    }

    @Test func aMissingKeyIsNamedInFull() {
        let error = DecodingError.keyNotFound(
            Key(stringValue: "température_maximale_du_jour"), .init(codingPath: [], debugDescription: ""))
        #expect(NodeFacts.describe(error) == "key 'température_maximale_du_jour' not found")
        #expect(
            NodeFacts.describe(.keyNotFound(Key(stringValue: ""), .init(codingPath: [], debugDescription: "")))
                == "key '' not found")
    }

    @Test func otherErrorsHaveNoDecodingFacts() {
        let errors: [any Error] = [
            CocoaError(.fileNoSuchFile), EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "x")),
            ContextError("Loading", wrapping: CocoaError(.fileNoSuchFile)),
        ]
        for error in errors {
            #expect(NodeFacts.DecodingFacts(of: error, info: ErrorTypeInfo.of(error)) == nil)
        }
    }
}
