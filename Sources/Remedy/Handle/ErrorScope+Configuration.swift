extension ErrorScope {
    /// The timing and limits of error handling, set once on the root scope.
    ///
    /// ```swift
    /// var configuration = ErrorScope.Configuration()
    /// configuration.bannerDuration = .seconds(6)
    /// configuration.retryPolicy = .exponential(maximumRetries: 5)
    /// let root = ErrorScope.root(presenter: presenter, configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// How long a presenter may take to answer before the presentation's fallback option is used.
        /// Default: 10 minutes.
        public var presenterTimeout: Duration
        /// How long a chosen option's action or a rule's take-over handler may run before it counts as
        /// not recovered. Default: 10 minutes.
        public var recoveryTimeout: Duration
        /// How long a banner stays before it goes away by itself. Default: 4 seconds.
        public var bannerDuration: Duration
        /// How many times one attempt is retried because of a person's choice or a rule's take-over.
        /// After that, a failure is shown with OK only and the attempt ends. Default: 3.
        public var maximumRecoveries: Int
        /// The least time between the person's choice and the presentation of the retry's failure, so
        /// an instant failure doesn't flicker. Default: 0.3 seconds.
        public var minimumDuration: Duration
        /// The automatic retries of transient failures, used when an attempt doesn't pass its own.
        /// Default: ``RetryPolicy/standard``.
        public var retryPolicy: RetryPolicy
        /// How long each fatal-error cleanup hook may run. Default: 5 seconds.
        public var cleanupTimeout: Duration
        /// Categories whose errors offer "Try Again" when the failed operation can be retried and the
        /// error offers no options of its own. Transient errors always do. Default:
        /// ``ErrorCategory/externalSystemUnavailable``, ``ErrorCategory/externalSystemUnexpected``,
        /// ``ErrorCategory/internalInconsistency`` and ``ErrorCategory/unknown``.
        public var retryableCategories: Set<ErrorCategory>
        /// How long after a presentation is answered an identical failure (one a person can't tell apart)
        /// gets the same answer without being shown again, logged as coalesced, the action not run again:
        /// a burst of failures is one presentation even when the presenter answers at once. A caller whose
        /// own failure was already answered (it retried and failed again) is always shown it; fatal errors
        /// never reuse an answer. On the root's clock; `.zero` turns it off. Default: 1 second.
        public var coalescingWindow: Duration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - presenterTimeout: How long a presenter may take to answer.
        ///   - recoveryTimeout: How long a recovery action or take-over handler may run.
        ///   - bannerDuration: How long a banner stays.
        ///   - maximumRecoveries: How many person-driven retries one attempt allows; negative counts as 0.
        ///   - minimumDuration: The least time between a choice and the next presentation.
        ///   - retryPolicy: The default automatic retries.
        ///   - cleanupTimeout: How long each fatal-error cleanup hook may run.
        ///   - retryableCategories: Categories that offer "Try Again".
        ///   - coalescingWindow: How long an answer is reused for identical failures; `.zero` turns it off.
        public init(
            presenterTimeout: Duration = .seconds(600),
            recoveryTimeout: Duration = .seconds(600),
            bannerDuration: Duration = .seconds(4),
            maximumRecoveries: Int = 3,
            minimumDuration: Duration = .milliseconds(300),
            retryPolicy: RetryPolicy = .standard,
            cleanupTimeout: Duration = .seconds(5),
            retryableCategories: Set<ErrorCategory> = [
                .externalSystemUnavailable, .externalSystemUnexpected, .internalInconsistency, .unknown,
            ],
            coalescingWindow: Duration = .seconds(1)
        ) {
            self.presenterTimeout = presenterTimeout
            self.recoveryTimeout = recoveryTimeout
            self.bannerDuration = bannerDuration
            self.maximumRecoveries = max(0, maximumRecoveries)
            self.minimumDuration = minimumDuration
            self.retryPolicy = retryPolicy
            self.cleanupTimeout = cleanupTimeout
            self.retryableCategories = retryableCategories
            self.coalescingWindow = coalescingWindow
        }
    }
}
