/// Shows a ``Presentation`` to a person and answers which option they chose.
///
/// Presenters are thin: by the time a presentation reaches one, the error is resolved and the
/// presentation rules are applied (see ``Presentation``). A presenter only draws and waits.
///
/// ```swift
/// struct PrintingPresenter: ErrorPresenter {
///     func present(_ presentation: Presentation) async throws -> RecoveryOption? {
///         print(presentation.title, presentation.message)
///         return presentation.defaultOption
///     }
/// }
/// ```
///
/// A presenter that can answer without waiting also implements ``immediateAnswer(to:)``.
public protocol ErrorPresenter: Sendable {
    /// Shows the presentation and waits for the person's choice.
    ///
    /// Banners (``PresentationStyle/banner``) return at once, usually `nil`.
    ///
    /// - Parameter presentation: The resolved, view-ready error.
    /// - Returns: The chosen option (one of `presentation.options`), or `nil` when the presentation was
    ///   dismissed without a choice, which counts as choosing the cancel option.
    /// - Throws: When the presenter cannot show anything; the caller then treats the presentation as
    ///   cancelled and logs the failure.
    func present(_ presentation: Presentation) async throws -> RecoveryOption?

    /// Answers a presentation at once, when this presenter can; otherwise says it has to wait, and
    /// ``present(_:)`` shows it.
    ///
    /// The scheduler asks this first, in the presentation's task; only ``ImmediateAnswer/needsWaiting``
    /// leads to ``present(_:)`` and starts the presenter timeout, so a presenter that never waits (a
    /// script, a logger, a terminal nobody can type into) leaves no timer behind. Coalescing and the
    /// coalescing window work as for any answer.
    ///
    /// ```swift
    /// struct LoggingPresenter: ErrorPresenter {
    ///     let logger: Logger
    ///
    ///     func immediateAnswer(to presentation: Presentation) -> ImmediateAnswer {
    ///         logger.notice("\(presentation.title): \(presentation.message)")
    ///         return .answered(presentation.fallbackOption)
    ///     }
    ///
    ///     func present(_ presentation: Presentation) async -> RecoveryOption? {
    ///         presentation.fallbackOption
    ///     }
    /// }
    /// ```
    ///
    /// It runs synchronously on any thread, so it must never block or wait for a person. When it returns
    /// ``ImmediateAnswer/needsWaiting`` it must not have shown the presentation. Default: `needsWaiting`.
    ///
    /// - Parameter presentation: The resolved, view-ready error.
    /// - Returns: ``ImmediateAnswer/answered(_:)`` with what ``present(_:)`` would return, or
    ///   ``ImmediateAnswer/needsWaiting``.
    /// - Throws: As ``present(_:)``: the presentation counts as cancelled and the failure is logged.
    func immediateAnswer(to presentation: Presentation) throws -> ImmediateAnswer

    /// What this presenter can show; the root picks each presentation's style from it.
    ///
    /// Default: ``PresenterCapabilities/all``. A terminal's banners carry no buttons, so
    /// `TerminalPresenter` says `[.alerts]`, and a banner that needs an answer reaches it as an alert.
    var capabilities: PresenterCapabilities { get }
}

/// What ``ErrorPresenter/immediateAnswer(to:)`` says: the answer, given at once, or that the presenter
/// has to wait for it.
public enum ImmediateAnswer: Sendable {
    /// The answer, as ``ErrorPresenter/present(_:)`` would have returned it.
    case answered(RecoveryOption?)
    /// The presenter can't answer without waiting: ``ErrorPresenter/present(_:)`` shows the presentation.
    case needsWaiting
}

extension ErrorPresenter {
    /// Waits for every answer: ``present(_:)`` shows each presentation.
    public func immediateAnswer(to presentation: Presentation) throws -> ImmediateAnswer {
        .needsWaiting
    }

    /// Alerts, banners with actions and routes: every style as it is.
    public var capabilities: PresenterCapabilities { .all }
}
