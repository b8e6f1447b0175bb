import Foundation
import Remedy
import Testing

/// `fallbackOption` is found by index; it must stay `cancelOption ?? defaultOption ?? options[0]`.
@Suite(.timeLimit(.minutes(10)))
struct FallbackOptionTests {
    private struct Failure: Error {}

    private let english = Localization(locale: Locale(identifier: "en"))

    private func option(_ title: String, _ role: RecoveryOption.Role = .normal) -> RecoveryOption {
        RecoveryOption(title: title, role: role) { .recovered }
    }

    @Test func theFallbackIsTheCancelElseTheDefaultElseTheFirstOption() {
        let optionSets: [[RecoveryOption]] = [
            [],
            [.ok],
            [.retry],
            [.cancel],
            [option("Open Settings")],
            [option("Delete All", .destructive)],
            [option("Save", .recommended), option("Discard")],
            [option("Discard"), option("Save", .recommended), .cancel],
            [option("Later"), option("Now", .recommended)],
            [option("One"), option("Two"), option("Three")],
            [option("Close", .cancel), option("Stop", .cancel)],
            [.ok, .cancel],
        ]
        for options in optionSets {
            let presentation = Presentation(
                title: "Title",
                message: "Message.",
                options: options,
                category: .unknown,
                error: Failure(),
                localization: english
            )
            let expected = presentation.cancelOption ?? presentation.defaultOption ?? presentation.options[0]
            #expect(presentation.fallbackOption.title == expected.title, "options \(options.map(\.title))")
            #expect(presentation.fallbackOption.role == expected.role, "options \(options.map(\.title))")
        }
    }
}
