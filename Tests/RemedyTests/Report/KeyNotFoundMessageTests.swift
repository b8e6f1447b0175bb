import Foundation
import Testing

@testable import Remedy

/// The message of a missing key is kept with the key's name after it is made, and reused when the same
/// name comes again: the text must be the one made from the name every time, whatever came before, from
/// any thread. Expected texts are interpolated here, not read from Remedy.
@Suite(.timeLimit(.minutes(10)))
struct KeyNotFoundMessageTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Another key type with the same names: the message depends on the name alone.
    enum OtherKey: String, CodingKey {
        case maximumTemperature
        case minimumTemperatureOfTheDay
    }

    static func missing(_ key: any CodingKey) -> DecodingError {
        .keyNotFound(key, .init(codingPath: [], debugDescription: ""))
    }

    @Test func namesInTurnEachGetTheirOwnMessage() {
        let names = ["maximumTemperature", "minimumTemperatureOfTheDay", "t", "", "maximumTemperature", "température"]
        for _ in 0..<3 {
            for name in names {
                #expect(NodeFacts.describe(Self.missing(Key(stringValue: name))) == "key '\(name)' not found")
            }
        }
    }

    @Test func canonicallyEquivalentNamesKeepTheirOwnBytes() {
        let composed = "temp\u{E9}rature_maximale"
        let decomposed = "tempe\u{301}rature_maximale"
        #expect(composed == decomposed)  // equal as Strings, not as bytes
        for name in [composed, decomposed, composed] {
            let message = NodeFacts.describe(Self.missing(Key(stringValue: name)))
            #expect(Array(message.utf8) == Array("key '".utf8) + Array(name.utf8) + Array("' not found".utf8))
        }
    }

    @Test func aNameFromAnotherKeyTypeReadsTheSame() {
        for key in [OtherKey.maximumTemperature, .minimumTemperatureOfTheDay] {
            let expected = "key '\(key.rawValue)' not found"
            #expect(NodeFacts.describe(Self.missing(Key(stringValue: key.rawValue))) == expected)
            #expect(NodeFacts.describe(Self.missing(key)) == expected)
            #expect(ErrorReport(Self.missing(key)).text.hasPrefix(expected + "\n"))
        }
    }

    @Test func threadsAskingForDifferentNamesEachGetTheirs() async {
        let names = (0..<8).map { "a key long enough to be allocated, number \($0)" }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for name in names {
                group.addTask {
                    var mismatches = 0
                    for _ in 0..<500
                    where NodeFacts.describe(Self.missing(Key(stringValue: name))) != "key '\(name)' not found" {
                        mismatches += 1
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
