import Remedy

/// Presents errors in a terminal: alerts as a framed block and a prompt, banners as one line.
///
/// - An **alert** (and a **route**, which a terminal can't show as a screen of its own) is a block with
///   the title, the wrapped message and the detail, followed by the options, each with a number and a
///   key (usually its initial; only a Latin letter, so titles in Japanese or Chinese are chosen by number). The recommended option is the default on Return; a destructive option
///   is marked in words and in red. An answer that fits no option asks again. When the input ends, or
///   nobody can answer because standard input isn't a terminal, the presenter picks the cancel option
///   (or the default when there is none) and says so.
/// - A **banner** is one line with a severity mark (ℹ minor, ⚠ major, ✖ critical and fatal); it asks
///   nothing and returns `nil` at once. A terminal's banners carry no buttons (``capabilities`` is
///   `[.alerts]`), so a minor failure that needs an answer reaches the presenter as an alert.
/// - Its own texts (prompts, labels, notices) are in the language the presentation was made in
///   (`Presentation.localization`, the root scope's), unless ``localization`` overrides it.
/// - A **fatal** error's alert ends with what happens next: the program cleans up and quits.
/// - When identical errors were coalesced, the count is shown.
///
/// Everything is written to standard error by default, so a tool's standard output stays clean. The
/// look follows the terminal (see ``TerminalAppearance``): colour only when wanted, lines wrapped to
/// its width without splitting URLs, wide characters and emoji measured as two columns, and a plain
/// narrated mode for screen readers and logs.
///
/// ```swift
/// let scope = ErrorScope.root(presenter: TerminalPresenter())
/// ```
///
/// A prompt in a terminal with colour off looks like this:
///
/// ```text
/// ╭─ ⚠ Service Unavailable ─────────────────────────────
/// │ A service the app needs can't be reached right now.
/// │ Try again in a moment.
/// ╰─────────────────────────────────────────────────────
///   1) Try Again [t] (default)
///   2) Cancel [c]
/// Choose an option (Enter for Try Again):
/// ```
///
/// The presenter prompts for one presentation at a time; the root scope's queue makes sure of that.
/// What needs no waiting (a banner, an alert nobody can answer) it answers at once
/// (``immediateAnswer(to:)``), so such a presentation never waits on the presenter timeout.
public struct TerminalPresenter: ErrorPresenter {
    /// Where answers are read.
    public var input: any TerminalInput
    /// Where everything is written.
    public var output: any TerminalOutput
    /// A fixed appearance, or `nil` to detect it from the environment and the output before each
    /// presentation (so a resized window is honoured).
    public var appearance: TerminalAppearance?
    /// The language of the presenter's own texts (prompts, labels, notices), or `nil` (the default) for
    /// the language each presentation was made in, which is the root scope's.
    public var localization: Localization?
    /// How many answers in a row may fit no option before the presenter stops asking and picks the
    /// fallback option, so an endless stream of wrong answers (`yes | tool`) can't hang a prompt.
    public var maximumInvalidAnswers: Int
    /// The prompt waiting for an answer, shared by copies of the presenter, so a banner that arrives
    /// meanwhile is written on a line of its own and the prompt is written again after it.
    private let waitingPrompt = LockedValue<String?>(nil)

    /// Creates a terminal presenter.
    ///
    /// - Parameters:
    ///   - input: Where answers are read. Default: standard input, read only when it is a terminal.
    ///   - output: Where everything is written. Default: standard error.
    ///   - appearance: A fixed appearance, or `nil` to detect it before each presentation.
    ///   - localization: The language of the presenter's own texts; `nil` for each presentation's.
    ///   - maximumInvalidAnswers: How many unusable answers in a row end the prompt. Default: 10.
    public init(
        input: any TerminalInput = StandardInput(),
        output: any TerminalOutput = FileDescriptorOutput.standardError,
        appearance: TerminalAppearance? = nil,
        localization: Localization? = nil,
        maximumInvalidAnswers: Int = 10
    ) {
        self.input = input
        self.output = output
        self.appearance = appearance
        self.localization = localization
        self.maximumInvalidAnswers = max(1, maximumInvalidAnswers)
    }

