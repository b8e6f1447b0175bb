#if canImport(SwiftUI)
import Observation
import Remedy
import SwiftUI

#if canImport(Accessibility)
import Accessibility  // AccessibilityNotification
#endif

/// The presenter of a SwiftUI app: main-actor, observable state that the root view binds to an alert, a
/// banner overlay and a sheet (see ``SwiftUI/View/errorPresentation(_:root:route:)``).
///
/// The root scope's scheduler hands it each presentation at the moment it becomes the scope's
/// ``PresentationState/current`` (or joins its ``PresentationState/banners``), and withdraws it when the
/// state lets it go; views read the mirror here, on the main actor.
///
/// ```swift
/// let presenter = SwiftUIErrorPresenter()
/// let root = ErrorScope.root(presenter: presenter)
/// ```
@MainActor
@Observable
public final class SwiftUIErrorPresenter: ErrorPresenter {
    /// The blocking presentation shown as an alert, if any.
    public private(set) var alert: PendingPresentation?
    /// The critical presentation shown as a sheet, if any.
    public private(set) var route: PendingPresentation?
    /// The banners shown, oldest first.
    public private(set) var banners: [PendingPresentation] = []
    @ObservationIgnored private var nextID = 0

    /// Critical errors get a sheet only when the app gives the root modifier a route view.
    public nonisolated let capabilities: PresenterCapabilities

    /// Creates a presenter.
    ///
    /// - Parameter routes: Whether the app shows critical errors as a screen of their own (passing a `route`
    ///   view to ``SwiftUI/View/errorPresentation(_:root:route:)``); otherwise they are alerts.
    public init(routes: Bool = false) {
        capabilities = routes ? .all : [.alerts, .bannerActions]
    }

    /// Whether the alert is presented: the binding of `.alert(isPresented:)`. Setting it to `false`
    /// dismisses the alert without a choice, unless a button answers in the same turn of the main actor.
    ///
    /// SwiftUI sets it to `false` when a button is tapped, before or after running the button's action, so
    /// the dismissal waits a turn: the tapped button's choice always wins.
    public var isAlertPresented: Bool {
        get { alert != nil }
        set {
            guard !newValue, let pending = alert else { return }
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

    /// Shows a presentation and answers with the person's choice, or `nil` when it was withdrawn.
    ///
    /// - Parameter presentation: What to show.
    /// - Returns: The chosen option, or `nil`.
    public func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        await AnswerSlot.wait { slot in
            nextID += 1
            let pending = PendingPresentation(id: nextID, presentation: presentation, slot: slot)
            switch presentation.style {
            case .banner:
                banners.append(pending)
                AccessibilityNotification.Announcement(PresentationLayout.announcement(of: presentation)).post()
                slot.onFinish { [weak self] in self?.banners.removeAll { $0 === pending } }
            case .route where capabilities.contains(.routes):
                route = pending
                slot.onFinish { [weak self] in if self?.route === pending { self?.route = nil } }
            case .alert, .route:
                alert = pending
                slot.onFinish { [weak self] in if self?.alert === pending { self?.alert = nil } }
            }
        }
    }
}

/// A presentation on screen, and the way to answer it.
@MainActor
public final class PendingPresentation: Identifiable {
    /// Tells presentations apart while they are shown.
    public nonisolated let id: Int
    /// What is shown.
    public nonisolated let presentation: Presentation
    private let slot: AnswerSlot

    init(id: Int, presentation: Presentation, slot: AnswerSlot) {
        self.id = id
        self.presentation = presentation
        self.slot = slot
    }

    /// The text under the title: the message with its field errors listed under it, the detail, and how many
    /// times it happened.
    public nonisolated var body: String { PresentationLayout.body(of: presentation) }

    /// What is wrong with each field of the person's input (``Presentation/fieldErrors``): a form shows each
    /// message beside its field, matching ``FieldError/field`` or ``FieldError/path`` to its own fields.
    ///
    /// ```swift
    /// if let pending = presenter.alert {
    ///     for fieldError in pending.fieldErrors {
    ///         form.errors[fieldError.path.joined(separator: ".")] = fieldError.message
    ///     }
    /// }
    /// ```
    public nonisolated var fieldErrors: [FieldError] { presentation.fieldErrors }

    /// The one action of a banner, if it has one.
    public nonisolated var bannerAction: RecoveryOption? { PresentationLayout.bannerAction(of: presentation) }

    /// Answers with an option; the presentation goes away.
    ///
    /// - Parameter option: One of the presentation's options.
    public func choose(_ option: RecoveryOption) {
        slot.answer(option)
    }

    /// Takes the presentation away without a choice; Remedy answers with its fallback option.
    public func dismiss() {
        slot.answer(nil)
    }
}
#endif
