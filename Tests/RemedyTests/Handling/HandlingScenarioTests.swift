import Foundation
import Remedy
import RemedyTesting
import Testing

/// The scenarios of DESIGN.md, end to end through a root scope, a scripted presenter and a test clock.
@Suite(.timeLimit(.minutes(10)))
struct HandlingScenarioTests {
    // MARK: - 1. Feed

    @Test func feedServerErrorOffersTryAgainAndTheSecondAttemptSucceeds() async throws {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let calls = LockedCounter()
        let feed = await harness.scope.child("Feed").attempt("Loading the feed") {
            if calls.increment() == 1 { throw HTTPStatusError(status: 500) }
            return ["first post"]
        }
        #expect(feed == ["first post"])
        #expect(calls.value == 2)
        let presentation = try #require(harness.presentations.first)
        #expect(harness.presentations.count == 1)
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
        #expect(presentation.defaultOption?.title == "Try Again")
        #expect(presentation.style == .alert)
        let record = harness.record(of: "Loading the feed")
        #expect(record.retries == 1)
        #expect(record.outcomes == [.recovered])
        #expect(record.failures.first?["scope"] == "App/Feed")
        #expect(record.presentations.count == 1)
    }

    @Test func feedCancelEndsTheAttemptWithoutRetrying() async {
        let harness = HandlingHarness(answers: [.role(.cancel)])
        let calls = LockedCounter()
        let feed: [String]? = await harness.scope.attempt("Loading the feed") {
            calls.increment()
            throw HTTPStatusError(status: 503)
        }
        #expect(feed == nil)
        #expect(calls.value == 1)
        #expect(harness.record(of: "Loading the feed").outcomes == [.gaveUp])
    }

    /// An error that offers only a way out of its own (a server's "cancel" action) still gets Try Again:
    /// every presentation with an action has a cancel option anyway.
    @Test func anErrorsOwnCancelOptionDoesNotTakeTryAgainAway() async throws {
        struct Overloaded: PresentableError {
            var message: String { "The service is busy." }
            var category: ErrorCategory { .externalSystemUnavailable }
            var recoveryOptions: [RecoveryOption] {
                [RecoveryOption(title: "Not Now", role: .cancel) { .notRecovered }]
            }
        }
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let calls = LockedCounter()
        let value = await harness.scope.attempt("Loading the feed") {
            if calls.increment() == 1 { throw Overloaded() }
            return 1
        }
        #expect(value == 1)
        #expect(try #require(harness.presentations.first).options.map(\.title) == ["Try Again", "Not Now"])
    }

    // MARK: - 2. Storage

