import Foundation
import Remedy
import Testing

/// The byte-level fast paths for option titles and enum case names give exactly what the
/// character-level definitions give.
struct TextFastPathTests {
    static let titles: [String] = [
        "", " ", "\n", "\r\n", "OK", "ok", "Try Again", "  Try Again \n", "\tCANCEL\r\n", "\u{0B}\u{0C}Open\u{0C}",
        "Mixed Case 42!", "already lower", "A", " a ", "ÄRGER", " Straße ", "İstanbul", "e\u{301}", "E\u{301}",
        "\u{00A0}OK\u{00A0}", "OK\u{3000}", "\u{2003}Cancel", "\u{85}OK", "OK\u{2028}", "\u{1C}OK\u{1F}",
        "😀 Smile", " \u{1F1E9}\u{1F1EA} ", "ΣΊΣΥΦΟΣ", "Ǆ", "ﬀ", "\u{200B}OK\u{200B}", "\u{0}OK\u{7F}",
    ]

    @Test(arguments: titles)
    func titleIdentityIsTrimmedAndLowercased(_ title: String) {
        #expect(title.titleIdentity == title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    @Test func titleIdentityMatchesForEveryASCIIByteAnywhere() {
        for value in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(value))
            for title in [character, " \(character)X\(character) ", "\(character)\(character)", "Ab\(character)cD"] {
                #expect(title.titleIdentity == title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
            }
        }
    }

    @Test(arguments: titles + [" \u{301}", "\t\u{301}x", "\u{2003}", " \u{200D}", "\u{85}\u{A0}"])
    func blankMeansOnlyWhiteSpaceCharacters(_ text: String) {
        #expect(text.isBlank == text.allSatisfy(\.isWhitespace))
    }

    @Test func blankMatchesForEveryASCIIByteAnywhere() {
        for value in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(value))
            for text in [character, " \(character) ", "\(character)\u{301}", "\r\n\(character)"] {
                #expect(text.isBlank == text.allSatisfy(\.isWhitespace))
            }
        }
    }

    static let caseNames: [(description: String, name: String)] = [
        ("", ""), ("timeout", "timeout"), ("invalid(42)", "invalid"), ("(", ""), ("a(b(c))", "a"),
        ("download(Remedy.ServiceError.parsing(…))", "download"), ("café(1)", "café"), ("e\u{301}(1)", "e\u{301}"),
        ("x(\u{301}y)z(1)", "x"), ("🚀(1)", "🚀"), ("Ünïcode", "Ünïcode"), ("a(😀)", "a"),
    ]

    @Test(arguments: caseNames)
    func caseNameIsWhatComesBeforeTheFirstParenthesis(_ pair: (description: String, name: String)) {
        #expect(NodeFacts.caseName(fromDescription: pair.description) == pair.name)
    }
}
