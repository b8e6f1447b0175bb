import Foundation
import Remedy
import RemedyTesting
import StandInSupport
import SwiftUI
import Testing
import UIKit

@testable import CheckedRemedyUI

/// Field errors in RemedyUI: listed under the message of every adapter's alert, and readable by the app,
/// which places each message beside its own field.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FieldErrorPresentationTests {
    static let fieldErrors = [
        FieldError(field: "email", message: "Enter an email address with an @."),
        FieldError(field: "#/address/city", message: "This field is required."),
    ]

    func presentation(in language: String = "en") -> Presentation {
        ErrorResolver(localization: Localization(language: language))
            .presentation(for: InvalidInputError(Self.fieldErrors))
    }

    @Test func theAlertTextListsEachFieldUnderTheMessage() {
        let presentation = presentation()
        #expect(
            PresentationLayout.body(of: presentation)
                == """
                Some of the information entered can't be used. Check it and try again.
                • email: Enter an email address with an @.
                • address.city: This field is required.

                Reference \(presentation.supportReference)
                """
        )
    }

    @Test func theListIsInThePresentationsLanguage() {
        let body = PresentationLayout.body(of: presentation(in: "ja"))
        #expect(body.contains("\n• email：Enter an email address with an @.\n"))
        #expect(body.hasPrefix("入力された情報の一部を使用できません。"))
    }

    @Test func aUIKitAlertShowsTheFields() async throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let screen = UIViewController()
        window.rootViewController = screen
        let presenter = UIKitErrorPresenter(window: window)
        let presentation = presentation()
        let answer = Task { try await presenter.present(presentation) }
        await fakes { topmost(over: screen) is UIAlertController }
        let alert = try #require(topmost(over: screen) as? UIAlertController)
        #expect(alert.message?.contains("• email: Enter an email address with an @.") == true)
        alert.fakeTap(alert.actions[0])
        screen.fakeFinishTransitions()
        #expect(try await answer.value?.title == "OK")
    }

    @Test func aSwiftUIAppReadsTheFieldErrorsToPlaceThemBesideItsFields() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let handling = root.handle(InvalidInputError(Self.fieldErrors))
        await observed { presenter.alert != nil }
        let pending = try #require(presenter.alert)

        // What the SwiftUI sample of the documentation does: each message under its own field.
        var errors: [String: String] = [:]
        for fieldError in pending.fieldErrors {
            errors[fieldError.path.joined(separator: ".")] = fieldError.message
        }
        #expect(errors == ["email": "Enter an email address with an @.", "address.city": "This field is required."])
        #expect(pending.presentation.fieldErrors == Self.fieldErrors)
        #expect(pending.body.contains("• address.city: This field is required."))

        pending.dismiss()
        #expect(presenter.alert == nil)  // Gone at once, as SwiftUI renders it.
        #expect(await handling.value == .gaveUp)
    }
}
