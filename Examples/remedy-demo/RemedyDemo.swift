import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal

/// `remedy-demo`: every scenario of Remedy's design, against real failures on this machine.
@main
struct RemedyDemo: AsyncParsableCommand {
    // The help is ArgumentParser's, in English, and so are the scenarios' summaries in it.
    private static let english = DemoText(Localization(language: "en"))

    static let configuration = CommandConfiguration(
        commandName: "remedy-demo",
        abstract: "Runs Remedy's scenarios against real failures: a local HTTP server, real files, a closed port.",
        discussion: """
            Without a scenario, a menu lets you pick one after another. Errors are shown on standard error \
            as a person would see them; what the program does goes to standard output (to standard error \
            with --json, so standard output carries JSON lines only).

            The language is --language, else the environment's (LC_ALL, LC_MESSAGES, LANG, LANGUAGE).

            Scenarios:

            \(Scenario.allCases.map { "\($0.rawValue): \($0.summary(english))" }.joined(separator: "\n\n"))

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

    @Option(help: "The demo's language, and Remedy's: en, de, es, fr, ja, zh-Hans. Default: the environment's.")
    var language: String?

    mutating func run() async throws {
        TemporaryFolders.removeOnSignals()
        let localization = language.map { Localization(language: $0) } ?? .default
        let text = DemoText(localization)
        // `--plain`, `REMEDY_PLAIN` or `TERM=dumb`: narrated in plain words, and ASCII only.
        let plain = plain || TerminalAppearance.detect(for: FileDescriptorOutput.standardError).isNarrated
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
            text: text
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

        // Whether the scenario ran. One that can't run — its server doesn't start, its port can't be had, the
        // build has no server — is an error like any other: Remedy presents it.
        let run = { (scenario: Scenario) async -> Bool in
            do {
                try await Self.run(
                    scenario, console: console, log: log, presenter: presenter, localization: localization, text: text)
                return true
            } catch {
                let root = ErrorScope.root(
                    "Demo", presenter: presenter, localization: localization, logger: log.logger())
                _ = await root.handle(error).value
                return false
            }
        }
        if let scenario {
            guard await run(scenario) else { throw ExitCode.failure }
            return
        }
        let menuInput = StandardInput(readsWhenNotATerminal: true)
        await DemoMenu(console: console, input: menuInput, text: text).run { _ = await run($0) }
    }

    private static func run(
        _ scenario: Scenario,
        console: Console,
        log: DemoLog,
        presenter: DemoPresenter,
        localization: Localization,
        text: DemoText
    ) async throws {
        log.reset()
        let session = try await DemoSession.start(
            console: console, log: log, presenter: presenter, localization: localization, text: text)
        do {
            try await session.run(scenario)
        } catch {
            await session.finish()
            throw error
        }
        await session.finish()
    }
}
