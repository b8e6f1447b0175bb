#if canImport(SwiftUI)
import Remedy
import SwiftUI

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
