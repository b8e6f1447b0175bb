import Foundation

/// The recovery attempter of a bridged ``PresentableError``: runs the option at an index.
///
/// It is stored under `NSRecoveryAttempterErrorKey` by ``PresentableError/bridgedToNSError(localization:)``.
/// On Apple platforms it implements the informal `NSErrorRecoveryAttempting` protocol, so AppKit's
/// `presentError(_:)` runs the chosen option's action. On every platform ``attemptRecovery(optionIndex:)``
/// runs it asynchronously and reports whether it recovered.
///
/// An index out of range is answered with `false` and runs nothing.
public final class ErrorRecoveryAttempter: NSObject, Sendable {
    /// The options, in the order of `NSLocalizedRecoveryOptionsErrorKey`.
    public let options: [RecoveryOption]

    /// Creates an attempter for options.
    ///
    /// - Parameter options: The options, in the order of their titles in the user info.
    public init(options: [RecoveryOption]) {
        self.options = options
    }

    /// Runs the option at an index.
    ///
    /// - Parameter optionIndex: The index of the option in ``options``.
    /// - Returns: `true` when the option's action reported ``RecoveryOutcome/recovered``; `false` for an
    ///   index out of range, an action that throws or one that didn't recover.
    public func attemptRecovery(optionIndex: Int) async -> Bool {
        guard options.indices.contains(optionIndex) else { return false }
        return (try? await options[optionIndex].perform()) == .recovered
    }

    #if canImport(ObjectiveC)
    /// `NSErrorRecoveryAttempting`: starts the option's action and answers at once whether the option
    /// attempts a recovery at all (its action runs asynchronously; AppKit's modal API can't wait for it).
    public override func attemptRecovery(fromError error: Error, optionIndex recoveryOptionIndex: Int) -> Bool {
        guard options.indices.contains(recoveryOptionIndex) else { return false }
        let option = options[recoveryOptionIndex]
        Task { _ = try? await option.perform() }
        return option.role != .cancel && !option.isAcknowledgement
    }
    #endif
}
