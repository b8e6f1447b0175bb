import Foundation
import Remedy
import RemedyTesting

/// A counter shared with sendable closures.
final class LockedCounter: Sendable {
    private let count = LockedValue(0)
    private let changes = ChangeSignal()

    @discardableResult
    func increment() -> Int {
        defer { changes.signal() }
        return count.withLock { value in
            value += 1
            return value
        }
    }

    var value: Int { count.withLock { $0 } }

    /// Waits, without sleeping, until the count reaches a value.
    func wait(until target: Int) async {
        await changes.wait { value >= target }
    }
}

/// A list shared with sendable closures.
final class LockedList<Element: Sendable>: Sendable {
    private let elements = LockedValue<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var values: [Element] { elements.withLock { $0 } }
}

/// A connection failure the test catalog marks transient and minor, like the catalog does for
/// `URLError.cannotConnectToHost`.
struct ConnectionRefused: Error, Equatable {}

/// A throttled response that asks to wait (HTTP 429 with `Retry-After`).
struct Throttled: Error {
    var retryAfter: Duration
}

/// A third-party SDK's error type, with a cancellation case.
enum PaymentSDKError: Error {
    case userCancelled
    case declined(code: Int)
}

/// A typed error for sign-up validation.
enum SignUpError: PresentableError, Equatable {
    case emptyUserName
    case emptyPassword

    var message: String {
        switch self {
        case .emptyUserName: "Enter a user name to continue."
        case .emptyPassword: "Enter a password to continue."
        }
    }

    var category: ErrorCategory { .invalidInput }
}

/// Per-layer errors of the error-trees article: a 401 deep inside.
enum RequestError: Error { case http(HTTPStatusError) }
enum ProfileServiceError: Error { case request(RequestError) }

/// Something that fails in a rule or an action.
struct Boom: Error, Equatable {
    var label = "boom"
}

extension ErrorCatalog {
    /// The standard catalog plus the test errors above.
    static var testing: ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.register(ConnectionRefused.self) { _, _ in
            ErrorInterpretation(
                message: "You're offline. Check your connection.",
                category: .externalSystemUnavailable,
                severity: .minor,
                isTransient: true
            )
        }
        catalog.register(Throttled.self) { error, _ in
            ErrorInterpretation(
                message: "The service is busy. Try again in a moment.",
                category: .externalSystemUnavailable,
                isTransient: true,
                retryAfter: error.retryAfter
            )
        }
        catalog.register(PaymentSDKError.self) { error, _ in
            switch error {
            case .userCancelled:
                return .silent
            case .declined:
                return ErrorInterpretation(
                    message: "The card was declined. Choose another card.", category: .invalidInput)
            }
        }
        return catalog
    }
}

/// A configuration for tests: no automatic retries or minimum duration unless a test asks.
func testConfiguration(
    presenterTimeout: Duration = .seconds(600),
    recoveryTimeout: Duration = .seconds(600),
    bannerDuration: Duration = .seconds(4),
    maximumRecoveries: Int = 3,
    minimumDuration: Duration = .zero,
    retryPolicy: RetryPolicy = .disabled
) -> ErrorScope.Configuration {
    ErrorScope.Configuration(
        presenterTimeout: presenterTimeout,
        recoveryTimeout: recoveryTimeout,
        bannerDuration: bannerDuration,
        maximumRecoveries: maximumRecoveries,
        minimumDuration: minimumDuration,
        retryPolicy: retryPolicy
    )
}

/// A presentation for scheduler tests: an English `MessageError`. Every one has the same grouping key,
/// whatever its message, as errors of one type do: coalescing must follow what a person sees, never
/// the grouping key.
func presentation(
    _ message: String,
    severity: Severity = .major,
    style: PresentationStyle? = nil,
    options: [RecoveryOption] = []
) -> Presentation {
    Presentation(
        title: nil,
        message: message,
        options: options,
        category: .unknown,
        severity: severity,
        style: style,
        groupingKey: "one shape for every test presentation",
        error: MessageError(message),
        localization: Localization(locale: Locale(identifier: "en"))
    )
}

/// The root's scheduler and recovery runner, put together as the root puts them together, for tests
/// of the two without scopes.
struct Scheduling {
    /// One caller's answer and what the chosen option's action came to.
    struct Handled {
        var answer: PresentationScheduler.Answer
        var recovery: RecoveryRunOutcome

        var option: RecoveryOption { answer.option }
        var resolution: String { answer.resolution.description }
        var isCoalesced: Bool { answer.isCoalesced }
        var presentation: Presentation { answer.presentation }

        /// The action's outcome, or `nil` when it threw, timed out or the caller left.
        var outcome: RecoveryOutcome? {
            if case .finished(let outcome) = recovery { return outcome }
            return nil
        }
    }

    let scheduler: PresentationScheduler
    let runner: RecoveryRunner

    init(
        _ presenter: ScriptedPresenter,
        clock: TestClock = TestClock(),
        presenterTimeout: Duration = .seconds(600),
        recoveryTimeout: Duration = .seconds(600),
        coalescingWindow: Duration = .seconds(1)
    ) {
        scheduler = PresentationScheduler(
            presenter: presenter,
            clock: clock,
            presenterTimeout: presenterTimeout,
            bannerDuration: .seconds(4),
            coalescingWindow: coalescingWindow
        )
        runner = RecoveryRunner(clock: clock, timeout: recoveryTimeout)
    }

    var state: PresentationState { scheduler.state }

    func present(_ presentation: Presentation, reusesRecentAnswer: Bool = true) async -> Handled {
        let answer = await scheduler.present(
            presentation,
            reusesRecentAnswer: reusesRecentAnswer,
            runningGroups: RecoveryRunner.runningGroups
        )
        let recovery: RecoveryRunOutcome =
            answer.resolution.runsAction
            ? await runner.recover(answer.option, for: answer.group) : .finished(.notRecovered)
        return Handled(answer: answer, recovery: recovery)
    }

    func close() async {
        scheduler.close()
    }
}
