import Foundation
import Logging

/// A node of the chain that errors travel up: the app, a screen, a feature, a request.
///
/// The root scope owns everything that is shown and logged: the ``ErrorPresenter`` and the scheduler in
/// front of it, the ``ErrorCatalog``, the logger, the clock and the ``Localization``. Children
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
/// A failure is resolved and logged; cancellations and silent errors go no further; fatal errors are
/// presented, then the program ends; transient failures are retried (``RetryPolicy``); the rules run
/// from this scope up to the root; what is left is shown as a ``Presentation``, identical ones once.
/// Every error is logged when it arrives and once more with its ``HandlingOutcome``.
///
/// Scopes are immutable and safe to share. A child keeps its parent alive; handling in flight keeps only
/// the root's scheduler alive, so releasing the root (with all its children) closes the scheduler and
/// answers every waiting caller with the presentation's fallback option.
public final class ErrorScope: Sendable {
    /// The scope's name, such as `"Feed"`.
    package let name: String
    /// The names from the root down to this scope, joined by `/`: `"App/Feed"`.
    public let path: String
    /// The scope's rules, applied in order before the parent's.
    package let rules: [ErrorRule]
    /// The enclosing scope, or `nil` for the root.
    public let parent: ErrorScope?
    let pipeline: FailurePipeline
    /// This scope and its ancestors, innermost first.
    let chain: [ScopeLink]

    private init(name: String, rules: [ErrorRule], parent: ErrorScope?, pipeline: FailurePipeline, path: String? = nil)
    {
        self.name = name
        self.path = path ?? parent.map { "\($0.path)/\(name)" } ?? name
        self.rules = rules
        self.parent = parent
        self.pipeline = pipeline
        self.chain = [ScopeLink(path: self.path, rules: rules)] + (parent?.chain ?? [])
    }

