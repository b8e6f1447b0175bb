import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal

/// `remedy-demo`: every scenario of Remedy's design, against real failures on this machine.
@main
struct RemedyDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remedy-demo",
        abstract: "Runs Remedy's scenarios against real failures: a local HTTP server, real files, a closed port.",
        discussion: """
            Without a scenario, a menu lets you pick one after another. Errors are shown on standard error \
            as a person would see them; what the program does goes to standard output (to standard error \
            with --json, so standard output carries JSON lines only).

            The language is --language, else the environment's (LC_ALL, LC_MESSAGES, LANG, LANGUAGE).

            Scenarios:

            \(Scenario.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "\n\n"))

            remedy-demo serve --port N runs the demo's Hummingbird server (see remedy-demo serve --help). It \
            and the server scenario need the package trait Hummingbird: \(ServerTrait.scenarioCommand)
            """
    )

    @Argument(help: "The scenario to run. Without one, a menu of all scenarios.")
    var scenario: Scenario?

    @Option(
        name: .customLong("answer"),
        help: ArgumentHelp(
            "Answers the next prompt, as if typed: an option's title, number or key, or a role (cancel, recommended). Repeatable; used in order.",
            valueName: "answer"
        )
    )
    var answers: [String] = []

    @Flag(help: "Print each handled error's developer report.")
    var report = false

    @Flag(help: "Log each handled error as a line of JSON on standard output.")
    var json = false

    @Flag(help: "Narrate errors in plain words and ASCII, for screen readers and logs.")
    var plain = false

    @Option(help: "The language of Remedy's texts: en, de, es, fr, ja, zh-Hans. Default: the environment's.")
    var language: String?

    mutating func run() async throws {
        TemporaryFolders.removeOnSignals()
        let localization = language.map { Localization(language: $0) } ?? .default
        let standardOutput = PipeAwareOutput(base: .standardOutput)
        let console = Console(
            output: json ? PipeAwareOutput(base: .standardError) : standardOutput,
            plain: plain
        )
        let log = DemoLog(
            console: console,
            jsonOutput: standardOutput,
            format: json ? .json : report ? .report : .summary,
            includesReports: report,
            text: DemoText(localization)
        )
        let menu = scenario == nil
        let input: any TerminalInput =
            answers.isEmpty ? StandardInput(readsWhenNotATerminal: menu) : ScriptedInput(answers)
        var appearance: TerminalAppearance?
        if plain {
            appearance = TerminalAppearance.detect(for: FileDescriptorOutput.standardError)
            appearance?.isNarrated = true
        }
        let errorOutput: any TerminalOutput =
            plain ? ASCIIOutput(base: FileDescriptorOutput.standardError) : FileDescriptorOutput.standardError
        let presenter = DemoPresenter(
            terminal: TerminalPresenter(input: input, output: errorOutput, appearance: appearance))

        let run = { (scenario: Scenario) in
            try await Self.run(scenario, console: console, log: log, presenter: presenter, localization: localization)
        }
        if let scenario {
            try await run(scenario)
            return
        }
        let menuInput = StandardInput(readsWhenNotATerminal: true)
        var previous: Scenario?
        while let choice = await Self.chooseScenario(after: previous, console: console, input: menuInput) {
            try await run(choice)
            previous = choice
        }
    }

    private static func run(
        _ scenario: Scenario,
        console: Console,
        log: DemoLog,
        presenter: DemoPresenter,
        localization: Localization
    ) async throws {
        log.reset()
        let session = try await DemoSession.start(
            console: console, log: log, presenter: presenter, localization: localization)
        do {
            try await session.run(scenario)
        } catch {
            await session.finish()
            throw error
        }
        await session.finish()
    }

    /// The menu: lists the scenarios and reads a choice; `nil` to quit (q, or the end of input). Enter
    /// runs the scenario after the one that ran last (the first at the start).
    private static func chooseScenario(after previous: Scenario?, console: Console, input: StandardInput) async
        -> Scenario?
    {
        let all = Scenario.allCases
        let next = previous.flatMap { all.firstIndex(of: $0) }.map { all[(all.index(after: $0)) % all.count] } ?? all[0]
        console.line("")
        console.line("Remedy demo — every scenario fails for real on this machine.")
        console.line("")
        // Wide terminals: name and summary side by side; narrow ones: the summary under the name.
        let sideBySide = console.width >= 60
        for (index, scenario) in all.enumerated() {
            let number = "\(index + 1)) "
            if sideBySide {
                let name = scenario.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
                console.paragraph(
                    scenario.summary, first: "  " + number + name, rest: String(repeating: " ", count: 18))
            } else {
                console.line("  " + number + scenario.rawValue)
                console.paragraph(scenario.summary, first: "     ", rest: "     ")
            }
        }
        while true {
            console.line("")
            console.prompt(
                "Choose a scenario (1–\(all.count) or its name, Enter for \(next.rawValue), q to quit):")
            guard let line = await input.readLine() else {
                console.line("")
                return nil
            }
            if !input.echoesAnswers { console.line(line) }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if answer.isEmpty { return next }
            if answer == "q" || answer == "quit" { return nil }
            if let number = Int(answer), Scenario.allCases.indices.contains(number - 1) {
                return Scenario.allCases[number - 1]
            }
            if let scenario = Scenario(rawValue: answer) { return scenario }
            console.line("“\(line.prefix(40))” isn't a scenario.")
        }
    }
}
