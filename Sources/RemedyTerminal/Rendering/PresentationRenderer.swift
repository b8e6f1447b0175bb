import Foundation
import Remedy

/// Turns presentations into the text the terminal presenter writes, decorated or narrated.
///
/// Decorated (the default): an alert is a block open on the right, so an unbreakable URL or a
/// mismeasured glyph can never break the frame:
///
/// ```text
/// ╭─ ⚠ Service Unavailable ──────────────────
/// │ A service the app needs can't be reached
/// │ right now. Try again in a moment.
/// │
/// │ HTTP 500 from http://127.0.0.1:8080/feed
/// ╰──────────────────────────────────────────
///   1) Try Again [t] (default)
///   2) Cancel [c]
/// ```
///
/// An error about fields lists each field under the message (`Presentation.fieldErrors`), wrapped like
/// the message, continued under its text:
///
/// ```text
/// │ Some of the information entered can't be
/// │ used. Check it and try again.
/// │   • email: Enter an email address with an
/// │     @.
/// ```
///
/// Narrated: the same parts in labelled lines, not wrapped, with no symbols or colour.
package struct PresentationRenderer: Sendable {
    /// Limits that keep a huge text from flooding the terminal (characters, before wrapping).
    package enum Limit {
        package static let title = 200
        package static let message = 4_000
        package static let detail = 2_000
        package static let optionTitle = 100
        package static let answer = 60
        package static let fieldErrors = 20
        package static let fieldName = 100
        package static let fieldMessage = 500
    }

    package var appearance: TerminalAppearance
    package var localization: Localization

    package init(appearance: TerminalAppearance, localization: Localization) {
        self.appearance = appearance
        self.localization = localization
    }

    // MARK: - Alerts

    /// The alert's block and its options, ending in a newline (the prompt follows).
    package func alert(_ presentation: Presentation, prompt: OptionPrompt) -> String {
        let texts = Texts(presentation)
        var lines = appearance.isNarrated ? narratedBlock(presentation, texts) : decoratedBlock(presentation, texts)
        lines += optionLines(prompt)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The prompt line, without a newline: the answer is typed after it.
    package func promptLine(_ prompt: OptionPrompt) -> String {
        let text: String
        if let entry = prompt.defaultEntry, prompt.entries.count == 1 {
            // One option: there is nothing to choose, only to acknowledge.
            text = localization.string(forKey: "terminal.prompt.only", optionTitle(entry.option))
        } else if let entry = prompt.defaultEntry {
            text = localization.string(forKey: "terminal.prompt.default", optionTitle(entry.option))
        } else {
            text = localization.string(forKey: "terminal.prompt")
        }
        if appearance.isNarrated { return text + " " }
        // The answer is typed after the last line; one column stays free for the cursor.
        let lines = TextWrapper(width: appearance.lineWidth - 1).wrap(text).nonEmpty
        return lines.map { style(.bold, $0) }.joined(separator: "\n") + " "
    }

    /// An answer written after the prompt (for answers that don't echo by themselves).
    package func echo(_ answer: String) -> String {
        TerminalText.printable(answer, limit: Limit.answer, keepsNewlines: false) + "\n"
    }

    /// The notice for an answer that fits no option.
    package func invalidAnswer(_ answer: String) -> String {
        let shown = TerminalText.printable(answer, limit: Limit.answer, keepsNewlines: false)
        return notice(localization.string(forKey: "terminal.answer.invalid", shown), style: .yellow)
    }

    /// Why an option was chosen without an answer.
    package enum FallbackReason: Sendable {
        /// The input ended.
        case endOfInput
        /// Nobody can answer (standard input isn't a terminal).
        case noTerminal
        /// Too many answers in a row fit no option.
        case tooManyInvalidAnswers

        var key: String {
            switch self {
            case .endOfInput: "terminal.answer.endOfInput"
            case .noTerminal: "terminal.answer.noTerminal"
            case .tooManyInvalidAnswers: "terminal.answer.tooManyInvalid"
            }
        }
    }

    /// The notice that says which option was chosen for the person, and why.
    package func fallback(_ option: RecoveryOption, reason: FallbackReason) -> String {
        notice(localization.string(forKey: reason.key, optionTitle(option)), style: .dim)
    }

    /// The notice that the question was withdrawn (the waiting task was cancelled).
    package func cancelled() -> String {
        notice(localization.string(forKey: "terminal.answer.cancelled"), style: .dim)
    }

    // MARK: - Banners

    /// A banner: one line (wrapped only when longer than the terminal) with a severity mark, and the list of
    /// field errors under it when there are any.
    package func banner(_ presentation: Presentation) -> String {
        let texts = Texts(presentation)
        var sentence = localization.string(forKey: "terminal.banner", texts.title, texts.message.flattened)
        if let occurrences = occurrences(presentation) { sentence += " " + occurrences }
        sentence += " (" + reference(presentation) + ")"
        if appearance.isNarrated {
            let lines = [heading(presentation.severity, sentence)] + texts.fieldErrors.map(fieldErrorText)
            return lines.joined(separator: "\n") + "\n"
        }
        let width = appearance.lineWidth - 2
        let lines = TextWrapper(width: width).wrap(sentence).nonEmpty
        let mark = style(severityStyle(presentation.severity), Self.mark(for: presentation.severity))
        let bannerLines = lines.enumerated().map { index, line in (index == 0 ? mark + " " : "  ") + line }
        return (bannerLines + fieldErrorLines(texts, width: width)).joined(separator: "\n") + "\n"
    }

    // MARK: - Decorated

    private func decoratedBlock(_ presentation: Presentation, _ texts: Texts) -> [String] {
        let width = appearance.lineWidth
        let frame = severityStyle(presentation.severity)
        let bar = style(frame, "│")
        var lines: [String] = []

        // The title: "╭─ ⚠ Title ─────", continued under the title when it wraps. It wraps early enough
        // that a rule of at least two columns follows its first line, so the frame shows at any width.
        let titleLines = TextWrapper(width: width - 8).wrap(texts.title).nonEmpty
        let mark = Self.mark(for: presentation.severity)
        for (index, line) in titleLines.enumerated() {
            if index == 0 {
                let rest = width - 5 - DisplayWidth.of(line) - 1
                let rule = rest >= 2 ? " " + String(repeating: "─", count: rest) : ""
                lines.append(style(frame, "╭─ " + mark) + " " + style(.bold, line) + style(frame, rule))
            } else {
                lines.append(bar + "    " + style(.bold, line))
            }
        }

        var paragraphs: [(text: String, style: ANSIStyle)] = [(texts.message, .plain)]
        let fieldLines = fieldErrorLines(texts, width: width - 2)
        if let detail = texts.detail { paragraphs.append((detail, .dim)) }
        if let occurrences = occurrences(presentation) { paragraphs.append((occurrences, .dim)) }
        paragraphs.append((reference(presentation), .dim))
        if presentation.severity == .fatal {
            paragraphs.append((localization.string(forKey: "terminal.fatal.next"), .bold))
        }
        let wrapper = TextWrapper(width: width - 2)
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append(bar) }
            for line in wrapper.wrap(paragraph.text) {
                lines.append(line.isEmpty ? bar : bar + " " + style(paragraph.style, line))
            }
            // The fields belong to the message: listed right under it.
            if index == 0 { lines += fieldLines.map { bar + " " + $0 } }
        }
        lines.append(style(frame, "╰" + String(repeating: "─", count: width - 1)))
        return lines
    }

    private func decoratedOptionLines(_ prompt: OptionPrompt) -> [String] {
        let width = appearance.lineWidth
        let defaultEntry = prompt.defaultEntry
        var lines: [String] = []
        for entry in prompt.entries {
            let number = "\(entry.number))"
            let indent = 3 + number.count
            var label = optionTitle(entry.option)
            if let key = entry.key { label += " [\(key)]" }
            var notes: [String] = []
            if let defaultEntry, defaultEntry.number == entry.number {
                notes.append(localization.string(forKey: "terminal.option.default"))
            }
            if entry.option.role == .destructive {
                notes.append(localization.string(forKey: "terminal.option.destructive"))
            }
            let noteText = notes.isEmpty ? "" : " (" + notes.joined(separator: separator) + ")"
            let titleStyle: ANSIStyle =
                switch entry.option.role {
                case .destructive: .boldRed
                case .recommended: .bold
                case .normal, .cancel: .plain
                }
            let wrapped = TextWrapper(width: width - indent).wrap(label + noteText)
            for (index, line) in wrapped.enumerated() {
                let prefix = index == 0 ? "  " + style(.cyan, number) + " " : String(repeating: " ", count: indent)
                lines.append(prefix + styleOption(line, label: label, titleStyle: titleStyle))
            }
        }
        return lines
    }

    /// Styles one wrapped line of an option: the title part in the role's style, notes dimmed.
    private func styleOption(_ line: String, label: String, titleStyle: ANSIStyle) -> String {
        guard appearance.usesColor else { return line }
        if line.hasPrefix(label) {
            return style(titleStyle, label) + style(.dim, line.dropFirst(label.count))
        }
        return style(titleStyle, line)
    }

    // MARK: - Narrated

    private func narratedBlock(_ presentation: Presentation, _ texts: Texts) -> [String] {
        var lines = [heading(presentation.severity, texts.title)]
        lines += texts.message.paragraphs
        lines += texts.fieldErrors.map(fieldErrorText)
        if let detail = texts.detail {
            lines += detail.paragraphs.map { localization.string(forKey: "terminal.detail", $0) }
        }
        if let occurrences = occurrences(presentation) { lines.append(occurrences) }
        lines.append(reference(presentation))
        if presentation.severity == .fatal {
            lines.append(localization.string(forKey: "terminal.fatal.next"))
        }
        return lines
    }

    private func narratedOptionLines(_ prompt: OptionPrompt) -> [String] {
        let defaultEntry = prompt.defaultEntry
        return prompt.entries.map { entry in
            var notes: [String] = []
            if let key = entry.key {
                notes.append(localization.string(forKey: "terminal.option.key", String(key)))
            }
            if let defaultEntry, defaultEntry.number == entry.number {
                notes.append(localization.string(forKey: "terminal.option.default"))
            }
            if entry.option.role == .destructive {
                notes.append(localization.string(forKey: "terminal.option.destructive"))
            }
            var line = localization.string(
                forKey: "terminal.option.narrated", String(entry.number), optionTitle(entry.option))
            if !notes.isEmpty { line += " (" + notes.joined(separator: separator) + ")" }
            return line
        }
    }

    // MARK: - Parts

    private func optionLines(_ prompt: OptionPrompt) -> [String] {
        appearance.isNarrated ? narratedOptionLines(prompt) : decoratedOptionLines(prompt)
    }

    private var separator: String {
        localization.string(forKey: "terminal.list.separator")
    }

    private func heading(_ severity: Severity, _ text: String) -> String {
        localization.string(forKey: "terminal.heading", severityName(severity), text)
    }

    private func severityName(_ severity: Severity) -> String {
        localization.string(forKey: "terminal.severity.\(severity)")
    }

    private func occurrences(_ presentation: Presentation) -> String? {
        guard presentation.occurrences > 1 else { return nil }
        return localization.string(forKey: "terminal.occurrences", String(presentation.occurrences))
    }

    /// "Reference 7KQ2-9F3A": what a person reads out to support, and what the log lines carry.
    private func reference(_ presentation: Presentation) -> String {
        presentation.supportReference.label(in: localization)
    }

    /// "email: Enter an email address with an @.", in the presentation's language; the message alone for an
    /// error of the whole input.
    private func fieldErrorText(_ fieldError: (name: String, message: String)) -> String {
        fieldError.name.isEmpty
            ? fieldError.message
            : localization.string(forKey: "presentation.fieldError", fieldError.name, fieldError.message)
    }

    /// The field errors as a list: "  • email: Enter an email address…", each wrapped to `width` and
    /// continued under its text.
    private func fieldErrorLines(_ texts: Texts, width: Int) -> [String] {
        let wrapper = TextWrapper(width: max(1, width - 4))
        var lines: [String] = []
        for fieldError in texts.fieldErrors {
            for (index, line) in wrapper.wrap(fieldErrorText(fieldError)).nonEmpty.enumerated() {
                lines.append((index == 0 ? "  • " : "    ") + line)
            }
        }
        return lines
    }

    private func optionTitle(_ option: RecoveryOption) -> String {
        TerminalText.printable(option.title, limit: Limit.optionTitle, keepsNewlines: false)
    }

    private func notice(_ text: String, style noticeStyle: ANSIStyle) -> String {
        if appearance.isNarrated { return text + "\n" }
        return TextWrapper(width: appearance.lineWidth).wrap(text)
            .map { style(noticeStyle, $0) }
            .joined(separator: "\n") + "\n"
    }

    private func style(_ ansi: ANSIStyle, _ text: some StringProtocol) -> String {
        ansi.apply(to: text, enabled: appearance.usesColor && !appearance.isNarrated)
    }

    private func severityStyle(_ severity: Severity) -> ANSIStyle {
        switch severity {
        case .minor: .cyan
        case .major: .yellow
        case .critical: .red
        case .fatal: .boldRed
        }
    }

    /// The mark drawn before a title: ℹ minor, ⚠ major, ✖ critical and fatal. All three are one column
    /// wide in text presentation.
    package static func mark(for severity: Severity) -> String {
        switch severity {
        case .minor: "ℹ"
        case .major: "⚠"
        case .critical, .fatal: "✖"
        }
    }

    /// The presentation's texts, sanitized and shortened for the terminal.
    private struct Texts {
        let title: String
        let message: String
        let detail: String?
        /// Each field's name (its path joined by `.`) and message, on one line each.
        let fieldErrors: [(name: String, message: String)]

        init(_ presentation: Presentation) {
            title = TerminalText.printable(presentation.title, limit: Limit.title, keepsNewlines: false)
            message = TerminalText.printable(presentation.message, limit: Limit.message)
            detail = presentation.detail.map { TerminalText.printable($0, limit: Limit.detail) }
            fieldErrors = presentation.fieldErrors.prefix(Limit.fieldErrors).map { fieldError in
                (
                    TerminalText.printable(
                        fieldError.path.joined(separator: "."), limit: Limit.fieldName, keepsNewlines: false),
                    TerminalText.printable(fieldError.message, limit: Limit.fieldMessage, keepsNewlines: false)
                )
            }
        }
    }
}

extension [String] {
    /// The lines, or one empty line when there are none, so a frame or mark is always drawn.
    fileprivate var nonEmpty: [String] {
        isEmpty ? [""] : self
    }
}

extension String {
    /// The non-blank lines of a text, trimmed.
    fileprivate var paragraphs: [String] {
        split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The text on one line: newlines become spaces.
    fileprivate var flattened: String {
        paragraphs.joined(separator: " ")
    }
}
