import Foundation
import RemedyTerminal
import Testing

struct TerminalAppearanceTests {
    @Test(
        arguments: [
            ([:], true, true),
            ([:], false, false),
            (["NO_COLOR": "1"], true, false),
            (["NO_COLOR": ""], true, true),
            (["CLICOLOR_FORCE": "1"], false, true),
            (["CLICOLOR_FORCE": "0"], false, false),
            (["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], true, false),
            (["TERM": "dumb"], true, false),
            (["CLICOLOR": "0"], true, false),
            (["TERM": "xterm-256color"], true, true),
        ] as [([String: String], Bool, Bool)])
    func colourFollowsConventions(environment: [String: String], isTerminal: Bool, usesColor: Bool) {
        let appearance = TerminalAppearance.detect(
            environment: environment, isTerminal: isTerminal, terminalColumns: 80)
        #expect(appearance.usesColor == usesColor)
    }

    @Test(
        arguments: [
            ([:], nil, 80),
            ([:], 132, 132),
            (["COLUMNS": "60"], 132, 60),
            (["COLUMNS": " 60 "], nil, 60),
            (["COLUMNS": "abc"], 132, 132),
            (["COLUMNS": "0"], nil, 80),
            (["COLUMNS": "-3"], 100, 100),
            (["COLUMNS": "5"], nil, 20),
            ([:], 0, 80),
            ([:], 7, 20),
        ] as [([String: String], Int?, Int)])
    func widthComesFromColumnsThenTheTerminal(environment: [String: String], reported: Int?, columns: Int) {
        let appearance = TerminalAppearance.detect(
            environment: environment, isTerminal: true, terminalColumns: reported)
        #expect(appearance.columns == columns)
    }

    @Test(
        arguments: [
            ([:], false), (["REMEDY_PLAIN": "1"], true), (["REMEDY_PLAIN": "0"], false), (["REMEDY_PLAIN": ""], false),
            (["TERM": "dumb"], true),
        ] as [([String: String], Bool)])
    func narrationIsAskedForOrFollowsADumbTerminal(environment: [String: String], isNarrated: Bool) {
        let appearance = TerminalAppearance.detect(environment: environment, isTerminal: true, terminalColumns: 80)
        #expect(appearance.isNarrated == isNarrated)
    }

    @Test func lineWidthIsCappedForReadingAndNeverBelowTheMinimum() {
        #expect(TerminalAppearance(columns: 200).lineWidth == 100)
        #expect(TerminalAppearance(columns: 60).lineWidth == 60)
        #expect(TerminalAppearance(columns: 3).lineWidth == 20)
        #expect(TerminalAppearance(columns: 200, maximumLineWidth: 5).lineWidth == 20)
        var appearance = TerminalAppearance()
        appearance.columns = -10
        #expect(appearance.columns == TerminalAppearance.minimumColumns)
    }

    @Test func detectionForAnOutputUsesItsTerminalState() {
        let appearance = TerminalAppearance.detect(for: RecordingOutput(isTerminal: false, terminalColumns: nil))
        // Not a terminal: no colour unless the environment forces it.
        let forced = ProcessInfoEnvironment.forcesColor
        #expect(appearance.usesColor == forced)
    }
}

enum ProcessInfoEnvironment {
    static var forcesColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return false
    }
}
