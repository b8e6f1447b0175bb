import Foundation

/// When and how often an operation that failed for a passing reason is tried again before anyone is asked.
///
/// A failure is retried automatically when the resolver marks it transient
/// (``ErrorInterpretation/isTransient``: timeouts, lost connections, 5xx responses, 429 with `Retry-After`)
/// and the policy has retries left. The waits grow exponentially, with *full jitter*: each wait is a
/// random duration between zero and the exponential cap, so many clients that failed together don't
/// come back together. A `Retry-After` the server sent (``ErrorInterpretation/retryAfter``) is the least
/// wait; one longer than the maximum delay is not waited out automatically: the person is asked instead.
///
/// Operations that are not idempotent (a payment, a post) are never retried automatically unless the
/// policy says so with ``retriesNonIdempotentOperations``.
///
/// ```swift
/// let forecast = await scope.attempt(
///     "Loading the forecast",
///     retryPolicy: .exponential(maximumRetries: 4, initialDelay: .milliseconds(200))
/// ) {
///     try await service.forecast(for: city)
/// }
/// ```
///
/// All waits run on the ``ErrorScope``'s injected clock, and the randomness is injected too, so tests
/// check the exact backoff without sleeping.
public struct RetryPolicy: Sendable {
    /// How many automatic retries follow a failure, before the person is asked. `0` turns them off.
    public var maximumRetries: Int
    package var initialDelay: Duration
    /// The largest wait, and the longest `Retry-After` that is waited out automatically.
    package var maximumDelay: Duration
    package var multiplier: Double
    /// Whether operations marked as not idempotent are retried automatically too.
    public var retriesNonIdempotentOperations: Bool
    /// Values outside `0..<1` are clamped.
    package var randomFraction: @Sendable () -> Double

    package init(
        maximumRetries: Int,
        initialDelay: Duration,
        maximumDelay: Duration,
        multiplier: Double = 2,
        retriesNonIdempotentOperations: Bool = false,
        randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.initialDelay = max(.zero, initialDelay)
        self.maximumDelay = max(.zero, maximumDelay)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.retriesNonIdempotentOperations = retriesNonIdempotentOperations
        self.randomFraction = randomFraction
    }

    /// No automatic retries: every failure goes straight to the person.
    public static var disabled: RetryPolicy {
        RetryPolicy(maximumRetries: 0, initialDelay: .zero, maximumDelay: .zero)
    }

    /// The default: three retries, waits capped at 0.5 s, 1 s and 2 s, never more than 30 s.
    public static var standard: RetryPolicy {
        .exponential()
    }

    /// Exponential backoff with full jitter.
    ///
    /// - Parameters:
    ///   - maximumRetries: How many automatic retries follow a failure. Default: 3.
    ///   - initialDelay: The cap of the first wait. Default: 0.5 s.
    ///   - maximumDelay: The largest wait. Default: 30 s.
    ///   - multiplier: How much the cap grows per retry. Default: 2.
    ///   - retriesNonIdempotentOperations: Whether non-idempotent operations are retried too. Default: no.
    ///   - randomFraction: A random fraction in `0..<1` for the jitter. Default: the system's generator.
    /// - Returns: The policy.
    public static func exponential(
        maximumRetries: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2,
        retriesNonIdempotentOperations: Bool = false,
        randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) -> RetryPolicy {
        RetryPolicy(
            maximumRetries: maximumRetries,
            initialDelay: initialDelay,
            maximumDelay: maximumDelay,
            multiplier: multiplier,
            retriesNonIdempotentOperations: retriesNonIdempotentOperations,
            randomFraction: randomFraction
        )
    }

    /// `initialDelay × multiplierⁿ` for retry `n` (from `0`), at most `maximumDelay`.
    package func backoffCap(forRetry retry: Int) -> Duration {
        let initial = initialDelay.seconds
        let cap = initial * pow(multiplier, Double(max(0, retry)))
        guard cap.isFinite, cap < maximumDelay.seconds else { return maximumDelay }
        return .seconds(cap)
    }

    /// A random part of the backoff cap (full jitter), never less than `retryAfter`; `nil` when
    /// `retryAfter` is more than `maximumDelay` (the person is asked instead).
    package func delay(beforeRetry retry: Int, retryAfter: Duration? = nil) -> Duration? {
        if let retryAfter, retryAfter > maximumDelay { return nil }
        let fraction = randomFraction()
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let jittered = Duration.seconds(backoffCap(forRetry: retry).seconds * clamped)
        return max(jittered, retryAfter ?? .zero)
    }

    package func retries(_ failure: HandledError, retriesSoFar: Int, isIdempotent: Bool) -> Bool {
        failure.isTransient && retriesSoFar < maximumRetries && (isIdempotent || retriesNonIdempotentOperations)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
