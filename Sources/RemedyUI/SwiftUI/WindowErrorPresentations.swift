#if canImport(SwiftUI)
import Observation
import Remedy
import SwiftUI

/// What one window shows of the root scope's presentations: an alert, a route, banners.
///
/// An alert is followed by the next only once SwiftUI has seen it gone: when SwiftUI sets
/// ``isAlertPresented`` to `false` (its own dismissal, after a button), or reads it as `false` on the
/// render after the presentation was withdrawn. Setting the next alert while SwiftUI still shows the last
/// would replace it without the system ever dismissing it.
@MainActor
@Observable
public final class WindowErrorPresentations {
    /// The blocking presentation shown as an alert, if any. Reading it (a render does) tells the window
    /// that the last alert is seen gone.
    public var alert: PendingPresentation? {
        if alertLeaving != nil { Task { self.alertLeft() } }
        return shownAlert
    }
    private var shownAlert: PendingPresentation?
    /// The critical presentation shown as a sheet, if any.
    public private(set) var route: PendingPresentation?
    /// The banners shown, oldest first.
    public private(set) var banners: [PendingPresentation] = []
    @ObservationIgnored private var nextID = 0
    /// The end of the last alert's dismissal, until SwiftUI has seen it gone.
    @ObservationIgnored private var alertLeaving: (@MainActor () -> Void)?
    /// The presentations shown, answered at once if the window closes.
    @ObservationIgnored private var shownSlots: [AnswerSlot] = []

    init() {}

    /// Whether the alert is presented: the binding of `.alert(isPresented:)`. Setting it to `false`
    /// dismisses the alert without a choice, unless a button answers in the same turn of the main actor.
    ///
    /// SwiftUI sets it to `false` when a button is tapped, before or after running the button's action, so
    /// the dismissal waits a turn: the tapped button's choice always wins.
    public var isAlertPresented: Bool {
        // SwiftUI reads `false` for an alert that left: it dismisses it now, and the next may follow.
        get { alert != nil }
        set {
            guard !newValue else { return }
            guard let pending = shownAlert else { return alertLeft() }
            Task { pending.dismiss() }
        }
    }

    /// The route shown as a sheet: the binding of `.sheet(item:)`. Setting it to `nil` dismisses it (a turn
    /// later, like ``isAlertPresented``, so an answer from the route's own button wins).
    public var presentedRoute: PendingPresentation? {
        get { route }
        set {
            guard newValue == nil, let pending = route else { return }
            Task { pending.dismiss() }
        }
    }

    /// Shows a presentation here until it is answered or withdrawn.
    func show(_ presentation: Presentation, routes: Bool) async -> RecoveryOption? {
        await AnswerSlot.wait { slot in
            nextID += 1
            let pending = PendingPresentation(id: nextID, presentation: presentation, slot: slot)
            shownSlots.append(slot)
            slot.onFinish { [weak self] in self?.shownSlots.removeAll { $0 === slot } }
            switch presentation.style {
            case .banner:
                banners.append(pending)
                slot.onFinish { [weak self] in self?.banners.removeAll { $0 === pending } }
            case .route where routes:
                route = pending
                slot.onFinish { [weak self] in if self?.route === pending { self?.route = nil } }
            case .alert, .route:
                shownAlert = pending
                slot.onFinish(reportingDone: alertTakeAway(pending))
            }
        }
    }

    /// Clears the alert, and reports it gone once SwiftUI has seen it gone.
    private func alertTakeAway(_ pending: PendingPresentation) -> AnswerSlot.TakeAway {
        { [weak self] done in
            guard let self, shownAlert === pending else { return done() }
            shownAlert = nil
            alertLeaving = done
        }
    }

    /// Whether an answered alert waits for SwiftUI to see it gone.
    var isAlertLeaving: Bool { alertLeaving != nil }

    private func alertLeft() {
        let leaving = alertLeaving
        alertLeaving = nil
        leaving?()
    }

    /// The window closed: everything it shows is answered, as dismissed, and nothing waits for SwiftUI.
    func closeAll() {
        for slot in shownSlots { slot.answer(nil) }
        alertLeft()
    }
}
#endif
