import Foundation
import Testing

/// The demo in each of its six languages: every word a person reads — menu, scenario titles and
/// summaries, narration, the demo's own errors and options — comes from the language's table, with no
/// English left where a translation exists; `--plain` keeps to ASCII symbols; every line fits the width.
@Suite(.timeLimit(.minutes(10)))
struct LanguageTests {
    static let translated = ["de", "es", "fr", "ja", "zh-Hans"]

    /// Each scenario with answers that walk its longest path (and the menu, with no arguments).
    static let runs: [[String]] = [
        [],
        ["feed", "--answer", "recommended"],
        ["storage", "--answer", "recommended"],
        ["forecast", "--answer", "ok", "--answer", "cancel"],
        ["unauthorized", "--answer", "recommended"],
        ["wrapping", "--answer", "recommended"],
        ["validation", "--answer", "ok", "--answer", "ok"],
        ["fatal", "--answer", "ok"],
        ["storm", "--answer", "cancel"],
        ["offline", "--answer", "cancel"],
    ]

    /// A language's table of the demo's words, from the package's sources.
    static func table(_ language: String) throws -> [String: String] {
        let url = ReadmeTranscriptTests.packageRoot
            .appendingPathComponent("Examples/remedy-demo/Resources/\(language).lproj/Demo.strings")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: String])
    }

    /// The English phrases that mustn't show in a language: of each English text that language
    /// translates differently, its longest run of words between placeholders.
    static func englishPhrases(absentFrom language: String) throws -> [String] {
        let english = try table("en")
        let translation = try table(language)
        var phrases = ["Choose an option", "Handled errors", "Press Enter for", "Choose a scenario"]
        for (key, text) in english where translation[key] != nil && translation[key] != text {
            let longest = text.split(separator: #/%(\d\$)?@/#).map(String.init).max { $0.count < $1.count }
            if let longest, longest.count >= 10 { phrases.append(longest) }
        }
        return phrases
    }

    @Test func everyLanguageHasEveryKey() throws {
        let keys = Set(try Self.table("en").keys)
        #expect(keys.count > 100)
        for language in Self.translated {
            let translation = try Self.table(language)
            #expect(Set(translation.keys) == keys, "\(language) differs from English")
        }
    }

    @Test(arguments: translated, runs)
    func noEnglishIsLeftWhereATranslationExists(language: String, arguments: [String]) async throws {
        let run = try await DemoProcess.run(arguments + ["--language", language])
        #expect(run.status == (arguments.first == "fatal" ? 1 : 0))
        let words = try Self.table(language)
        let expected = arguments.first.map { words["demo.\($0).title"] ?? $0 } ?? words["demo.menu.title"]
        let title = try #require(expected)
        #expect(run.stdout.contains(title))
        for phrase in try Self.englishPhrases(absentFrom: language) {
            #expect(!run.all.contains(phrase), "English in \(language): \(phrase)")
        }
    }

    @Test(arguments: ["en"] + translated)
    func plainWritesNoSymbols(language: String) async throws {
        for arguments in [["wrapping", "--answer", "recommended"], ["forecast", "--answer", "ok"]] {
            let run = try await DemoProcess.run(arguments + ["--plain", "--language", language])
            #expect(run.status == 0)
            let symbols = run.all.filter { "▸✓↻•°—–“”„«»’…╭╰│ℹ⚠✖".contains($0) }
            #expect(symbols.isEmpty, "symbols under --plain in \(language): \(symbols)")
            if language == "en" {
                #expect(run.all.unicodeScalars.allSatisfy { $0.isASCII })
            }
        }
    }

    @Test func termDumbIsASCIIOnly() async throws {
        let run = try await DemoProcess.run(["forecast", "--answer", "ok"], environment: ["TERM": "dumb"])
        #expect(run.status == 0)
        let nonASCII = String(String.UnicodeScalarView(run.all.unicodeScalars.filter { !$0.isASCII }))
        #expect(nonASCII.isEmpty, "non-ASCII under TERM=dumb: \(nonASCII)")
        #expect(run.stdout.contains("OK: Showing Lisbon, 21.5 C, Sunny"))
    }

    @Test(arguments: ["en"] + translated, [20, 40, 80])
    func everyLineFitsTheWidth(language: String, columns: Int) async throws {
        let environment = ["COLUMNS": "\(columns)"]
        for arguments in [[], ["forecast", "--answer", "1"], ["storage", "--answer", "3"]] {
            let run = try await DemoProcess.run(arguments + ["--language", language], environment: environment)
            #expect(run.status == 0)
            // Two things are not the demo's to lay out: a URL, which is never split (TextWrapper), and the
            // answer typed after a prompt, which leaves it one column for the cursor.
            for line in run.all.split(separator: "\n") where !line.contains("://") {
                let typed = arguments.last.map { line.hasSuffix(" " + $0) ? $0.count + 1 : 0 } ?? 0
                #expect(
                    Self.displayWidth(line.dropLast(typed)) <= columns, "wider than \(columns) in \(language): \(line)")
            }
        }
    }

    @Test(arguments: [30, 40, 50, 60])
    func japaneseNarrationFillsLinesAndNeverStartsOneWithClosingPunctuation(columns: Int) async throws {
        let run = try await DemoProcess.run(
            ["fatal", "--answer", "ok", "--language", "ja"], environment: ["COLUMNS": "\(columns)"])
        let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.allSatisfy { !"）。、」".contains($0.first ?? " ") }, "\(lines)")
        // The explanation's words between spaces fill each line: no line of it ends far short of the width.
        let explanation = try #require(try Self.table("ja")["demo.fatal.explanation"])
        let start = try #require(lines.firstIndex { explanation.hasPrefix($0) && !$0.isEmpty })
        #expect(Self.displayWidth(Substring(lines[start])) >= columns - 6, "\(lines[start])")
    }

    @Test func narrationNumbersFollowTheLocale() async throws {
        let german = try await DemoProcess.run(
            ["offline", "--answer", "cancel", "--language", "de"], environment: ["LANG": "de_DE.UTF-8"])
        let delays = german.stdout.matches(of: /in ([0-9]+[.,][0-9]+) s/).map { String($0.1) }
        #expect(!delays.isEmpty, "\(german.stdout)")
        #expect(delays.allSatisfy { $0.contains(",") }, "\(delays)")
        let forecast = try await DemoProcess.run(
            ["forecast", "--answer", "1", "--language", "de"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(forecast.stdout.contains("21,5 °C"))
    }

    /// Columns a line takes on a terminal: East Asian wide characters take two.
    static func displayWidth(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide =
                (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value)
            return width + (wide ? 2 : 1)
        }
    }
}
