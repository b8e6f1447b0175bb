import Foundation
import Remedy
import RemedyTerminal
import Testing

/// An error about fields lists each field and its message under the alert's message, wrapped like it.
@Suite(.timeLimit(.minutes(10)))
struct FieldErrorRenderingTests {
    static let fieldErrors = [
        FieldError(field: "email", message: "Enter an email address with an @."),
        FieldError(field: "#/address/city", message: "This field is required."),
        FieldError(field: "#", message: "The data sent can't be read."),
    ]

    func presentation(style: PresentationStyle = .alert, localization: Localization = .english) -> Presentation {
        Presentation(
            title: nil, message: "", fieldErrors: Self.fieldErrors, category: .invalidInput, style: style,
            supportReference: fixedReference, error: InvalidInputError(Self.fieldErrors), localization: localization)
    }

    func render(_ presentation: Presentation, columns: Int, isNarrated: Bool = false) async -> String {
        let output = RecordingOutput()
        let presenter = TerminalPresenter(
            input: .answers([""]), output: output,
            appearance: TerminalAppearance(columns: columns, usesColor: false, isNarrated: isNarrated),
            localization: presentation.localization)
        _ = await presenter.present(presentation)
        return output.text
    }

    @Test func anAlertListsTheFieldsUnderTheMessage() async {
        let text = await render(presentation(), columns: 44)
        #expect(
            text == """
                ╭─ ⚠ Check Your Entry ──────────────────────
                │ Some of the information entered can't be
                │ used. Check it and try again.
                │   • email: Enter an email address with an
                │     @.
                │   • address.city: This field is required.
                │   • The data sent can't be read.
                │
                │ Reference 7KQ2-9F3A
                ╰───────────────────────────────────────────
                  1) OK [o] (default)
                Press Enter for OK: \("")

                """
        )
    }

    @Test func aNarratedAlertSaysEachFieldOnALineOfItsOwn() async {
        let text = await render(presentation(), columns: 48, isNarrated: true)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("email: Enter an email address with an @."))
        #expect(lines.contains("address.city: This field is required."))
        #expect(lines.contains("The data sent can't be read."))
        #expect(!text.contains("•"))
    }

    @Test func aBannerListsTheFieldsUnderItsLine() async {
        let text = await render(presentation(style: .banner), columns: 80)
        #expect(
            text.contains("\n  • email: Enter an email address with an @.\n  • address.city: This field is required.\n")
        )
    }

    @Test func theFieldListIsInThePresentationsLanguage() async {
        let text = await render(presentation(localization: Localization(language: "ja")), columns: 60)
        #expect(text.contains("  • email：Enter an email address with an @."))
        #expect(text.contains("入力内容を確認してください"))
    }

    @Test func aServersEscapeSequencesInAFieldAreNotPrinted() async {
        let hostile = [FieldError(field: "#/a\u{1B}[2J", message: "Bad\u{1B}]0;owned\u{7}value.")]
        let presentation = Presentation(
            title: nil, message: "", fieldErrors: hostile, category: .invalidInput, supportReference: fixedReference,
            error: InvalidInputError(hostile), localization: .english)
        let text = await render(presentation, columns: 80)
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{7}"))
        #expect(text.contains("• a[2J: Bad]0;ownedvalue."))
    }
}
