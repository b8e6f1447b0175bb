import Remedy
import RemedyTesting
import Testing

/// Backoff with full jitter, Retry-After, and the rules for non-idempotent operations.
@Suite(.timeLimit(.minutes(10)))
struct RetryPolicyTests {
    @Test func theCapGrowsExponentiallyUpToTheMaximum() {
        let policy = RetryPolicy.exponential(initialDelay: .seconds(1), maximumDelay: .seconds(10))
        #expect((0..<6).map(policy.backoffCap(forRetry:)) == [1, 2, 4, 8, 10, 10].map { Duration.seconds($0) })
    }

    @Test(arguments: [0.0, 0.25, 0.999])
    func fullJitterIsARandomPartOfTheCap(fraction: Double) {
        let policy = RetryPolicy.exponential(initialDelay: .seconds(2), randomFraction: { fraction })
        #expect(policy.delay(beforeRetry: 1) == .seconds(4 * fraction))
    }

    @Test(arguments: [-3.0, 7.0, .nan, .infinity])
    func randomFractionsOutOfRangeAreClamped(fraction: Double) throws {
        let policy = RetryPolicy.exponential(initialDelay: .seconds(1), randomFraction: { fraction })
        let delay = try #require(policy.delay(beforeRetry: 0))
        #expect(delay >= .zero && delay <= .seconds(1))
    }

    @Test func hugeRetryNumbersAndBadParametersStayBounded() {
        let policy = RetryPolicy(
            maximumRetries: -1,
            initialDelay: .seconds(-5),
            maximumDelay: .seconds(30),
            multiplier: .infinity
        )
        #expect(policy.maximumRetries == 0)
        #expect(policy.backoffCap(forRetry: Int.max) == .zero)
        let growing = RetryPolicy.exponential(initialDelay: .seconds(1), maximumDelay: .seconds(30))
        #expect(growing.backoffCap(forRetry: 100_000) == .seconds(30))
    }

    @Test func retryAfterIsTheLeastWaitAndTooLongAWaitGoesToThePerson() {
        let policy = RetryPolicy.exponential(
            initialDelay: .seconds(1), maximumDelay: .seconds(30), randomFraction: { 0 })
        #expect(policy.delay(beforeRetry: 0, retryAfter: .seconds(5)) == .seconds(5))
        #expect(policy.delay(beforeRetry: 0, retryAfter: .seconds(120)) == nil)
    }

    @Test func nonIdempotentOperationsAreOnlyRetriedWhenThePolicySaysSo() {
        let transient = HandledError(ConnectionRefused(), interpretation: ErrorInterpretation(isTransient: true))
        let permanent = HandledError(Boom(), interpretation: ErrorInterpretation())
        let standard = RetryPolicy.standard
        let eager = RetryPolicy.exponential(retriesNonIdempotentOperations: true)
        #expect(standard.retries(transient, retriesSoFar: 0, isIdempotent: true))
        #expect(!standard.retries(transient, retriesSoFar: 0, isIdempotent: false))
        #expect(eager.retries(transient, retriesSoFar: 0, isIdempotent: false))
        #expect(!standard.retries(permanent, retriesSoFar: 0, isIdempotent: true))
        #expect(!standard.retries(transient, retriesSoFar: 3, isIdempotent: true))
        #expect(!RetryPolicy.disabled.retries(transient, retriesSoFar: 0, isIdempotent: true))
    }

    @Test func aThrottledResponseWaitsForItsRetryAfterOnTheClock() async {
        let policy = RetryPolicy.exponential(maximumRetries: 1, initialDelay: .seconds(1), randomFraction: { 0.1 })
        let harness = HandlingHarness(catalog: .testing, configuration: testConfiguration(retryPolicy: policy))
        let calls = LockedCounter()
        let task = Task {
            await harness.scope.attempt("Posting") { () async throws -> String in
                if calls.increment() == 1 { throw Throttled(retryAfter: .seconds(5)) }
                return "posted"
            }
        }
        await harness.clock.waitForSleepRequests(1)
        #expect(harness.clock.sleepRequests == [.seconds(5)])
        harness.clock.advance(by: .seconds(5))
        #expect(await task.value == "posted")
        #expect(harness.record(of: "Posting").automaticRetries == 1)
    }

    @Test func aNonIdempotentAttemptGoesStraightToThePerson() async {
        let harness = HandlingHarness(
            catalog: .testing,
            configuration: testConfiguration(retryPolicy: .exponential(randomFraction: { 1 }))
        )
        let calls = LockedCounter()
        let value: Int? = await harness.scope.attempt("Paying", idempotent: false) {
            calls.increment()
            throw ConnectionRefused()
        }
        #expect(value == nil)
        #expect(calls.value == 1)
        #expect(harness.record(of: "Paying").automaticRetries == 0)
        #expect(harness.presentations.count == 1)
    }
}
