import Remedy
import SwiftUI
import Testing
import UIKit

@testable import CheckedRemedyUI

/// The inline views of a screen whose first load failed, in UIKit and in SwiftUI.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FailedLoadTests {
    struct FeedUnavailable: PresentableError {
        let reload: RecoveryOption
        var title: String? { "Feed Unavailable" }
        var message: String { "The server didn't answer." }
        var category: ErrorCategory { .externalSystemUnavailable }
        var recoveryOptions: [RecoveryOption] { [reload] }
    }

    func presentation(recommended: Bool, ran: LockedCounter) -> Presentation {
        let reload = RecoveryOption(title: "Reload", role: recommended ? .recommended : .normal) {
            ran.increment()
            return .recovered
        }
        return ErrorResolver(catalog: .empty, localization: Fixtures.english)
            .presentation(for: FeedUnavailable(reload: reload))
    }

    @Test func theUIKitConfigurationShowsTheErrorAndItsButtonRunsTheRecommendedOption() async throws {
        let ran = LockedCounter()
        let presentation = presentation(recommended: true, ran: ran)
        let reloads = AsyncStream<Void>.makeStream()
        let configuration = UIContentUnavailableConfiguration.failedLoad(presentation) {
            reloads.continuation.yield()
        }

        #expect(configuration.text == "Feed Unavailable")
        #expect(
            configuration.secondaryText == "The server didn't answer.\n\nReference \(presentation.supportReference)")
        #expect(configuration.image?.fakeSystemName == presentation.icon.name)
        #expect(configuration.button.title == "Reload")
        let action = try #require(configuration.buttonProperties.primaryAction)
        #expect(ran.value == 0)
        action.fakePerform()
        var iterator = reloads.stream.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(ran.value == 1)
    }

    /// UIKit's configurations are values that any isolation may build (only the view controller's
    /// `contentUnavailableConfiguration` is main-actor); with the `@MainActor` the stand-in once gave them,
    /// this doesn't compile.
    @Test nonisolated func theConfigurationValuesAreNotBoundToTheMainActorAsInUIKit() {
        var configuration = UIContentUnavailableConfiguration.empty()
        configuration.text = "Feed Unavailable"
        var button = UIButton.Configuration.borderedProminent()
        button.title = "Try Again"
        configuration.button = button
        let content: any UIContentConfiguration = configuration
        #expect((content as? UIContentUnavailableConfiguration)?.button.title == "Try Again")
    }

    @Test func withoutARecommendedOptionTheUIKitConfigurationHasNoButton() {
        let configuration = UIContentUnavailableConfiguration.failedLoad(
            presentation(recommended: false, ran: LockedCounter())
        ) {}
        #expect(configuration.buttonProperties.primaryAction == nil)
        #expect(configuration.button.title == nil)
    }

    @Test func theSwiftUIViewIsAContentUnavailableViewWhoseButtonRunsTheRecommendedOption() async throws {
        let ran = LockedCounter()
        let reloads = AsyncStream<Void>.makeStream()
        let presentation = presentation(recommended: true, ran: ran)
        let view = FailedLoadView(presentation) { reloads.continuation.yield() }

        let texts = fakeFind(Text.self, in: view.body).map(\.fakeContent)
        #expect(texts.contains("Feed Unavailable"))
        #expect(texts.contains("The server didn't answer.\n\nReference \(presentation.supportReference)"))
        let button = try #require(fakeFind(Button<Text>.self, in: view.body).first)
        #expect(button.fakeLabel.fakeContent == "Reload")
        button.fakeTap()
        var iterator = reloads.stream.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(ran.value == 1)
    }

    @Test func runningAnOptionThatDoesNotRecoverDoesNotReload() async {
        let option = RecoveryOption(title: "Report") { .notRecovered }
        var reloaded = 0
        let recovered = await FailedLoad.run(option) { reloaded += 1 }.value
        #expect(!recovered)
        #expect(reloaded == 0)
    }
}
