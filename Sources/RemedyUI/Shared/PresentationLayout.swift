#if canImport(UIKit) || canImport(AppKit) || canImport(SwiftUI)
import Remedy

/// How a presentation is laid out on screen: the pure decisions the UIKit, AppKit and SwiftUI adapters share.
enum PresentationLayout {
    /// The text under an alert's title: the message, with the field errors listed under it ("• email: Enter
    /// an email address with an @."), then the detail when there is one, then how many
    /// times it happened when it happened more than once ("This happened 3 times."), then the support
    /// reference a person can read out ("Reference 7KQ2-9F3A"), which the log lines of the error carry too;
    /// all in the presentation's language.
    static func body(of presentation: Presentation) -> String {
        var parts = [presentation.message]
        if !presentation.fieldErrors.isEmpty {
            parts[0] += "\n" + fieldErrorList(of: presentation)
        }
        if let detail = presentation.detail { parts.append(detail) }
        if presentation.occurrences > 1 {
            let count = String(presentation.occurrences)
            parts.append(presentation.localization.string(forKey: "presentation.occurrences", count))
        }
        parts.append(presentation.supportReference.label(in: presentation.localization))
        return parts.joined(separator: "\n\n")
    }

    /// The field errors as lines of a list: "• email: Enter an email address with an @.", in the
    /// presentation's language; the message alone for an error of the whole input. An app that shows each
    /// message beside its own field reads ``Presentation/fieldErrors`` instead.
    static func fieldErrorList(of presentation: Presentation) -> String {
        presentation.fieldErrors.map { fieldError in
            let name = fieldError.path.joined(separator: ".")
            guard !name.isEmpty else { return "• " + fieldError.message }
            return "• " + presentation.localization.string(forKey: "presentation.fieldError", name, fieldError.message)
        }
        .joined(separator: "\n")
    }

    /// The one action a banner carries: the recommended option, else the only option that isn't the cancel
    /// option or a plain acknowledgement; `nil` when there is none (the banner just informs).
    static func bannerAction(of presentation: Presentation) -> RecoveryOption? {
        // Remedy pairs every real action with a cancel option, so without one there are only acknowledgements.
        guard presentation.cancelOption != nil else { return nil }
        if let recommended = presentation.options.first(where: { $0.role == .recommended }) {
            return recommended
        }
        let actions = presentation.options.filter { $0.role != .cancel }
        return actions.count == 1 ? actions[0] : nil
    }

    /// What VoiceOver announces when a banner appears: the title, then the message, joined as the
    /// presentation's language joins two sentences.
    static func announcement(of presentation: Presentation) -> String {
        presentation.localization.string(forKey: "presentation.announcement", presentation.title, presentation.message)
    }

    /// The buttons of an AppKit alert, in the order they are added: the recommended option first, so it is
    /// the default button (Return); the cancel option last. A destructive option is never the default:
    /// without a recommended option, Cancel goes first.
    static func appKitButtonOrder(of options: [RecoveryOption]) -> [RecoveryOption] {
        let recommended = options.filter { $0.role == .recommended }
        let others = options.filter { $0.role == .normal || $0.role == .destructive }
        let cancel = options.filter { $0.role == .cancel }
        let ordered = recommended + others + cancel
        if recommended.isEmpty, ordered.first?.role == .destructive {
            return cancel + others
        }
        return ordered
    }
}
#endif
