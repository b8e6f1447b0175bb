import Foundation
import RemedyTerminal

/// The menu: lists the scenarios, runs the one chosen, and waits for Enter before it is drawn again, so
/// the result stays on screen.
struct DemoMenu {
    let console: Console
    let input: StandardInput
    let text: DemoText

    /// Runs scenarios until q or the end of input. Enter runs the scenario after the one that ran last
    /// (the first at the start).
    func run(_ runScenario: (Scenario) async -> Void) async {
        var previous: Scenario?
        while let choice = await choose(after: previous) {
            previous = choice
            if choice == .server && !ServerTrait.isAvailable {
                console.line("")
                console.line(text("demo.menu.serverMissing"))
                console.note(ServerTrait.scenarioCommand)
            } else {
                await runScenario(choice)
            }
            console.line("")
            console.prompt(text("demo.menu.continue"))
            guard let line = await input.readLine() else {
                console.line("")
                return
            }
            if !input.echoesAnswers { console.line(line) }
            if Self.quits(line) { return }
        }
    }

    private static func quits(_ line: String) -> Bool {
        let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "q" || answer == "quit"
    }

    /// Lists the scenarios and reads a choice; `nil` to quit (q, or the end of input).
    private func choose(after previous: Scenario?) async -> Scenario? {
        let all = Scenario.allCases
        let next = previous.flatMap { all.firstIndex(of: $0) }.map { all[(all.index(after: $0)) % all.count] } ?? all[0]
        console.line("")
        console.line(text("demo.menu.title"))
        console.line("")
        // Wide terminals: name and summary side by side; narrow ones: the summary under the name. The numbers
        // are right-aligned (` 9)`, `10)`), so names and summaries start in one column past entry 10.
        let numberWidth = "\(all.count)) ".count
        let sideBySide = console.width >= 60
        for (index, scenario) in all.enumerated() {
            let number = String(repeating: " ", count: numberWidth - "\(index + 1)) ".count) + "\(index + 1)) "
            let indent = String(repeating: " ", count: 2 + numberWidth)
            if sideBySide {
                let name = scenario.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                console.paragraph(
                    scenario.summary(text), first: "  " + number + name,
                    rest: indent + String(repeating: " ", count: 14))
            } else {
                console.paragraph(scenario.rawValue, first: "  " + number, rest: indent)
                console.paragraph(scenario.summary(text), first: indent, rest: indent)
            }
        }
        while true {
            console.line("")
            console.prompt(text("demo.menu.prompt", all.count, next.rawValue))
            guard let line = await input.readLine() else {
                console.line("")
                return nil
            }
            if !input.echoesAnswers { console.line(line) }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if answer.isEmpty { return next }
            if Self.quits(answer) { return nil }
            if let number = Int(answer), all.indices.contains(number - 1) {
                return all[number - 1]
            }
            if let scenario = Scenario(rawValue: answer) { return scenario }
            console.line(text("demo.menu.unknown", String(line.prefix(40))))
        }
    }
}
