import Foundation
import Logging

/// A node of the chain that errors travel up: the app, a screen, a feature, a request.
///
/// The root scope owns everything that is shown and logged: the ``ErrorPresenter``, the
/// ``PresentationQueue``, the ``ErrorCatalog``, the logger, the clock and the ``Localization``. Children
/// stand for parts of the program and add ``ErrorRule``s of their own; their path (`"App/Feed"`) names
/// them in logs.
///
/// ```swift
/// let root = ErrorScope.root(presenter: TerminalPresenter())
/// let feed = root.child("Feed")
///
/// // Returns the posts, or nil when the person gave up.
/// let posts = await feed.attempt("Loading the feed") {
///     try await api.posts()
/// }
/// ```
///
/// A failure is handled in this order: cancellations and errors marked silent are only logged;
/// transient failures are retried automatically (``RetryPolicy``); the rules run from this scope up to
/// the root; what is left is resolved into a ``Presentation`` and shown through the root's queue; the
/// chosen option's action runs, and `.recovered` runs the operation again. Every error handed to a
/// scope is logged exactly once, with its ``HandlingOutcome``.
///
/// Scopes are immutable and safe to share. A child keeps its parent alive; handling in flight keeps only
/// the root's queue alive, so releasing the root (with all its children) closes the queue and answers
/// every waiting presentation with its fallback option.
public final class ErrorScope: Sendable {
    /// The scope's name, such as `"Feed"`.
    public let name: String
    /// The names from the root down to this scope, joined by `/`: `"App/Feed"`.
    public let path: String
    /// The scope's rules, applied in order before the parent's.
    public let rules: [ErrorRule]
    /// The enclosing scope, or `nil` for the root.
    public let parent: ErrorScope?
    let environment: HandlingEnvironment
    /// This scope and its ancestors, innermost first.
    let chain: [ScopeLink]

    private init(name: String, rules: [ErrorRule], parent: ErrorScope?, environment: HandlingEnvironment) {
        self.name = name
        self.path = parent.map { "\($0.path)/\(name)" } ?? name
        self.rules = rules
        self.parent = parent
        self.environment = environment
        self.chain = [ScopeLink(path: path, rules: rules)] + (parent?.chain ?? [])
    }

    deinit {
        // Only the root owns the queue; children share it and keep the root alive while they live.
        guard parent == nil else { return }
        let queue = environment.queue
        Task { await queue.close() }
    }

    // MARK: - Making scopes

    /// Creates the root scope of an app, a tool or a server.
    ///
    /// ```swift
    /// let root = ErrorScope.root(
    ///     presenter: presenter,
    ///     rules: [.httpStatus(401, .takeOver { _ in try await session.signIn() })],
    ///     logger: Logger(label: "com.example.app.errors")
    /// )
    /// root.addFatalCleanup { await database.close() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The first component of every scope path. Default: `"App"`.
    ///   - presenter: Shows presentations and answers with the person's choice.
    ///   - rules: The app-wide rules, applied after every child's.
    ///   - catalog: Translates foreign errors. Default: ``ErrorCatalog/standard``.
    ///   - localization: The language of Remedy's texts. Default: the current locale's.
    ///   - logger: Where every handled error is logged. Default: a logger labelled `"Remedy"`.
    ///   - clock: The clock of every wait: backoff, timeouts, banners, the minimum duration.
    ///   - configuration: Timing and limits.
    ///   - terminate: Ends the process after a fatal error was presented and the cleanup hooks ran.
    ///     Default: ``terminateProcess``, which writes the error to standard error and exits with status 1.
    ///     Tests pass a function that records the call instead.
    /// - Returns: The root scope.
    public static func root(
        _ name: String = "App",
        presenter: any ErrorPresenter,
        rules: [ErrorRule] = [],
        catalog: ErrorCatalog = .standard,
        localization: Localization = .default,
        logger: Logger = Logger(label: "Remedy"),
        clock: any Clock<Duration> = ContinuousClock(),
        configuration: Configuration = Configuration(),
        terminate: @escaping @Sendable (Presentation) -> Void = ErrorScope.terminateProcess
    ) -> ErrorScope {
        let environment = HandlingEnvironment(
            presenter: presenter,
            resolver: ErrorResolver(catalog: catalog, localization: localization),
            logger: logger,
            clock: clock,
            configuration: configuration,
            terminate: terminate
        )
        return ErrorScope(name: name, rules: rules, parent: nil, environment: environment)
    }

    /// Creates a scope for a part of the program: a screen, a feature, a request.
    ///
    /// ```swift
    /// let checkout = root.child("Checkout", rules: [
    ///     .matching(PaymentSDKError.self) { error, _ in
    ///         error.isCancellation ? .silence : .replace(PaymentError(error))
    ///     }
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The scope's name, appended to the path (`"App/Checkout"`).
    ///   - rules: Rules applied before the parent's.
    /// - Returns: The child scope; it keeps this scope alive.
    public func child(_ name: String, rules: [ErrorRule] = []) -> ErrorScope {
        ErrorScope(name: name, rules: rules, parent: self, environment: environment)
    }

    /// The root of this scope's tree.
    public var root: ErrorScope {
        var scope = self
        while let parent = scope.parent { scope = parent }
        return scope
    }

