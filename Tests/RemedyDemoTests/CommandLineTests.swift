import Foundation
import Testing

/// The demo's command line: answers, the menu, the output formats and bad input.
@Suite(.timeLimit(.minutes(10)))
struct CommandLineTests {
    @Test func answerThatFitsNoOptionIsReportedAndSkipped() async throws {
        let run = try await DemoProcess.run(["feed", "--answer", "Maybe", "--answer", "t"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("“Maybe” isn't one of the options."))
        #expect(run.stderr.contains("Choose an option (Enter for Try Again): t\n"))
        #expect(run.stdout.contains("✓ Loaded 3 posts"))
    }

    @Test func whenAnswersRunOutThePromptBehavesAsAtEndOfInput() async throws {
        let run = try await DemoProcess.run(["validation", "--answer", "ok"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("Press Enter for OK: ok\n"))
        #expect(run.stderr.contains("No answer was given, so “OK” was chosen."))
    }

    @Test(arguments: ["recommended", "RECOMMENDED", "1", "T", "try again"])
    func answersMatchByRoleNumberKeyOrTitleInAnyCase(answer: String) async throws {
        let run = try await DemoProcess.run(["feed", "--answer", answer])
        #expect(run.stdout.contains("✓ Loaded 3 posts"))
    }

    @Test func jsonLogsOneObjectPerHandledError() async throws {
        let run = try await DemoProcess.run(["wrapping", "--answer", "cancel", "--json"])
        #expect(run.status == 0)
        let objects = run.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let outcomes = objects.compactMap { ($0["metadata"] as? [String: String])?["outcome"] }
        #expect(outcomes.sorted() == ["gaveUp", "silenced"])
        #expect(objects.allSatisfy { $0["level"] is String && $0["message"] is String })
    }

    @Test func plainNarratesWithoutAFrame() async throws {
        let run = try await DemoProcess.run(["validation", "--plain"])
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "Error: Check Your Entry\nEnter a user name to continue.\nReference "))
        #expect(run.stderr.contains(#/\nReference [0-9A-Z]{4}-[0-9A-Z]{4}\nOption 1: OK \(key o, default\)\n/#))
        #expect(!run.stderr.contains("╭─"))
    }

    @Test func menuRunsTheChosenScenariosUntilQuit() async throws {
        // feed, Try Again (Enter), back to the menu (Enter), offline, cancel, back to the menu, quit.
        let run = try await DemoProcess.run([], input: "feed\n\n\n9\ncancel\n\nq\n")
        #expect(run.status == 0)
        #expect(run.count("Choose a scenario", in: run.stdout) == 3)
        #expect(run.count("Press Enter for the menu, or q to quit:", in: run.stdout) == 2)
        #expect(run.stdout.contains("✓ Loaded 3 posts"))
        #expect(run.stdout.contains("Working offline"))
    }

    @Test func menuWaitsForEnterBeforeItIsDrawnAgain() async throws {
        let run = try await DemoProcess.run([], input: "feed\n\nq\n")
        #expect(run.status == 0)
        #expect(run.count("Choose a scenario", in: run.stdout) == 1)
        let result = try #require(run.stdout.range(of: "Handled errors: 1 (1 tried again as chosen)."))
        #expect(run.stdout[result.upperBound...].hasPrefix("\n\nPress Enter for the menu, or q to quit: q\n"))
    }

    #if !Hummingbird
    @Test func serverWithoutTheTraitExplainsAndReturnsToTheMenu() async throws {
        let run = try await DemoProcess.run([], input: "server\n\nq\n")
        #expect(run.status == 0)
        #expect(run.count("Choose a scenario", in: run.stdout) == 2)
        #expect(run.stdout.contains("This build has no server"))
        #expect(run.stdout.contains("  swift run --traits Hummingbird remedy-demo server"))
    }
    #endif

    @Test func menuEndsAtTheEndOfInput() async throws {
        let run = try await DemoProcess.run([])
        #expect(run.status == 0)
        #expect(run.stdout.contains("  9) offline"))
    }

    @Test(arguments: [80, 40])
    func menuColumnsAlignPastEntryTen(columns: Int) async throws {
        let run = try await DemoProcess.run([], environment: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let nine = try #require(lines.firstIndex { $0.hasPrefix("   9) offline") })
        let ten = try #require(lines.firstIndex { $0.hasPrefix("  10) server") })
        // The names start in one column; so do the summaries, beside the names or under them.
        let summaryColumn = { (line: String) in line.prefix { $0 == " " }.count }
        if columns >= 60 {
            #expect(lines[nine].range(of: "offline")?.lowerBound.utf16Offset(in: lines[nine]) == 6)
            let nineSummary = lines[nine].dropFirst(20)
            let tenSummary = lines[ten].dropFirst(20)
            #expect(nineSummary.first != " " && tenSummary.first != " ", "\(lines[nine])\n\(lines[ten])")
            #expect(lines[nine].prefix(20).last == " " && lines[ten].prefix(20).last == " ")
        } else {
            #expect(summaryColumn(lines[nine + 1]) == 6)
            #expect(summaryColumn(lines[ten + 1]) == 6)
        }
    }

    @Test func unknownScenarioIsAUsageError() async throws {
        let run = try await DemoProcess.run(["teapot"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("teapot"))
    }

    @Test func helpListsEveryScenario() async throws {
        let run = try await DemoProcess.run(["--help"])
        #expect(run.status == 0)
        for name in [
            "feed", "storage", "forecast", "unauthorized", "wrapping", "validation", "fatal", "storm", "offline",
            "server",
        ] {
            #expect(run.stdout.contains("\n\(name): "), "help lacks \(name)")
        }
    }
}
