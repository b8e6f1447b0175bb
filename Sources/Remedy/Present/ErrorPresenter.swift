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

    /// What this presenter can show; the root picks each presentation's style from it.
    ///
    /// Default: ``PresenterCapabilities/all``. A terminal's banners carry no buttons, so
    /// `TerminalPresenter` says `[.alerts]`, and a banner that needs an answer reaches it as an alert.
    var capabilities: PresenterCapabilities { get }
}

extension ErrorPresenter {
    /// Alerts, banners with actions and routes: every style as it is.
    public var capabilities: PresenterCapabilities { .all }
}
