import Foundation
import Remedy
import RemedyTerminal
import Testing

/// The ANSI-coloured report and the NO_COLOR convention.
struct ErrorReportANSITests {
    let error = ContextError(
        "Syncing",
        wrapping: TreeFixtures.Batch(failures: [HTTPStatusError(status: 503), TreeFixtures.Leaf.timeout])
    )

    /// The text with every ANSI escape sequence taken out.
    private func stripped(_ text: String) -> String {
        var result = ""
        var inCode = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                inCode = true
            } else if inCode {
                if scalar == "m" { inCode = false }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func colouredTextIsThePlainTextWithEscapeCodes() {
        let report = ErrorReport(error)
        let coloured = report.ansiText(environment: [:])
        #expect(coloured != report.text)
        #expect(coloured.hasPrefix("\u{1B}[1;31mSyncing\u{1B}[0m\n"))
        #expect(coloured.contains("\u{1B}[33mCaused by:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[2mtype:\u{1B}[0m \u{1B}[36mHTTPStatusError\u{1B}[0m"))
        #expect(stripped(coloured) == report.text)
    }

    @Test(arguments: ["1", "true", "0", " "])
    func aNonEmptyNoColorSwitchesColoursOff(value: String) {
        let report = ErrorReport(error)
        let text = report.ansiText(environment: ["NO_COLOR": value, "TERM": "xterm-256color"])
        #expect(text == report.text)
        #expect(!text.contains("\u{1B}"))
    }

    @Test func anEmptyNoColorKeepsColours() {
        #expect(ErrorReport(error).ansiText(environment: ["NO_COLOR": ""]).contains("\u{1B}["))
        #expect(ErrorReport(error).ansiText(environment: [:]).contains("\u{1B}["))
    }

    @Test func escapeSequencesInsideMessagesNeverReachTheTerminal() {
        let hostile = TreeFixtures.Message("\u{1B}[2J\u{1B}]0;pwned\u{07}cleared")
        let plain = ErrorReport(hostile).text
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.hasPrefix(#"\u{1B}[2J\u{1B}]0;pwned\u{7}cleared"#))
        let coloured = ErrorReport(hostile).ansiText(environment: [:])
        // Only Remedy's own codes: each escape character starts a colour code of the report.
        #expect(
            coloured.components(separatedBy: "\u{1B}").dropFirst().allSatisfy { $0.first == "[" && $0.contains("m") })
        #expect(stripped(coloured) == plain)
    }
}
