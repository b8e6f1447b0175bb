import Foundation
import Testing

/// Every scenario of the design, run end to end by the built `remedy-demo` with scripted answers.
@Suite(.timeLimit(.minutes(10)))
struct ScenarioTests {
    @Test func feedTryAgainReloadsAndTheSecondAttemptSucceeds() async throws {
        let run = try await DemoProcess.run(["feed", "--answer", "Try Again"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("╭─ ⚠ Server Problem"))
        #expect(run.stderr.contains("  1) Try Again [t] (default)\n  2) Cancel [c]\n"))
        #expect(run.stderr.contains("Choose an option (Enter for Try Again): Try Again\n"))
        #expect(run.count("▸ GET http://127.0.0.1:", in: run.stdout) == 2)
        #expect(run.stdout.contains("  ↻ Running it again.\n▸ GET http://127.0.0.1:"))
        #expect(run.stdout.contains("✓ Loaded 3 posts: Welcome, Release notes, Tips"))
        #expect(run.stdout.contains("Handled errors: 1 (1 tried again as chosen)."))
    }

    @Test func feedCancelEndsWithoutPostsAndStillExitsZero() async throws {
        let run = try await DemoProcess.run(["feed", "--answer", "cancel"])
        #expect(run.status == 0)
        #expect(run.count("▸ GET", in: run.stdout) == 1)
        #expect(run.stdout.contains("The feed stays empty"))
        #expect(run.stdout.contains("Handled errors: 1 (1 given up)."))
    }

    @Test func storageOffersFreeUpSpaceAndBuyMoreBesidesCancel() async throws {
        let run = try await DemoProcess.run(["storage", "--answer", "Free Up Space"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("╭─ ⚠ Not Enough Space"))
        #expect(
            run.stderr.contains("  1) Free Up Space [f] (default)\n  2) Buy More Storage [b]\n  3) Cancel [c]\nChoose"))
        #expect(run.stdout.contains("KB freed"))
        #expect(run.stdout.contains("✓ Saved photo.jpg"))
        #expect(run.stdout.contains("Handled errors: 1 (1 tried again as chosen)."))
    }

    @Test func storageBuyMoreLeavesThePhotoUnsaved() async throws {
        let run = try await DemoProcess.run(["storage", "--answer", "2"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("storage plans"))
        #expect(run.stdout.contains("The photo wasn't saved."))
    }

    @Test func forecastShowsOneCalmMessageThenABannerAndTheLastKnownValue() async throws {
        let run = try await DemoProcess.run(["forecast", "--answer", "cancel", "--report"])
        #expect(run.status == 0)
        #expect(run.count("╭─", in: run.stderr) == 2)
        #expect(run.stderr.contains("╭─ ⚠ Data Can't Be Read"))
        // Minor, but it offers Try Again, which a terminal banner can't carry: a prompt.
        #expect(run.stderr.contains("╭─ ℹ Connection Timed Out"))
        #expect(run.stdout.contains("✓ Showing the last known forecast: Lisbon, 21.5 °C, Sunny"))
        // The developer report: all three layers and the decoding path.
        for layer in ["ForecastViewModelError.forecast", "ForecastServiceError.download", "DataServiceError.parsing"] {
            #expect(run.stdout.contains(layer), "the report lacks \(layer)")
        }
        #expect(run.stdout.contains("expected Double at temperature"))
        #expect(run.stdout.contains("outcome: gaveUp"))
    }

    @Test func unauthorizedSignsInAndRetriesOnTheSameScreen() async throws {
        let run = try await DemoProcess.run(["unauthorized", "--answer", "Sign In"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("╭─ ✖ Sign In"))
        #expect(run.stdout.contains("The app-wide rule takes the 401 over"))
        #expect(run.stdout.contains("/session"))
        #expect(run.stdout.contains("✓ Account: Ada, Family plan — the same screen, loaded on attempt 2"))
        #expect(run.stdout.contains("Handled errors: 1 (1 handled by the app, then tried again)."))
    }

    @Test func unauthorizedWithoutSigningInKeepsTheScreen() async throws {
        let run = try await DemoProcess.run(["unauthorized", "--answer", "cancel"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("The account screen stays open, without the account."))
    }

    @Test func wrappingShowsTheAppsOwnErrorAndNeverTheCancellation() async throws {
        let run = try await DemoProcess.run(["wrapping", "--answer", "Use Another Card"])
        #expect(run.status == 0)
        #expect(run.count("╭─", in: run.stderr) == 1)
        #expect(run.stderr.contains("╭─ ⚠ Payment Declined"))
        #expect(run.stdout.contains("simulated"))
        #expect(run.stdout.contains("✓ Paid: receipt-1999"))
        #expect(run.stdout.contains("✓ Nothing shown: the SDK's cancellation is silenced"))
        #expect(run.stdout.contains("Handled errors: 2 (1 tried again as chosen, 1 not shown)."))
    }

    @Test func validationShowsInvalidInputWithoutTryAgain() async throws {
        let run = try await DemoProcess.run(["validation"])
        #expect(run.status == 0)
        #expect(run.count("╭─ ⚠ Check Your Entry", in: run.stderr) == 2)
        #expect(run.stderr.contains("│ Enter a user name to continue."))
        #expect(run.stderr.contains("│ Enter a password of at least 8 characters."))
        #expect(!run.stderr.contains("Try Again"))
        // Standard input is /dev/null: nobody can answer, and the demo says so.
        #expect(run.count("There's no terminal to answer in, so “OK” was chosen.", in: run.stderr) == 2)
    }

    @Test func fatalPresentsRunsEachCleanupOnceAndExitsNonZero() async throws {
        let run = try await DemoProcess.run(["fatal", "--answer", "OK"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("╭─ ✖ Data Damaged"))
        #expect(run.stderr.contains("│ The program will now clean up and quit."))
        #expect(run.count("Cleanup: stopping the HTTP backend", in: run.stdout) == 1)
        #expect(run.count("Cleanup: removing the demo's files", in: run.stdout) == 1)
        #expect(run.stdout.contains("exit status 1"))
        #expect(!run.stdout.contains("didn't end the process"))
    }

    @Test func stormShowsOneAlertWithACountAndAnswersEveryCaller() async throws {
        let run = try await DemoProcess.run(["storm", "--answer", "cancel"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("▸ 200 widgets load GET http://127.0.0.1:"))
        #expect(run.count("╭─", in: run.stderr) == 1)
        #expect(run.stderr.contains("│ This happened 200 times."))
        #expect(run.stdout.contains("✓ All 200 callers were answered: 0 loaded, 200 gave up"))
        #expect(run.stdout.contains("Handled errors: 200 ("))
        #expect(run.stdout.contains("199 answered by the same alert"))
        #expect(run.stdout.contains("1 given up"))
    }

    @Test func stormNarratesEachTryAgainOnceWithTheCount() async throws {
        let answers = ["Try Again", "Try Again", "Try Again", "cancel"].flatMap { ["--answer", $0] }
        let run = try await DemoProcess.run(["storm"] + answers)
        #expect(run.status == 0)
        #expect(run.count("╭─", in: run.stderr) == 4)
        // Each Try Again sends the 200 callers that shared the alert again: one line says so, with their count.
        #expect(run.count("  ↻ Running all 200 again, together.\n", in: run.stdout) == 3)
        #expect(!run.stdout.contains("Running it again."))
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 20, "the narration of three Try Agains took \(lines.count) lines")
    }

    @Test func offlineRetriesWithBackoffThenPromptsTryAgainOrCancel() async throws {
        let run = try await DemoProcess.run(["offline", "--answer", "Try Again", "--answer", "cancel"])
        #expect(run.status == 0)
        #expect(run.count("Automatic retry", in: run.stdout) == 6)
        #expect(run.stdout.contains("(attempt 8)"))
        #expect(run.stderr.hasPrefix("╭─ ℹ Can't Connect to Server"))
        #expect(run.stderr.contains("  1) Try Again [t] (default)\n  2) Cancel [c]\n"))
        #expect(run.count("Choose an option", in: run.stderr) == 2)
        #expect(run.stdout.contains("  ↻ Running it again.\n▸ GET"))
        let summary = run.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(summary.contains("Handled errors: 8 (6 retried automatically, 1 tried again as chosen, 1 given up)."))
        // Foundation's own text is for developers, never on the person's screen.
        #expect(!run.all.contains("Couldn't connect to server"))
        #expect(!run.all.contains("Failed to connect"))
    }
}
