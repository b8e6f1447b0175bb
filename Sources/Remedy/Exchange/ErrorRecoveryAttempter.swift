import Foundation

/// The recovery attempter of a bridged ``PresentableError``: runs the option at an index.
///
/// It is stored under `NSRecoveryAttempterErrorKey` by ``PresentableError/bridgedToNSError(localization:)``.
/// On Apple platforms it implements the informal `NSErrorRecoveryAttempting` protocol, so AppKit's
/// `presentError(_:)` runs the chosen option's action. On every platform ``attemptRecovery(optionIndex:)``
/// runs it asynchronously and reports whether it recovered, and
/// ``attemptRecovery(optionIndex:completion:)`` reports it to a callback once the action finished.
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

    /// Runs the option at an index and reports whether it recovered once its action has finished.
    ///
    /// This is the callback form AppKit's sheets use (`didRecoverSelector`): `completion` is called exactly
    /// once, after the action returned or threw, never before. An index out of range is reported as `false`
    /// at once.
    ///
    /// ```swift
    /// attempter.attemptRecovery(optionIndex: 0) { recovered in
    ///     if recovered { reload() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - optionIndex: The index of the option in ``options``.
    ///   - completion: Receives `true` when the action reported ``RecoveryOutcome/recovered``; `false` for an
    ///     index out of range, an action that throws or one that didn't recover. Called on no particular
    ///     thread.
    public func attemptRecovery(optionIndex: Int, completion: @escaping @Sendable (Bool) -> Void) {
        guard options.indices.contains(optionIndex) else {
            completion(false)
            return
        }
        let option = options[optionIndex]
        // Unstructured because AppKit's callback API can't wait: the task ends when the action does.
        Task { completion((try? await option.perform()) == .recovered) }
    }

    /// Starts the option at an index and answers whether the recovery has completed, which it can't have:
    /// the action is asynchronous. So the answer is `false`; the action runs on, unobserved.
    ///
    /// This is the answer of AppKit's application-modal form, `attemptRecovery(fromError:optionIndex:)`,
    /// whose contract is "YES if the error recovery was completed successfully": its callers (a document
    /// that saves again) act on `true` at once. The sheet form reports the action's outcome once it is known.
    func attemptRecoveryWithoutWaiting(optionIndex: Int) -> Bool {
        guard options.indices.contains(optionIndex) else { return false }
        let option = options[optionIndex]
        // Unstructured because the caller can't wait: the task ends when the action does.
        Task { _ = try? await option.perform() }
        return false
    }

    #if canImport(ObjectiveC)
    /// `NSErrorRecoveryAttempting`, app-modal form: starts the option's action and answers `false`, because
    /// the recovery can't have completed before an asynchronous action finished (see
    /// ``attemptRecovery(optionIndex:completion:)`` for the form that waits).
    public override func attemptRecovery(fromError error: Error, optionIndex recoveryOptionIndex: Int) -> Bool {
        attemptRecoveryWithoutWaiting(optionIndex: recoveryOptionIndex)
    }

    /// `NSErrorRecoveryAttempting`, sheet form: runs the option's action and, only once it finished, sends
    /// `didRecoverSelector` to `delegate` on the main thread with whether it recovered.
    public override func attemptRecovery(
        fromError error: Error,
        optionIndex recoveryOptionIndex: Int,
        delegate: Any?,
        didRecoverSelector: Selector?,
        contextInfo: UnsafeMutableRawPointer?
    ) {
        let callback = DidRecoverCallback(delegate: delegate, selector: didRecoverSelector, contextInfo: contextInfo)
        attemptRecovery(optionIndex: recoveryOptionIndex) { recovered in
            DispatchQueue.main.async { callback.send(recovered) }
        }
    }
    #endif
}

#if canImport(ObjectiveC)
/// The delegate and selector of AppKit's sheet form, sent `- (void)didRecover:(BOOL)r contextInfo:(void *)c`.
///
/// `@unchecked Sendable`: it is created on the thread AppKit calls from and used once, on the main thread,
/// which is where AppKit expects its delegate to be called; the context pointer is AppKit's and only passed
/// back.
private struct DidRecoverCallback: @unchecked Sendable {
    typealias Function = @convention(c) (AnyObject, Selector, ObjCBool, UnsafeMutableRawPointer?) -> Void

    let delegate: NSObject?
    let selector: Selector?
    let contextInfo: UnsafeMutableRawPointer?

    init(delegate: Any?, selector: Selector?, contextInfo: UnsafeMutableRawPointer?) {
        self.delegate = delegate as? NSObject
        self.selector = selector
        self.contextInfo = contextInfo
    }

    func send(_ recovered: Bool) {
        // A missing delegate or selector means nobody asked to be told.
        guard let delegate, let selector, delegate.responds(to: selector) else { return }
        let function = unsafeBitCast(delegate.method(for: selector), to: Function.self)
        function(delegate, selector, ObjCBool(recovered), contextInfo)
    }
}
#endif
