import Foundation
import Remedy
import RemedyTerminal

/// A ``TerminalOutput`` that keeps everything written, for assertions.
final class RecordingOutput: TerminalOutput {
    private let written = LockedValue("")
    let isTerminal: Bool
    let terminalColumns: Int?

    init(isTerminal: Bool = false, terminalColumns: Int? = nil) {
        self.isTerminal = isTerminal
        self.terminalColumns = terminalColumns
    }

    func write(_ text: String) {
        written.withLock { $0 += text }
    }

    /// Everything written so far.
    var text: String {
        written.withLock { $0 }
    }

    /// Everything written so far on one line: wrapped notices read whole.
    var flattened: String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    /// The lines written so far, without the last line's missing newline.
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// A ``TerminalInput`` nobody can answer: standard input that isn't a terminal.
struct NoTerminalInput: TerminalInput {
    var canAnswer: Bool { false }
    var echoesAnswers: Bool { false }
    func readLine() async -> String? { nil }
}

/// A ``TerminalInput`` that waits for an answer until its task is cancelled.
struct NeverAnsweringInput: TerminalInput {
    var canAnswer: Bool { true }
    var echoesAnswers: Bool { true }
    func readLine() async -> String? {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        _ = continuation
        for await line in stream { return line }
        return nil
    }
}

/// A presentation built the way the root scope builds one, in English.
/// The reference of the presentations of ``makePresentation``, so renderings can be compared whole.
let fixedReference = SupportReference("7KQ2-9F3A")

func makePresentation(
    title: String? = "Service Unavailable",
    message: String = "A service the app needs can't be reached right now. Try again in a moment.",
    detail: String? = nil,
    options: [RecoveryOption] = [.retry],
    category: ErrorCategory = .externalSystemUnavailable,
    severity: Severity? = nil,
    style: PresentationStyle? = nil,
    occurrences: Int = 1,
    supportReference: SupportReference? = fixedReference
) -> Presentation {
    var presentation = Presentation(
        title: title,
        message: message,
        detail: detail,
        options: options,
        category: category,
        severity: severity,
        style: style,
        supportReference: supportReference,
        error: MessageError(message, category: category),
        localization: .english
    )
    presentation.occurrences = occurrences
    return presentation
}

extension Localization {
    static let english = Localization(locale: Locale(identifier: "en"))
}

extension String {
    /// The text without ANSI colour sequences.
    var withoutColor: String { ANSIStyle.stripped(self) }
}
