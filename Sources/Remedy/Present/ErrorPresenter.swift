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
/// A presenter that can answer without waiting (a scripted presenter in tests, a terminal nobody can
/// type into, a presenter that only logs) also answers in ``immediateAnswer(to:)``, which spares each
/// presentation the presenter timeout's timer.
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

    /// Answers a presentation at once, without waiting, when this presenter can; otherwise says that it
    /// has to wait, and ``present(_:)`` shows it.
    ///
    /// The root asks this first, every time it hands a presentation to the presenter, in the task it
    /// starts for the presentation. Only when the answer is ``ImmediateAnswer/needsWaiting`` does it call
    /// ``present(_:)`` for the same presentation, in that task, and start the presenter timeout. A
    /// presentation answered here never waits on a timer: a presenter that never waits (one that answers
    /// from a script, one that logs and picks the fallback option, a terminal whose input nobody can type
    /// into) leaves nothing behind for a handled error.
    ///
    /// Everything else stays as it is: identical presentations still join and are counted, every caller
    /// gets the answer, and the coalescing window still reuses it. A presenter may answer some
    /// presentations here and wait for others (a scripted presenter whose next answer is held).
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
    ///     // Not called: every presentation is answered above.
    ///     func present(_ presentation: Presentation) async -> RecoveryOption? {
    ///         guard case .answered(let option) = immediateAnswer(to: presentation) else { return nil }
    ///         return option
    ///     }
    /// }
    /// ```
    ///
    /// Default: ``ImmediateAnswer/needsWaiting`` for every presentation, so ``present(_:)`` shows each.
    ///
    /// - It runs synchronously, in the presentation's task, so it must never block or wait for a person,
    ///   and it may run in any thread: a presenter bound to the main actor leaves it at its default.
    /// - When it returns ``ImmediateAnswer/needsWaiting``, it must not have shown the presentation (nor
    ///   taken an answer from a script): ``present(_:)`` is called next and does that.
    ///
    /// - Parameter presentation: The resolved, view-ready error.
    /// - Returns: ``ImmediateAnswer/answered(_:)`` with the chosen option (one of `presentation.options`)
    ///   or `nil` (dismissed without a choice), as ``present(_:)`` would return it; or
    ///   ``ImmediateAnswer/needsWaiting``.
    /// - Throws: When the presenter cannot show anything, as ``present(_:)`` does: the caller treats the
    ///   presentation as cancelled and logs the failure.
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
    /// The answer, given without waiting: the chosen option (one of the presentation's options), or `nil`
    /// when the presentation was dismissed without a choice — what ``ErrorPresenter/present(_:)`` would
    /// have returned.
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
