import Foundation

/// The recovery attempter of a bridged ``PresentableError``: runs the option at an index.
///
/// It is stored under `NSRecoveryAttempterErrorKey` by ``PresentableError/bridgedToNSError(localization:)``.
/// On Apple platforms it implements the informal `NSErrorRecoveryAttempting` protocol, so AppKit's
/// `presentError(_:)` runs the chosen option's action. On every platform ``attemptRecovery(optionIndex:)``
/// runs it asynchronously and reports whether it recovered. An index out of range is answered with
/// `false` and runs nothing.
public final class ErrorRecoveryAttempter: NSObject, Sendable {
    /// In the order of `NSLocalizedRecoveryOptionsErrorKey`.
    package let options: [RecoveryOption]

    /// Creates an attempter for options, in the order of their titles in the user info.
    public init(options: [RecoveryOption]) {
        self.options = options
    }

    /// Runs the option at an index.
    ///
    /// - Parameter optionIndex: The index of the option in `NSLocalizedRecoveryOptionsErrorKey`.
    /// - Returns: `true` when the option's action reported ``RecoveryOutcome/recovered``; `false` for an
    ///   index out of range, an action that throws or one that didn't recover.
    public func attemptRecovery(optionIndex: Int) async -> Bool {
        guard options.indices.contains(optionIndex) else { return false }
        return (try? await options[optionIndex].perform()) == .recovered
    }

    /// The callback form AppKit's sheets use (`didRecoverSelector`): `completion` is called exactly once,
    /// after the action returned or threw (at once for an index out of range), on no particular thread.
    package func attemptRecovery(optionIndex: Int, completion: @escaping @Sendable (Bool) -> Void) {
        guard options.indices.contains(optionIndex) else {
            completion(false)
            return
        }
        let option = options[optionIndex]
        // Unstructured because AppKit's callback API can't wait: the task ends when the action does.
        Task { completion((try? await option.perform()) == .recovered) }
    }

    /// Runs the option at an index and answers, once its action has finished, whether it recovered — with
    /// the calling thread's run loop running meanwhile.
    ///
    /// AppKit's application-modal form must answer synchronously ("YES if the error recovery was completed
    /// successfully"), and its callers act on the answer at once. Running the main run loop keeps the app's
    /// events, timers and main-queue work going while the action runs, as the modal alert before it did.
    func attemptRecoveryRunningTheRunLoop(optionIndex: Int) -> Bool {
        guard options.indices.contains(optionIndex) else { return false }
        let option = options[optionIndex]
        let outcome = LockedValue<Bool?>(nil)
        let runLoop = RunLoop.current
        let wakeUp = RunLoopWakeUp(runLoop: runLoop)
        // Keeps the run loop waiting for input rather than returning at once when it has no other source.
        let keepAlive = Timer(timeInterval: 86_400, repeats: false) { _ in }
        runLoop.add(keepAlive, forMode: .default)
        defer { keepAlive.invalidate() }
        // Unstructured because this caller can't await; the loop below waits for it to end.
        Task {
            let recovered = (try? await option.perform()) == .recovered
            outcome.withLock { $0 = recovered }
            wakeUp.wake()
        }
        while true {
            if let recovered = outcome.withLock({ $0 }) { return recovered }
            // A bounded wait: `perform` only enqueues its block (`CFRunLoopPerformBlock` doesn't wake a sleeping
            // loop), so a wake-up that comes just before the loop sleeps would otherwise be lost for good.
            _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
    }

    #if canImport(ObjectiveC)
    /// `NSErrorRecoveryAttempting`, app-modal form: runs the option's action and answers whether it
    /// recovered once it has finished, the main run loop running meanwhile.
    public override func attemptRecovery(fromError error: Error, optionIndex recoveryOptionIndex: Int) -> Bool {
        attemptRecoveryRunningTheRunLoop(optionIndex: recoveryOptionIndex)
    }

    /// `NSErrorRecoveryAttempting`, sheet form: runs the option's action and, only once it finished, sends
    /// `didRecoverSelector` to `delegate` on the main thread with whether it recovered.
    // The raw pointer is AppKit's `contextInfo` in this protocol's signature, handed back untouched: an API
    // requirement of `NSErrorRecoveryAttempting`, not an optimization.
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

/// Wakes a run loop waiting in ``ErrorRecoveryAttempter/attemptRecoveryRunningTheRunLoop(optionIndex:)``.
///
/// `@unchecked Sendable`: the run loop is only reached through `perform(_:)`, which schedules a block on
/// it from another thread and wakes it; nothing else of it is touched off its own thread.
private struct RunLoopWakeUp: @unchecked Sendable {
    let runLoop: RunLoop

    func wake() {
        runLoop.perform {}
    }
}

extension ErrorRecoveryAttempter: NSSecureCoding {
    private static let titlesKey = "RemedyRecoveryOptionTitles"

    /// `true`: an `NSError` whose user info holds the attempter can be archived with secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the options' titles. Their actions are closures, which no archive can hold.
    public func encode(with coder: NSCoder) {
        coder.encode(options.map(\.title) as NSArray, forKey: Self.titlesKey)
    }

    /// Unarchives an attempter whose options recover nothing: their actions stayed with the archiving process.
    public convenience init?(coder: NSCoder) {
        guard let titles = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: Self.titlesKey) as? [String]
        else { return nil }
        self.init(options: titles.map { RecoveryOption(title: $0) { .notRecovered } })
    }
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
        // The cast gives the selector AppKit's documented C signature: an API requirement, not an optimization.
        // A missing delegate or selector means nobody asked to be told.
        guard let delegate, let selector, delegate.responds(to: selector) else { return }
        let function = unsafeBitCast(delegate.method(for: selector), to: Function.self)
        function(delegate, selector, ObjCBool(recovered), contextInfo)
    }
}
#endif
