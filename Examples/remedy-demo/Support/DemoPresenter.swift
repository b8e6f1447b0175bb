import Remedy
import RemedyTerminal

/// The demo's presenter: the terminal presenter, with a hold a scenario may set on what is drawn.
///
/// A terminal can't redraw an alert that is already on screen, so the storm scenario holds its alert
/// until the burst of identical failures has joined it, then draws it once with the full count — what a
/// person would see after a moment in an app whose alert updates its count live.
final class DemoPresenter: ErrorPresenter {
    let terminal: TerminalPresenter
    private let hold = Hold()

    init(terminal: TerminalPresenter) {
        self.terminal = terminal
    }

    /// The terminal's: alerts only.
    var capabilities: PresenterCapabilities { terminal.capabilities }

    func present(_ presentation: Presentation) async -> RecoveryOption? {
        let presentation = await hold.apply(to: presentation)
        return await terminal.present(presentation)
    }

    /// Holds every presentation until `until` returns it, possibly changed; `nil` to hold none.
    func setHold(_ until: (@Sendable (Presentation) async -> Presentation)?) async {
        await hold.set(until)
    }

    private actor Hold {
        private var until: (@Sendable (Presentation) async -> Presentation)?

        func set(_ until: (@Sendable (Presentation) async -> Presentation)?) {
            self.until = until
        }

        func apply(to presentation: Presentation) async -> Presentation {
            guard let until else { return presentation }
            return await until(presentation)
        }
    }
}
