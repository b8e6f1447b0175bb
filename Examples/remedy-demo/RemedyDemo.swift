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
            as a person would see them; what the program does goes to standard output.

            Scenarios:
            \(Scenario.allCases.map { "  \($0.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))
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

    @Flag(help: "Narrate errors in plain words, for screen readers and logs.")
    var plain = false

    mutating func run() async throws {
        let console = Console()
        let log = DemoLog(console: console, format: json ? .json : report ? .report : .summary, includesReports: report)
        let menu = scenario == nil
        let input: any TerminalInput =
            answers.isEmpty ? StandardInput(readsWhenNotATerminal: menu) : ScriptedInput(answers)
        var appearance: TerminalAppearance?
        if plain {
            appearance = TerminalAppearance.detect(for: FileDescriptorOutput.standardError)
            appearance?.isNarrated = true
        }
        let presenter = DemoPresenter(terminal: TerminalPresenter(input: input, appearance: appearance))

        if let scenario {
            try await Self.run(scenario, console: console, log: log, presenter: presenter)
            return
        }
        let menuInput = StandardInput(readsWhenNotATerminal: true)
        while let choice = await Self.chooseScenario(console: console, input: menuInput) {
            try await Self.run(choice, console: console, log: log, presenter: presenter)
        }
    }

    private static func run(_ scenario: Scenario, console: Console, log: DemoLog, presenter: DemoPresenter)
        async throws
    {
        log.reset()
        let session = try await DemoSession.start(console: console, log: log, presenter: presenter)
        do {
            try await session.run(scenario)
        } catch {
            await session.finish()
            throw error
        }
        await session.finish()
    }

    /// The menu: lists the scenarios and reads a choice; `nil` to quit (q, or the end of input).
    private static func chooseScenario(console: Console, input: StandardInput) async -> Scenario? {
        console.line("\nRemedy demo — every scenario fails for real on this machine.\n")
        for (index, scenario) in Scenario.allCases.enumerated() {
            let name = scenario.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
            console.line("  \(index + 1)) \(name)\(scenario.summary)")
        }
        while true {
            console.output.write("\nChoose a scenario (1–\(Scenario.allCases.count) or its name; q to quit): ")
            guard let line = await input.readLine() else {
                console.line("")
                return nil
            }
            if !input.echoesAnswers { console.line(line) }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if answer == "q" || answer == "quit" { return nil }
            if let number = Int(answer), Scenario.allCases.indices.contains(number - 1) {
                return Scenario.allCases[number - 1]
            }
            if let scenario = Scenario(rawValue: answer) { return scenario }
            console.line("“\(line.prefix(40))” isn't a scenario.")
        }
    }
}