    deinit {
        // Only the root owns the scheduler; children share it and keep the root alive while they live.
        guard parent == nil else { return }
        pipeline.scheduler.close()
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
    ///   - logger: Where every handled error is logged. Default: `nil`, swift-log's task-local
    ///     `Logger.current` of the task that handles the error, as swift-log asks of libraries. Remedy
    ///     logs the handling of errors at `debug` (see <doc:Handling>), so nothing reaches a terminal at
    ///     the usual `info` level.
    ///   - clock: The clock of every wait: backoff, timeouts, banners, the minimum duration.
    ///   - configuration: Timing and limits.
    ///   - terminate: Ends the process after a fatal error was presented and the cleanup hooks ran.
    ///     Default: ``terminateProcess``, which writes the error to standard error, then exits with status 1
    ///     on Linux and macOS and stops with `fatalError` on iOS, tvOS, watchOS and visionOS. Tests pass a function that records the call instead.
    ///   - fileID: The caller's file: its module is one of the app's own (``ErrorCatalog/appModules``), whose
    ///     error types' texts a person may read.
    /// - Returns: The root scope.
    public static func root(
        _ name: String = "App",
        presenter: any ErrorPresenter,
        rules: [ErrorRule] = [],
        catalog: ErrorCatalog = .standard,
        localization: Localization = .default,
        logger: Logger? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        configuration: Configuration = Configuration(),
        terminate: @escaping @Sendable (Presentation) -> Void = ErrorScope.terminateProcess,
        fileID: String = #fileID
    ) -> ErrorScope {
        let pipeline = FailurePipeline(
            presenter: presenter,
            resolver: ErrorResolver(catalog: catalog, localization: localization, fileID: fileID),
            logger: logger,
            clock: clock,
            configuration: configuration,
            terminate: terminate
        )
        return ErrorScope(name: name, rules: rules, parent: nil, pipeline: pipeline)
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
        ErrorScope(name: name, rules: rules, parent: self, pipeline: pipeline)
    }

    /// This scope with rules of its own applied first, under the same path: a sibling module's rule for one
    /// call (RemedyTerminal's quiet end on a closed output), which logs don't tell from this scope.
    package func applying(_ rules: [ErrorRule]) -> ErrorScope {
        ErrorScope(name: name, rules: rules, parent: self, pipeline: pipeline, path: path)
    }

    /// The root of this scope's tree.
    package var root: ErrorScope {
        var scope = self
        while let parent = scope.parent { scope = parent }
        return scope
    }

    /// What the root is showing: the current blocking presentation and the banners, observable.
    public var state: PresentationState {
        pipeline.scheduler.state
    }

    /// The root's timing and limits.
    package var configuration: Configuration {
        pipeline.configuration
    }

    /// The logger handled errors go to: the root's, or the task-local `Logger.current` when the root
    /// was made without one.
    package var logger: Logger {
        pipeline.logger
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
        pipeline.addCleanup(cleanup)
    }

    // MARK: - Handling

    /// Handles an error that was caught elsewhere, and optionally retries what failed.
    ///
    /// Returns at once, the error already put in line, so errors handed in one after the other are shown
    /// in that order; the handling runs in a task of its own. When the person's choice (or a rule's
    /// take-over) recovers, `retry` runs; if it throws, that error is handled the same way, up to
    /// ``Configuration/maximumRecoveries`` times.
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
    ///   - fileID: The file of the call, the file of the error's log lines.
    ///   - line: The line of the call, the line of the error's log lines.
    /// - Returns: The task that handles the error; its value is the outcome of the last error handled
    ///   (``HandlingOutcome/coalesced`` when it joined another caller's presentation, whatever the retry did).
    @discardableResult
    public func handle(
        _ error: any Error,
        retry: (@Sendable () async throws -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> Task<HandlingOutcome, Never> {
        let pipeline = self.pipeline
        var context = HandlingState(
            chain: chain,
            action: nil,
            canRetry: retry != nil,
            isIdempotent: true,
            retryPolicy: .disabled,
            fileID: fileID,
            line: line
        )
        // In the caller's thread: see above. The caller's cancellation isn't the handling's.
        let received = pipeline.receive(error, &context, checksCancellation: false)
        return Task { [context] in
            var context = context
            var decision = await pipeline.process(received, &context)
            while true {
                switch decision {
                case .end(let outcome):
                    return outcome
                case .retry(let outcome):
                    guard let retry else { return outcome }
                    do {
                        try await retry()
                        return outcome
                    } catch {
                        decision = await pipeline.process(error, &context)
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
    ///   - fileID: The file of the call, recorded in the action's context layer for reports and used as
    ///     the file of the failure's log lines.
    ///   - line: The line of the call, likewise.
    ///   - operation: The work.
    /// - Returns: The operation's value, or `nil` when the person gave up, a rule silenced or took over
    ///   the failure without recovering, or the calling task was cancelled.
    @inlinable
    public func attempt<Value, Failure: Error>(
        _ action: String,
        idempotent: Bool = true,
        retryPolicy: RetryPolicy? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        operation: () async throws(Failure) -> Value
    ) async -> Value? {
        // Inlined, the success path runs the operation and nothing else; the failure context is made in the
        // function below, which isn't inlined.
        do {
            return try await operation()
        } catch {
            return await attempt(
                after: error,
                action,
                idempotent: idempotent,
                retryPolicy: retryPolicy,
                isolation: isolation,
                fileID: fileID,
                line: line,
                operation: operation
            )
        }
    }

    @usableFromInline
    func attempt<Value, Failure: Error>(
        after firstError: Failure,
        _ action: String,
        idempotent: Bool,
        retryPolicy: RetryPolicy?,
        isolation: isolated (any Actor)?,
        fileID: String,
        line: Int,
        operation: () async throws(Failure) -> Value
    ) async -> Value? {
        var context = HandlingState(
            chain: chain,
            action: action,
            canRetry: true,
            isIdempotent: idempotent,
            retryPolicy: retryPolicy ?? pipeline.configuration.retryPolicy,
            fileID: fileID,
            line: line
        )
        var error = firstError
        while true {
            switch await pipeline.process(error, &context) {
            case .retry:
                if Task.isCancelled { return nil }
            case .end:
                return nil
            }
            do {
                return try await operation()
            } catch let next {
                error = next
            }
        }
    }

    // MARK: - Termination

    /// The default terminate function: writes the fatal error to standard error, then ends the process the
    /// way the platform expects.
    ///
    /// - On Linux and macOS it exits with status 1 (`EXIT_FAILURE`), so scripts, service managers and the
    ///   shell see the failure.
    /// - On iOS, iPadOS, tvOS, watchOS and visionOS, which have no API for an app to quit (a process that
    ///   calls `exit` looks like a crash but leaves no crash report), it stops with `fatalError`, whose
    ///   message the system records in the crash report.
    ///
    /// - Parameter presentation: The fatal error's presentation.
    public static let terminateProcess: @Sendable (Presentation) -> Void = { presentation in
        let summary = ErrorReport(presentation.error).summary
        let text = "Fatal error: \(presentation.title). \(presentation.message)\n\(summary)\n"
        FileHandle.standardError.write(Data(text.utf8))
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        fatalError("\(presentation.title). \(presentation.message)")
        #else
        exit(EXIT_FAILURE)
        #endif
    }
}

extension ErrorScope {
    /// The failure an error is, as the root resolves it (its catalog: an app's own entries count).
    package func resolve(_ error: any Error) -> ResolvedFailure {
        pipeline.resolver.resolve(error)
    }
}
