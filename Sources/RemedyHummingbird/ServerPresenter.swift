#if Hummingbird
import Remedy

/// The presenter of one request's error scope: it can't ask anybody, so it keeps the presentation the
/// scope resolved (the response is made from it) and answers with the presentation's fallback option
/// (Cancel or OK), whose action does nothing on the server.
///
/// Its capabilities are `[]`: every presentation keeps the style its severity gives it, and the
/// options travel to the client as actions.
final class ServerPresenter: ErrorPresenter {
    private let presented = LockedValue<Presentation?>(nil)

    /// Nothing: no alerts, no banners with actions, no routes.
    var capabilities: PresenterCapabilities { [] }

    /// Keeps the presentation and answers with its fallback option, at once: a request's error costs no
    /// presenter task.
    func immediateAnswer(to presentation: Presentation) -> ImmediateAnswer {
        .answered(keep(presentation))
    }

    /// As ``immediateAnswer(to:)``, which the scope asks first (never called by the scope).
    func present(_ presentation: Presentation) async -> RecoveryOption? {
        keep(presentation)
    }

    private func keep(_ presentation: Presentation) -> RecoveryOption {
        // The last one wins: after a take-over's handler failed, its error is presented in place of the
        // first.
        presented.withLock { $0 = presentation }
        return presentation.fallbackOption
    }

    /// The presentation the scope showed last, or `nil` when nothing was shown (the error was silenced,
    /// or taken over).
    var presentation: Presentation? {
        presented.withLock { $0 }
    }
}
#endif
