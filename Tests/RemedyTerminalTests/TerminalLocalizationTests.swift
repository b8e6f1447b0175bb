import Foundation
import Remedy
import RemedyTerminal
import Testing

@Suite(.timeLimit(.minutes(10)))
struct TerminalLocalizationTests {
    static let terminalKeys = Localization.allKeys.filter { $0.hasPrefix("terminal.") }.sorted()

    @Test func englishHasTheTerminalTexts() {
        #expect(Self.terminalKeys.count >= 20)
        #expect(Self.terminalKeys.contains("terminal.prompt.default"))
    }

    @Test(arguments: Localization.supportedLanguages)
    func everyLanguageHasEveryTerminalTextWithTheSamePlaceholders(language: String) {
        let localization = Localization(locale: Locale(identifier: language))
        let english = Localization.english
        for key in Self.terminalKeys {
            #expect(localization.hasOwnText(forKey: key), "\(language) lacks \(key)")
            let text = localization.string(forKey: key)
            #expect(placeholders(in: text) == placeholders(in: english.string(forKey: key)), "\(language) \(key)")
        }
    }

    @Test func germanPromptReadsGerman() async {
        let output = RecordingOutput()
        let german = Localization(locale: Locale(identifier: "de"))
        let presenter = TerminalPresenter(
            input: .answers([]),
            output: output,
            appearance: TerminalAppearance(columns: 100),
            localization: german
        )
        let presentation = Presentation(
            title: nil,
            message: "",
            options: [.retry],
            category: .externalSystemUnavailable,
            error: MessageError("x"),
            localization: german
        )
        let chosen = await presenter.present(presentation)
        #expect(chosen?.title == "Abbrechen")
        #expect(output.text.contains("  1) Erneut versuchen [e] (Standard)"))
        #expect(output.text.contains("Wähle eine Option (Eingabetaste für „Erneut versuchen“):"))
        #expect(output.text.hasSuffix("Es kam keine Antwort, daher wurde „Abbrechen“ gewählt.\n"))
    }

    private func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "%") {
            let after = rest[range.upperBound...]
            let token = after.prefix { $0 != "@" && $0 != " " }
            found.append(String(token))
            rest = after.dropFirst(token.count)
        }
        return found.sorted()
    }
}
