import Foundation
import Remedy
import RemedyTerminal
import Testing

@Suite(.timeLimit(.minutes(10)))
struct AlertRenderingTests {
    static let url = "http://127.0.0.1:52311/feed/items?page=1&size=20"
    static let widths = [20, 40, 80, 200]

    /// Presents an alert once, answered with Enter, and returns what was written.
    func render(
        _ presentation: Presentation,
        columns: Int,
        usesColor: Bool = false,
        isNarrated: Bool = false,
        localization: Localization = .english
    ) async -> RecordingOutput {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: .answers([""]),
            output: output,
            appearance: TerminalAppearance(columns: columns, usesColor: usesColor, isNarrated: isNarrated),
            localization: localization
        )
        _ = await presenter.present(presentation)
        return output
    }

    func feedAlert() -> Presentation {
        makePresentation(
            detail: "HTTP 500 from \(Self.url)",
            options: [.retry, RecoveryOption(title: "Delete Downloads", role: .destructive) { .notRecovered }],
            occurrences: 3
        )
    }

    @Test(arguments: widths, [false, true])
    func everyLineFitsTheWidthExceptAnUnsplittableURL(columns: Int, usesColor: Bool) async {
        let output = await render(feedAlert(), columns: columns, usesColor: usesColor)
        let limit = min(columns, 100)
        for line in output.lines {
            let plain = line.withoutColor
            if plain.contains(Self.url) {
                #expect(plain.hasSuffix(Self.url))
            } else {
                #expect(DisplayWidth.of(plain) <= limit, "\(plain) is wider than \(limit)")
            }
        }
    }

    @Test(arguments: widths, [false, true])
    func blockIsFramedAndKeepsEveryWordInOrder(columns: Int, usesColor: Bool) async throws {
        let presentation = feedAlert()
        let lines = await render(presentation, columns: columns, usesColor: usesColor).lines.map(\.withoutColor)
        #expect(lines.first?.hasPrefix("╭─ ⚠ ") == true)
        let bottom = try #require(lines.firstIndex { $0.hasPrefix("╰") })
        // Title lines continue under the title, indented; the body follows them.
        let body = lines[1..<bottom].filter { !$0.hasPrefix("│    ") }
        #expect(body.allSatisfy { $0.hasPrefix("│") })
        let words = body.joined(separator: " ").split(separator: " ").filter { $0 != "│" }.map(String.init)
        let expected = (presentation.message + " HTTP 500 from \(Self.url) This happened 3 times. Reference 7KQ2-9F3A")
            .split(separator: " ").map(String.init)
        #expect(words == expected)
    }

    @Test(arguments: widths)
    func colourOnlyAddsEscapeSequences(columns: Int) async {
        let plain = await render(feedAlert(), columns: columns, usesColor: false).text
        let coloured = await render(feedAlert(), columns: columns, usesColor: true).text
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}["))
        #expect(coloured.withoutColor == plain)
    }

    @Test func alertAtFortyColumnsLooksLikeThis() async {
        let text = await render(feedAlert(), columns: 40).text
        let expected = """
            ╭─ ⚠ Service Unavailable ───────────────
            │ A service the app needs can't be
            │ reached right now. Try again in a
            │ moment.
            │
            │ HTTP 500 from
            │ http://127.0.0.1:52311/feed/items?page=1&size=20
            │
            │ This happened 3 times.
            │
            │ Reference 7KQ2-9F3A
            ╰───────────────────────────────────────
              1) Try Again [t] (default)
              2) Delete Downloads [d] (can't be
                 undone)
              3) Cancel [c]
            Choose an option (Enter for Try Again): \("")

            """
        #expect(text == expected)
    }

    @Test func colouredAlertMarksSeverityDefaultAndDestructiveOption() async {
        let text = await render(feedAlert(), columns: 80, usesColor: true).text
        #expect(text.contains("\u{1B}[33m╭─ ⚠\u{1B}[0m"))  // major: yellow frame
        #expect(text.contains("\u{1B}[1mService Unavailable\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1mTry Again [t]\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1;31mDelete Downloads [d]\u{1B}[0m"))
    }

    @Test func narratedAlertLabelsEveryPartAndDoesNotWrap() async {
        let text = await render(feedAlert(), columns: 20, usesColor: true, isNarrated: true).text
        let expected = """
            Error: Service Unavailable
            A service the app needs can't be reached right now. Try again in a moment.
            Details: HTTP 500 from \(Self.url)
            This happened 3 times.
            Reference 7KQ2-9F3A
            Option 1: Try Again (key t, default)
            Option 2: Delete Downloads (key d, can't be undone)
            Option 3: Cancel (key c)
            Choose an option (Enter for Try Again): \("")

            """
        #expect(text == expected)
    }

    @Test func occurrencesAreShownOnlyWhenMoreThanOne() async {
        let once = await render(makePresentation(occurrences: 1), columns: 80).text
        let twice = await render(makePresentation(occurrences: 2), columns: 80).text
        #expect(!once.contains("This happened"))
        #expect(twice.contains("This happened 2 times."))
    }

    @Test func fatalAlertSaysWhatHappensNext() async throws {
        let presentation = makePresentation(
            title: "Data Damaged",
            message: "The app's data is damaged and the app must close.",
            options: [],
            category: .internalInconsistency,
            severity: .fatal
        )
        let lines = await render(presentation, columns: 80).lines
        #expect(lines.first?.hasPrefix("╭─ ✖ Data Damaged") == true)
        let next = try #require(lines.firstIndex(of: "│ The program will now clean up and quit."))
        let message = try #require(lines.firstIndex(of: "│ The app's data is damaged and the app must close."))
        #expect(next > message)
        #expect(lines.contains("  1) OK [o] (default)"))
    }

    @Test func routeIsPresentedAsAnAlert() async {
        let presentation = makePresentation(
            title: "Sign In Required",
            message: "Your session has ended. Sign in again to continue.",
            options: [RecoveryOption(title: "Sign In", role: .recommended) { .recovered }],
            category: .authenticationRequired
        )
        #expect(presentation.style == .route)
        let lines = await render(presentation, columns: 80).lines
        #expect(lines.first?.hasPrefix("╭─ ✖ Sign In Required") == true)
        #expect(lines.contains("  1) Sign In [s] (default)"))
    }

    @Test func wideCharactersAreMeasuredAsTwoColumns() async {
        let japanese = Localization(locale: Locale(identifier: "ja"))
        let presentation = Presentation(
            title: nil,
            message: "アプリに必要なサービスに現在接続できません。しばらくしてからもう一度お試しください。🙂",
            options: [.retry],
            category: .externalSystemUnavailable,
            error: MessageError("x"),
            localization: japanese
        )
        let lines = await render(presentation, columns: 20, localization: japanese).lines
        #expect(lines.first?.hasPrefix("╭─ ⚠ サービス") == true)
        for line in lines {
            #expect(DisplayWidth.of(line) <= 20, "\(line)")
            #expect(!line.hasPrefix("│ 。") && !line.hasPrefix("│ 、"))
        }
        let body = lines.filter { $0.hasPrefix("│ ") && !$0.hasPrefix("│    ") }.map { $0.dropFirst(2) }.joined()
        // The message, then its reference ("お問い合わせ番号 …"), whose space the wrapping took.
        let reference = presentation.supportReference.label(in: japanese).replacingOccurrences(of: " ", with: "")
        #expect(body == presentation.message + reference)
    }

    @Test func escapeSequencesFromErrorTextsAreDefused() async {
        let presentation = makePresentation(
            title: "Bad\u{1B}[2J Title\u{7}",
            message: "Line one\r\nLine two\tend \u{1B}]0;pwned\u{7}",
            detail: "detail\u{0}"
        )
        let text = await render(presentation, columns: 80).text
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{7}"))
        #expect(!text.contains("\u{0}"))
        #expect(text.contains("Bad[2J Title"))
        #expect(text.contains("│ Line one\n│ Line two end ]0;pwned\n"))
    }

    @Test func bidirectionalOverridesInAnyTextAreShownEscaped() async {
        let presentation = makePresentation(
            title: "Open \u{202E}txt.exe",
            message: "The file invoice\u{2066}gpj.exe\u{2069} is damaged.",
            detail: "Saved by \u{200F}admin"
        )
        let text = await render(presentation, columns: 80).text
        for scalar: Unicode.Scalar in ["\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}"] {
            #expect(!text.unicodeScalars.contains(scalar))
        }
        #expect(text.contains("Open \\u{202E}txt.exe"))
        #expect(text.contains("invoice\\u{2066}gpj.exe\\u{2069}"))
        #expect(text.contains("\\u{200F}admin"))
    }

    @Test func titleOfOnlyControlCharactersStillDrawsTheFrame() async {
        let presentation = makePresentation(title: "\u{1B}\u{7}", message: "\u{1B}")
        let lines = await render(presentation, columns: 40).lines
        #expect(lines.first?.hasPrefix("╭─ ⚠") == true)
        #expect(lines.contains { $0.hasPrefix("╰───") })
    }

    @Test func fiveMegabyteTextsAreShortened() async {
        let huge = String(repeating: "Lorem ipsum dolor sit amet, ", count: 5_000_000 / 28)
        let presentation = makePresentation(
            title: huge,
            message: huge,
            detail: huge,
            options: [RecoveryOption(title: huge, role: .recommended) { .recovered }]
        )
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: .answers([huge, "1"]),
            output: output,
            appearance: TerminalAppearance(columns: 80),
            localization: .english
        )
        let chosen = await presenter.present(presentation)
        #expect(chosen?.role == .recommended)
        #expect(output.text.utf8.count < 20_000)
        #expect(output.text.contains("…"))
    }

    @Test func aCombiningMarkStormIsShortened() async {
        let storm = "e" + String(repeating: "\u{301}", count: 1_000_000)
        let text = await render(makePresentation(message: storm), columns: 40).text
        #expect(text.utf8.count < 50_000)
    }

    @Test func manyOptionsAreNumberedWithoutKeysRunningOut() async {
        let options = (1...40).map { number in RecoveryOption(title: "Option \(number)") { .notRecovered } }
        let lines = await render(makePresentation(options: options), columns: 80).lines
        #expect(lines.contains("  1) Option 1 [o]"))
        #expect(lines.contains("  2) Option 2 [p]"))
        #expect(lines.contains("  5) Option 5 [n]"))
        #expect(lines.contains("  6) Option 6"))
        #expect(lines.contains("  41) Cancel [c]"))
    }
}
