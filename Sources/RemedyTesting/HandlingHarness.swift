import Foundation
import Logging
import Remedy

/// A root `ErrorScope` wired for tests: a ``ScriptedPresenter``, a ``TestClock``, a
/// ``LogRecording`` and a terminate function that records instead of ending the process.
///
/// ```swift
/// @Test func feedIsRetriedAfterTryAgain() async {
///     let harness = HandlingHarness(answers: [.title("Try Again")])
///     var calls = 0
///     let feed = await harness.scope.attempt("Loading the feed") {
///         calls += 1
///         if calls == 1 { throw HTTPStatusError(status: 500) }
///         return ["post"]
///     }
///     #expect(feed == ["post"])
///     #expect(harness.record(of: "Loading the feed").retries == 1)
///     #expect(harness.record(of: "Loading the feed").presentations.count == 1)
/// }
/// ```
public final class HandlingHarness: Sendable {
    /// The presenter of the root scope.
    public let presenter: ScriptedPresenter
    /// The clock of the root scope.
    public let clock: TestClock
    /// Everything the root scope logged.
    public let logs: LogRecording
    /// The root scope.
    public let scope: ErrorScope
    private let terminated = LockedValue<[Presentation]>([])
    private let changes = ChangeSignal()

    /// Creates a harness.
    ///
    /// - Parameters:
    ///   - answers: The presenter's script, one answer per presentation.
    ///   - otherwise: The presenter's answer when the script has run out. Default: cancel.
    ///   - rules: The root scope's rules.
    ///   - catalog: The catalog. Default: `ErrorCatalog.standard`.
    ///   - localization: The language. Default: English, whatever the machine's locale.
    ///   - configuration: Timing and limits. Default: ``defaultConfiguration``, without automatic
    ///     retries or minimum duration, so nothing waits on the test clock unless a test asks for it.
    ///   - logLevel: The level of the recorded logger. Default: `.debug`.
    ///   - fileID: The caller's file: its module is the app's own (`ErrorCatalog.appModules`), as when the app
    ///     makes its root scope.
    public init(
        answers: [ScriptedPresenter.Answer] = [],
        otherwise: ScriptedPresenter.Answer = .role(.cancel),
        rules: [ErrorRule] = [],
        catalog: ErrorCatalog = .standard,
        localization: Localization = Localization(locale: Locale(identifier: "en")),
        configuration: ErrorScope.Configuration = HandlingHarness.defaultConfiguration,
        logLevel: Logger.Level = .debug,
        fileID: String = #fileID
    ) {
        let presenter = ScriptedPresenter(answers, otherwise: otherwise)
        let clock = TestClock()
        let logs = LogRecording()
        let terminated = self.terminated
        let changes = self.changes
        self.presenter = presenter
        self.clock = clock
        self.logs = logs
        self.scope = ErrorScope.root(
            presenter: presenter,
            rules: rules,
            catalog: catalog,
            localization: localization,
            logger: logs.logger(level: logLevel),
            clock: clock,
            configuration: configuration,
            terminate: { presentation in
                terminated.withLock { $0.append(presentation) }
                changes.signal()
            },
            fileID: fileID
        )
    }

    /// The harness's default configuration: Remedy's defaults, but no automatic retries
    /// (`RetryPolicy.disabled`) and no minimum duration, since both wait on the ``TestClock``
    /// until a test advances it. Tests of backoff or the minimum duration pass their own configuration
    /// and advance ``clock``.
    public static var defaultConfiguration: ErrorScope.Configuration {
        ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: .disabled)
    }

    /// Every presentation shown so far.
    public var presentations: [Presentation] {
        presenter.presentations
    }

    /// The fatal presentations the terminate function was called with (the process is not ended).
    public var terminations: [Presentation] {
        terminated.withLock { $0 }
    }

    /// What happened to an attempt's action: its logged failures, retries and presentations.
    ///
    /// - Parameter action: The action's name, as passed to `attempt`.
    /// - Returns: The record.
    public func record(of action: String) -> AttemptRecord {
        AttemptRecord(
            action: action,
            failures: logs.handledErrors.filter { $0["action"] == action },
            presentations: presentations.filter { AttemptRecord.action(of: $0.error) == action }
        )
    }

    /// Waits, without sleeping, until the terminate function was called a number of times.
    ///
    /// - Parameter count: How many calls to wait for.
    /// - Returns: `true` when they happened, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForTerminations(_ count: Int) async -> Bool {
        await changes.wait { terminated.withLock { $0.count } >= count }
    }
}

/// What happened to one action handed to `ErrorScope.attempt(_:idempotent:retryPolicy:isolation:fileID:line:operation:)`,
/// read back from the logs and the presenter.
public struct AttemptRecord: Sendable {
    /// The action's name.
    public var action: String
    /// Every logged failure of the action, in order.
    public var failures: [LogRecording.Entry]
    /// Every presentation of the action's failures, in order.
    public var presentations: [Presentation]

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - action: The action's name.
    ///   - failures: The action's logged failures.
    ///   - presentations: The presentations of its failures.
    public init(action: String, failures: [LogRecording.Entry], presentations: [Presentation]) {
        self.action = action
        self.failures = failures
        self.presentations = presentations
    }

    /// How many times the operation was run again, for any reason.
    public var retries: Int {
        failures.count { $0["retry"] != nil }
    }

    /// How many retries were automatic (transient failures, before anyone was asked).
    public var automaticRetries: Int {
        failures.count { $0["retry"] == "automatic" }
    }

    /// How many retries followed a person's choice or a rule's take-over.
    public var recoveryRetries: Int {
        retries - automaticRetries
    }

    /// The outcome of each logged failure, in order.
    public var outcomes: [HandlingOutcome] {
        failures.compactMap(\.outcome)
    }

    /// The titles of the presentations, in order.
    public var presentedTitles: [String] {
        presentations.map(\.title)
    }

    /// The action an error was attempted under: the outermost context layer of its tree.
    static func action(of error: any Error) -> String? {
        ErrorTree(error).first(ContextError.self)?.layers.first?.message
    }
}
