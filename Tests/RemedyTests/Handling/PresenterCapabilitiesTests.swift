import Foundation
import Remedy
import RemedyTesting
import Testing

/// A presenter says what it can show; the root picks each presentation's style from it.
@Suite(.timeLimit(.minutes(10)))
struct PresenterCapabilitiesTests {
    /// A presenter whose banners carry no buttons, as a terminal's.
    struct AlertsOnlyPresenter: ErrorPresenter {
        let scripted: ScriptedPresenter
        var capabilities: PresenterCapabilities { [.alerts] }
        func present(_ presentation: Presentation) async throws -> RecoveryOption? {
            try await scripted.present(presentation)
        }
    }

    private func minor(_ options: [RecoveryOption]) -> Presentation {
        Presentation(
            title: "Offline", message: "Can't reach the server.", options: options, severity: .minor,
            error: MessageError("x"))
    }

    @Test func existingPresentersCanShowEverything() {
        #expect(ScriptedPresenter([]).capabilities == .all)
    }

    @Test func aBannerThatNeedsAnAnswerIsAnAlertWhereBannersCarryNoButtons() {
        #expect(minor([.retry]).style == .banner)
        #expect(PresenterCapabilities([.alerts]).style(for: minor([.retry])) == .alert)
        #expect(PresenterCapabilities.all.style(for: minor([.retry])) == .banner)
    }

    @Test func aBannerThatOnlyAcknowledgesStaysABanner() {
        #expect(PresenterCapabilities([.alerts]).style(for: minor([])) == .banner)
    }

    @Test func aRouteIsAnAlertWithoutRoutesAndNothingChangesWithoutAlerts() {
        var route = minor([.retry])
        route.style = .route
        #expect(PresenterCapabilities([.alerts]).style(for: route) == .alert)
        #expect(PresenterCapabilities([]).style(for: minor([.retry])) == .banner)
    }

    @Test func aRefusedConnectionIsAPromptWithTryAgainAndCancelWhereBannersCarryNoButtons() async throws {
        let scripted = ScriptedPresenter([.role(.cancel)])
        let root = ErrorScope.root(presenter: AlertsOnlyPresenter(scripted: scripted))
        let value: Int? = await root.attempt("Syncing the notes", retryPolicy: .disabled) {
            throw URLError(.cannotConnectToHost)
        }
        #expect(value == nil)
        let presentation = try #require(scripted.presentations.first)
        #expect(presentation.severity == .minor)
        #expect(presentation.style == .alert)
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
    }

    @Test func aPresentationCarriesTheRootsLanguage() async throws {
        let scripted = ScriptedPresenter([.role(.cancel)])
        let root = ErrorScope.root(presenter: scripted, localization: Localization(language: "de"))
        let _: Int? = await root.attempt("Laden", retryPolicy: .disabled) { throw HTTPStatusError(status: 500) }
        let presentation = try #require(scripted.presentations.first)
        #expect(presentation.localization.language == "de")
        #expect(presentation.options.map(\.title) == ["Erneut versuchen", "Abbrechen"])
    }
}