    /// Alerts only: a terminal's banners carry no buttons, and it has no screens of its own.
    public var capabilities: PresenterCapabilities { [.alerts] }

    /// Shows the presentation and, for alerts, waits for an answer.
    ///
    /// - Parameter presentation: The resolved error.
    /// - Returns: The chosen option (one of `presentation.options`); the fallback option when the input
    ///   ends, nobody can answer or too many answers fit no option; `nil` for a banner and when the
    ///   waiting task is cancelled.
    public func present(_ presentation: Presentation) async -> RecoveryOption? {
        let renderer = renderer(for: presentation)
        if presentation.style == .banner {
            showBanner(presentation, renderer: renderer)
            return nil
        }
        let prompt = OptionPrompt(presentation)
        output.write(renderer.alert(presentation, prompt: prompt))
        return await answer(prompt, fallback: presentation.fallbackOption, renderer: renderer)
    }

    /// Answers at once what needs no waiting: a banner is written and answered with `nil`; an alert
    /// that nobody can answer (``TerminalInput/canAnswer`` is `false`) is written with the notice that
    /// its fallback option was picked, and answered with that option. An alert somebody can answer needs
    /// waiting: ``present(_:)`` prompts for it.
    ///
    /// What is written is the same as what ``present(_:)`` writes for the presentation.
    ///
    /// - Parameter presentation: The resolved error.
    /// - Returns: `nil` for a banner, the fallback option for an alert nobody can answer, or
    ///   `ImmediateAnswer.needsWaiting`.
    public func immediateAnswer(to presentation: Presentation) -> ImmediateAnswer {
        if presentation.style == .banner {
            showBanner(presentation, renderer: renderer(for: presentation))
            return .answered(nil)
        }
        guard !input.canAnswer else { return .needsWaiting }
        let renderer = renderer(for: presentation)
        let fallback = presentation.fallbackOption
        output.write(renderer.alert(presentation, prompt: OptionPrompt(presentation)))
        output.write(renderer.fallback(fallback, reason: .noTerminal))
        return .answered(fallback)
    }

    private func renderer(for presentation: Presentation) -> PresentationRenderer {
        PresentationRenderer(
            appearance: appearance ?? TerminalAppearance.detect(for: output),
            localization: localization ?? presentation.localization
        )
    }

    private func showBanner(_ presentation: Presentation, renderer: PresentationRenderer) {
        let banner = renderer.banner(presentation)
        waitingPrompt.withLock { prompt in
            // Under the lock, so the prompt can't start or end halfway through.
            if let prompt {
                output.write("\n" + banner + prompt)
            } else {
                output.write(banner)
            }
        }
    }

    /// Asks until an answer fits an option, the input ends, or the task is cancelled.
    private func answer(
        _ prompt: OptionPrompt,
        fallback: RecoveryOption,
        renderer: PresentationRenderer
    ) async -> RecoveryOption? {
        guard input.canAnswer else {
            output.write(renderer.fallback(fallback, reason: .noTerminal))
            return fallback
        }
        var invalidAnswers = 0
        while !Task.isCancelled {
            let promptLine = renderer.promptLine(prompt)
            waitingPrompt.withLock { waiting in
                output.write(promptLine)
                waiting = promptLine
            }
            let answer = await input.readLine()
            waitingPrompt.withLock { $0 = nil }
            guard let line = answer else {
                if Task.isCancelled { break }
                output.write("\n" + renderer.fallback(fallback, reason: .endOfInput))
                return fallback
            }
            if !input.echoesAnswers { output.write(renderer.echo(line)) }
            if let option = prompt.option(forAnswer: line) { return option }
            output.write(renderer.invalidAnswer(line))
            invalidAnswers += 1
            if invalidAnswers >= maximumInvalidAnswers {
                output.write(renderer.fallback(fallback, reason: .tooManyInvalidAnswers))
                return fallback
            }
        }
        output.write("\n" + renderer.cancelled())
        return nil
    }
}
