extension RecoveryOption {
    /// "Sign In": the recommended option for errors that need the person to sign in (again).
    ///
    /// The title is Remedy's own, in the presentation's language.
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: presenter, rules: [
    ///     .httpStatus(401, .replace(MessageError(
    ///         "Your session has ended. Sign in again to continue.",
    ///         category: .authenticationRequired,
    ///         options: [.signIn { try await session.signIn() }]
    ///     )))
    /// ])
    /// ```
    ///
    /// - Parameter signIn: The sign-in flow. Return `true` when the person signed in: the failed
    ///   operation then runs again. Throwing from it is handled as a new error.
    /// - Returns: A recommended option that reports ``RecoveryOutcome/recovered`` after a sign-in.
    public static func signIn(_ signIn: @escaping @Sendable () async throws -> Bool) -> RecoveryOption {
        RecoveryOption(
            title: Localization.default.string(forKey: signInKey),
            role: .recommended,
            titleKey: signInKey,
            isAcknowledgement: false,
            action: { try await signIn() ? .recovered : .notRecovered }
        )
    }

    static let signInKey = "handling.option.signIn"
}
