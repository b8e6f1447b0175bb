import AppKit
import Remedy
import Testing

@testable import CheckedRemedyUI

/// Field errors in an AppKit alert: listed under the message of its informative text.
@MainActor
struct FieldErrorAppKitTests {
    @Test func anAppKitAlertListsTheFieldsUnderTheMessage() {
        let fieldErrors = [FieldError(field: "#/address/city", message: "This field is required.")]
        let presentation = ErrorResolver(localization: Localization(language: "de"))
            .presentation(for: InvalidInputError(fieldErrors))
        let alert = AppKitErrorPresenter.alert(
            for: presentation, buttons: PresentationLayout.appKitButtonOrder(of: presentation.options))
        #expect(alert.messageText == "Eingabe prüfen")
        #expect(
            alert.informativeText.hasPrefix(
                "Einige der eingegebenen Angaben können nicht verwendet werden. Prüfe sie und versuche es erneut.\n"
                    + "• address.city: This field is required.\n\n"))
    }
}
