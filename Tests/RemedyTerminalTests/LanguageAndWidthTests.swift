import Foundation
import Remedy
import RemedyTerminal
import Testing

/// The presenter writes in the presentation's language, offers keys a keyboard types, and keeps its
/// frame at narrow widths.
@Suite(.timeLimit(.minutes(10)))
struct LanguageAndWidthTests {
    private func present(_ presentation: Presentation, columns: Int = 80, localization: Localization? = nil) async
        -> String
    {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: .answers([]),
            output: output,
            appearance: TerminalAppearance(columns: columns),
            localization: localization
        )
        _ = await presenter.present(presentation)
        return output.text
    }

    private func failure(_ localization: Localization, title: String? = nil) -> Presentation {
        Presentation(
            title: title, message: "", options: [.retry], category: .externalSystemUnavailable,
            error: MessageError("x"), localization: localization)
    }

    @Test func thePresenterWritesInThePresentationsLanguageWithoutBeingTold() async {
        let text = await present(failure(Localization(language: "de")))
        #expect(text.contains("Wähle eine Option"))
        #expect(text.contains("  1) Erneut versuchen [e] (Standard)"))
    }

    @Test func anExplicitLocalizationStillOverrides() async {
        let text = await present(failure(Localization(language: "de")), localization: Localization(language: "fr"))
        #expect(text.contains("(par défaut)") || text.contains("Choisissez"))
        #expect(!text.contains("Wähle eine Option"))
    }

    @Test func japaneseOptionsAreChosenByNumberWithoutKanaKeys() async {
        let text = await present(failure(Localization(language: "ja")))
        #expect(text.contains("  1) 再試行") || text.contains("  1) "))
        #expect(!text.contains("[再]") && !text.contains("[キ]"))
        #expect(!text.contains(" ["))
    }

    @Test(arguments: [20, 40, 80])
    func alertTitlesWrapAtWordsAndKeepTheFrame(columns: Int) async {
        let text = await present(failure(.english, title: "Data Can't Be Read From The Disk"), columns: columns)
        let lines = text.split(separator: "\n").map(String.init)
        let top = lines[0]
        #expect(top.hasPrefix("╭─ "))
        #expect(top.hasSuffix("──"), "the top rule is cut: \(top)")
        for line in lines {
            #expect(DisplayWidthProbe.columns(line) <= columns, "\(line) is wider than \(columns)")
        }
        let titleWords = lines.prefix { !$0.hasPrefix("│ ") || $0.hasPrefix("│    ") }
            .joined(separator: " ").replacingOccurrences(of: "─", with: " ")
        #expect(titleWords.contains("Data") && titleWords.contains("Disk"))
        #expect(!text.contains("Dat\n") && !text.contains("Can'\n"))
    }
}

/// Columns of simple test lines: every character here is one column wide.
enum DisplayWidthProbe {
    static func columns(_ line: String) -> Int { line.count }
}