    /// What the root is showing: the current blocking presentation and the banners, observable.
    public var state: PresentationState {
        environment.queue.state
    }

    /// The root's timing and limits.
    public var configuration: Configuration {
        environment.configuration
    }

    /// The logger every handled error goes to.
    public var logger: Logger {
        environment.logger
    }

    /// The root's presentation queue.
    public var queue: PresentationQueue {
        environment.queue
    }

    /// Registers work that must happen before the process ends because of a fatal error: saving,
    /// closing files, flushing logs.
    ///
    /// After a fatal error was presented, every hook runs exactly once, newest first, each within the
    /// configured cleanup timeout — even when several fatal errors race — and then the terminate
    /// function runs.
    ///
    /// - Parameter cleanup: The work to do.
    public func addFatalCleanup(_ cleanup: @escaping @Sendable () async -> Void) {
        environment.addCleanup(cleanup)
    }

    // MARK: - Handling

    /// Handles an error that was caught elsewhere, and optionally retries what failed.
    ///
    /// Returns at once; the handling runs in a task of its own (await its `value` for the outcome).
    /// When the person's choice (or a rule's take-over) recovers, `retry` runs; if it throws, that error
    /// is handled the same way, up to the configured maximum of retries.
    ///
    /// ```swift
    /// service.requestFeed { result in
    ///     if case .failure(let error) = result {
    ///         scope.handle(error, retry: { try await self.reloadFeed() })
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - retry: Runs the failed work again, or `nil` when there is nothing to retry.
    /// - Returns: The task that handles the error; its value is the outcome of the last error handled.
    @discardableResult
    public func handle(
        _ error: any Error,
        retry: (@Sendable () async throws -> Void)? = nil
    ) -> Task<HandlingOutcome, Never> {
        let environment = self.environment
        let context = FailureContext(
            chain: chain,
            action: nil,
            canRetry: retry != nil,
            isIdempotent: true,
            retryPolicy: .disabled
        )
        return Task {
            var context = context
            var failure = error
            while true {
                switch await environment.process(failure, &context) {
                case .end(let outcome):
                    return outcome
                case .retry:
                    guard let retry else { return .recovered }
                    do {
                        try await retry()
                        return .recovered
                    } catch {
                        failure = error
                    }
                }
            }
        }
    }

    /// Runs an operation and handles its failures until it succeeds or the person gives up.
    ///
    /// A failure is wrapped in a ``ContextError`` layer named after the action, then handled: transient
    /// failures are retried automatically first (`retryPolicy`), then the rules decide, then the person
    /// is asked. When their choice recovers, the operation runs again; a retry that fails again is not
    /// shown sooner than the configured minimum duration after the choice. Cancelling the calling task
    /// ends the attempt; a cancellation is never shown.
    ///
    /// The operation runs in the caller's isolation (on the main actor when called from there), so it may
    /// touch the caller's state. It may be synchronous or asynchronous, and throw typed errors.
    ///
    /// ```swift
    /// let feed = await scope.attempt("Loading the feed") {
    ///     try await api.feed()
    /// }
    /// guard let feed else { return }  // the person gave up
    /// ```
    ///
    /// - Parameters:
    ///   - action: What the operation does, for the logs and the developer report ("Loading the feed").
    ///   - idempotent: Whether running the operation twice does no harm. Non-idempotent operations are
    ///     retried automatically only when the policy says so; the person may still choose to retry.
    ///   - retryPolicy: The automatic retries, or `nil` for the root's configured policy.
    ///   - isolation: The caller's isolation, in which the operation runs.
    ///   - fileID: The file of the call, recorded in the action's context layer for reports.
    ///   - line: The line of the call, recorded in the action's context layer for reports.
    ///   - operation: The work.
    /// - Returns: The operation's value, or `nil` when the person gave up, a rule silenced or took over
    ///   the failure without recovering, or the calling task was cancelled.
    public func attempt<Value, Failure: Error>(
        _ action: String,
        idempotent: Bool = true,
        retryPolicy: RetryPolicy? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        operation: () async throws(Failure) -> Value
    ) async -> Value? {
        // The success path runs the operation and nothing else: the failure context (the scope chain,
        // the retry policy, the counters) is made only once something failed.
        var context: FailureContext?
        while true {
            do {
                return try await operation()
            } catch {
                var failure =
                    context
                    ?? FailureContext(
                        chain: chain,
                        action: action,
                        canRetry: true,
                        isIdempotent: idempotent,
                        retryPolicy: retryPolicy ?? environment.configuration.retryPolicy,
                        fileID: fileID,
                        line: line
                    )
                defer { context = failure }
                switch await environment.process(error, &failure) {
                case .retry:
                    if Task.isCancelled { return nil }
                case .end:
                    return nil
                }
            }
        }
    }

    // MARK: - Termination

    /// The default terminate function: writes the fatal error to standard error and exits with status 1.
    ///
    /// - Parameter presentation: The fatal error's presentation.
    public static let terminateProcess: @Sendable (Presentation) -> Void = { presentation in
        let summary = ErrorReport(presentation.error).summary
        let text = "Fatal error: \(presentation.title). \(presentation.message)\n\(summary)\n"
        FileHandle.standardError.write(Data(text.utf8))
        exit(EXIT_FAILURE)
    }
}