    @Test func storageOffersFreeUpSpaceAndBuyMoreBesidesCancel() async throws {
        let freed = LockedCounter()
        let freeUpSpace = RecoveryOption(title: "Free Up Space", role: .recommended) {
            freed.increment()
            return .recovered
        }
        let buyMore = RecoveryOption(title: "Buy More Storage") { .notRecovered }
        let harness = HandlingHarness(answers: [.title("Free Up Space")])
        let saves = LockedCounter()
        let saved = await harness.scope.child("Editor").attempt("Saving the video") {
            if saves.increment() == 1 {
                throw MessageError(
                    "There isn't enough space to save the video.",
                    title: "Storage Full",
                    category: .resourceExhausted,
                    options: [freeUpSpace, buyMore]
                )
            }
            return true
        }
        #expect(saved == true)
        #expect(freed.value == 1)
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.options.map(\.title) == ["Free Up Space", "Buy More Storage", "Cancel"])
        #expect(presentation.cancelOption?.title == "Cancel")
        #expect(presentation.title == "Storage Full")
    }

    @Test func storageBuyMoreThatDoesNotRecoverEndsTheAttempt() async {
        let buyMore = RecoveryOption(title: "Buy More Storage") { .notRecovered }
        let harness = HandlingHarness(answers: [.title("Buy More Storage")])
        let saved: Bool? = await harness.scope.attempt("Saving the video") {
            throw MessageError("Storage is full.", category: .resourceExhausted, options: [buyMore])
        }
        #expect(saved == nil)
        #expect(harness.record(of: "Saving the video").outcomes == [.presented])
        #expect(harness.record(of: "Saving the video").retries == 0)
    }

    // MARK: - 3. Forecast tree (the handling side: a minor transport failure is a banner)

    @Test func minorTransportFailureIsABannerThatGoesAwayAndTheCallerKeepsTheLastValue() async throws {
        let harness = HandlingHarness(catalog: .testing, configuration: testConfiguration(bannerDuration: .seconds(4)))
        let lastKnown = 21.5
        let fresh: Double? = await harness.scope.child("Forecast").attempt("Loading the forecast") {
            throw ConnectionRefused()
        }
        let shown = fresh ?? lastKnown
        #expect(shown == lastKnown)
        let banner = try #require(harness.presentations.first)
        #expect(banner.style == .banner)
        #expect(harness.scope.state.banners.count == 1)
        #expect(harness.scope.state.current == nil)
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: .seconds(4))
        await harness.scope.state.wait { $0.banners.isEmpty }
        #expect(harness.scope.state.banners.isEmpty)
    }

    // MARK: - 4. Unauthorized

    @Test func unauthorizedDeepInTheTreeIsTakenOverAtTheRootAndTheOperationRetried() async throws {
        let signIns = LockedCounter()
        let session = LockedValue(false)
        let harness = HandlingHarness(rules: [
            .httpStatus(
                401,
                .takeOver { _ in
                    signIns.increment()
                    session.withLock { $0 = true }
                    return .recovered
                }
            )
        ])
        let profileScope = harness.scope.child("Profile")
        let calls = LockedCounter()
        let profile = await profileScope.attempt("Loading the profile") {
            calls.increment()
            guard session.withLock({ $0 }) else {
                throw ProfileServiceError.request(.http(HTTPStatusError(status: 401)))
            }
            return "Ada"
        }
        #expect(profile == "Ada")
        #expect(signIns.value == 1)
        #expect(calls.value == 2)
        #expect(harness.presentations.isEmpty)
        let record = harness.record(of: "Loading the profile")
        #expect(record.outcomes == [.takenOver])
        #expect(record.failures.first?["rule"] == "HTTP 401")
        #expect(record.failures.first?["scope"] == "App/Profile")
        // The screen's scope is the same one and keeps working after the sign-in.
        let again = await profileScope.attempt("Loading the profile") { "Ada again" }
        #expect(again == "Ada again")
    }

    @Test func concurrentUnauthorizedRequestsShareOneSignIn() async throws {
        let signIns = LockedCounter()
        let session = LockedValue(false)
        let gate = AsyncGate()
        let entered = AsyncGate()
        let harness = HandlingHarness(rules: [
            .httpStatus(
                401,
                .takeOver { _ in
                    signIns.increment()
                    entered.open()
                    await gate.wait()
                    session.withLock { $0 = true }
                    return .recovered
                }
            )
        ])
        let results = LockedList<String>()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<3 {
                group.addTask {
                    let value = await harness.scope.child("Request \(index)").attempt("Request \(index)") {
                        guard session.withLock({ $0 }) else { throw HTTPStatusError(status: 401) }
                        return "ok \(index)"
                    }
                    if let value { results.append(value) }
                }
            }
            // One request runs the sign-in; the two others wait for it.
            await entered.wait()
            await harness.logs.waitForEntries(2) { $0.message == "Waiting for a running take-over" }
            gate.open()
        }
        #expect(signIns.value == 1)
        #expect(results.values.sorted() == ["ok 0", "ok 1", "ok 2"])
        #expect(harness.logs.entries(outcome: .takenOver).count == 3)
    }

    // MARK: - 5. Third-party wrapping

    @Test func thirdPartyCancellationIsSilencedAndItsOtherCasesShowTheAppsText() async throws {
        let harness = HandlingHarness(catalog: .testing)
        let checkout = harness.scope.child("Checkout")
        let cancelled: Bool? = await checkout.attempt("Paying") { throw PaymentSDKError.userCancelled }
        #expect(cancelled == nil)
        #expect(harness.presentations.isEmpty)
        #expect(harness.logs.entries(outcome: .silenced).count == 1)

        let declined: Bool? = await checkout.attempt("Paying") { throw PaymentSDKError.declined(code: 51) }
        #expect(declined == nil)
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.message == "The card was declined. Choose another card.")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func aMatchingRuleMapsTheSDKErrorToTheAppsOwnError() async throws {
        let harness = HandlingHarness(rules: [
            .matching(PaymentSDKError.self) { sdkError, _ in
                switch sdkError {
                case .userCancelled: .silence
                case .declined: .replace(MessageError("Your bank declined the payment.", category: .invalidInput))
                }
            }
        ])
        let _: Bool? = await harness.scope.attempt("Paying") { throw PaymentSDKError.declined(code: 5) }
        let _: Bool? = await harness.scope.attempt("Paying") { throw PaymentSDKError.userCancelled }
        #expect(harness.presentations.map(\.message) == ["Your bank declined the payment."])
        #expect(harness.logs.entries(outcome: .silenced).count == 1)
        #expect(harness.logs.handledErrors.first?["replacedBy"] == "Your bank declined the payment.")
    }

    // MARK: - 6. Validation

    @Test func validationShowsInvalidInputWithoutRetry() async throws {
        let harness = HandlingHarness(answers: [.defaultOption])
        let calls = LockedCounter()
        let account: String? = await harness.scope.child("SignUp").attempt("Signing up") { () throws(SignUpError) in
            calls.increment()
            throw .emptyUserName
        }
        #expect(account == nil)
        #expect(calls.value == 1)
        let presentation = try #require(harness.presentations.first)
        #expect(presentation.category == .invalidInput)
        #expect(presentation.message == "Enter a user name to continue.")
        #expect(presentation.title == "Check Your Entry")
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(harness.record(of: "Signing up").retries == 0)
    }

    @Test func synchronousValidationWorksThroughAttemptToo() async {
        let harness = HandlingHarness()
        func validate(_ password: String) throws(SignUpError) -> String {
            guard !password.isEmpty else { throw .emptyPassword }
            return password
        }
        let empty = await harness.scope.attempt("Validating") { try validate("") }
        let good = await harness.scope.attempt("Validating") { try validate("secret") }
        #expect(empty == nil)
        #expect(good == "secret")
        #expect(harness.presentations.map(\.message) == ["Enter a password to continue."])
    }

    // MARK: - 7. Fatal

    @Test func fatalIsPresentedThenCleanupRunsOnceThenTerminate() async throws {
        let harness = HandlingHarness()
        let order = LockedList<String>()
        harness.scope.addFatalCleanup { order.append("close database") }
        harness.scope.child("Store").addFatalCleanup { order.append("flush logs") }
        let value: Int? = await harness.scope.child("Store").attempt("Opening the store") {
            throw FatalError("The app's data is damaged and it must close.")
        }
        #expect(value == nil)
        #expect(harness.presentations.map(\.severity) == [.fatal])
        #expect(harness.presentations.first?.style == .alert)
        #expect(order.values == ["flush logs", "close database"])
        #expect(harness.terminations.count == 1)
        // Logged at error level (once, the program ends) before it was presented; the outcome at debug.
        #expect(harness.logs.entries.count { $0.level == .error } == 1)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.presented])
    }

    // MARK: - 8. Storm (a smaller one here; StormTests has 10,000 errors)

    @Test func manyIdenticalFailuresAreShownOnceWithACount() async throws {
        let harness = HandlingHarness(otherwise: .held(.role(.cancel)))
        let outcomes = LockedList<HandlingOutcome>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let outcome = await harness.scope.handle(HTTPStatusError(status: 503)).value
                    outcomes.append(outcome)
                }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 200 }
            harness.presenter.release()
        }
        #expect(harness.presentations.count == 1)
        #expect(outcomes.values.count == 200)
        #expect(harness.logs.handledErrors.count == 200)
        #expect(harness.logs.entries(outcome: .coalesced).count == 199)
    }

    // MARK: - 9. Offline

    @Test func offlineIsRetriedWithBackoffOnTheClockThenShownAsABanner() async throws {
        let policy = RetryPolicy.exponential(
            maximumRetries: 3,
            initialDelay: .seconds(1),
            maximumDelay: .seconds(30),
            randomFraction: { 0.5 }
        )
        let harness = HandlingHarness(catalog: .testing, configuration: testConfiguration(retryPolicy: policy))
        let calls = LockedCounter()
        let task = Task {
            await harness.scope.child("Feed").attempt("Loading the feed") { () async throws -> [String] in
                calls.increment()
                throw ConnectionRefused()
            }
        }
        // Full jitter with a fraction of 0.5: half of 1 s, 2 s and 4 s.
        for (index, expected) in [Duration.milliseconds(500), .seconds(1), .seconds(2)].enumerated() {
            await harness.clock.waitForSleepRequests(index + 1)
            #expect(harness.clock.sleepRequests.last == expected)
            #expect(harness.presentations.isEmpty)
            harness.clock.advance(by: expected)
        }
        let feed = await task.value
        #expect(feed == nil)
        #expect(calls.value == 4)
        #expect(harness.presentations.map(\.style) == [.banner])
        let record = harness.record(of: "Loading the feed")
        #expect(record.automaticRetries == 3)
        #expect(record.outcomes == [.retrying, .retrying, .retrying, .gaveUp])
    }

    @Test func offlineRecoversWhenTheConnectionComesBackDuringBackoff() async {
        let policy = RetryPolicy.exponential(maximumRetries: 3, initialDelay: .seconds(1), randomFraction: { 1 })
        let harness = HandlingHarness(catalog: .testing, configuration: testConfiguration(retryPolicy: policy))
        let calls = LockedCounter()
        let task = Task {
            await harness.scope.attempt("Loading the feed") { () async throws -> String in
                if calls.increment() < 3 { throw ConnectionRefused() }
                return "online"
            }
        }
        await harness.clock.waitForSleepRequests(1)
        harness.clock.advance(by: .seconds(1))
        await harness.clock.waitForSleepRequests(2)
        harness.clock.advance(by: .seconds(2))
        #expect(await task.value == "online")
        #expect(harness.presentations.isEmpty)
        #expect(harness.clock.sleepRequests == [.seconds(1), .seconds(2)])
    }
}

/// A gate that tasks wait at until a test opens it.
final class AsyncGate: Sendable {
    private let signal = ChangeSignal()
    private let isOpen = LockedValue(false)

    func wait() async {
        await signal.wait { isOpen.withLock { $0 } }
    }

    func open() {
        isOpen.withLock { $0 = true }
        signal.signal()
    }
}
