import Remedy
import RemedyTesting
import SwiftUI
import Testing

@testable import CheckedRemedyUI

/// The SwiftUI presenter's main-actor state and the root modifier that binds it to `.alert`, the banner
/// overlay and the route sheet.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SwiftUIBindingTests {
    typealias Modifier = ErrorPresentationModifier<Text>

    func modifier(_ presenter: SwiftUIErrorPresenter, root: ErrorScope) -> Modifier {
        ErrorPresentationModifier(presenter: presenter, root: root) { pending in
            Text("Sign in: \(pending.presentation.title)")
        }
    }

    /// The alert modifier of the root modifier's body, as SwiftUI would see it now.
    func alert(of modifier: Modifier) throws -> FakeAlert<ForEach<[RecoveryOption], String, Button<Text>>, Text> {
        let body = modifier.body(content: _ViewModifier_Content())
        return try #require(
            fakeFind(FakeAlert<ForEach<[RecoveryOption], String, Button<Text>>, Text>.self, in: body).first)
    }

    @Test func theAlertBindingShowsAndClearsTheAlertAsTheStateChanges() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let modifier = modifier(presenter, root: root)
        #expect(try alert(of: modifier).isPresented.wrappedValue == false)
        #expect(try alert(of: modifier).actions == nil)

        let handling = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()), retry: {})
        await observed { presenter.alert != nil }
        #expect(root.state.current?.title == "Not Enough Storage")
        let shown = try alert(of: modifier)
        #expect(shown.isPresented.wrappedValue)
        #expect(shown.title == "Not Enough Storage")
        let reference = try #require(root.state.current).supportReference
        #expect(
            shown.message?.fakeContent
                == "The note couldn't be saved because the device is full.\n\nReference \(reference)"
        )
        let buttons = fakeFind(Button<Text>.self, in: shown.actions as Any)
        #expect(buttons.map(\.fakeLabel.fakeContent) == ["Try Again", "Free Up Space", "Cancel"])
        #expect(buttons.map(\.fakeRole) == [nil, nil, .cancel])

        // SwiftUI runs the tapped button's action, then sets the binding to false.
        buttons[2].fakeTap()
        shown.isPresented.wrappedValue = false
        #expect(await handling.value == .gaveUp)  // Cancel was tapped.
        #expect(try alert(of: modifier).isPresented.wrappedValue == false)
        #expect(root.state.current == nil)
    }

    @Test func dismissingTheAlertWithoutAButtonAnswersWithTheFallbackOption() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let ran = LockedCounter()
        let handling = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace(ran)))
        await observed { presenter.alert != nil }

        try alert(of: modifier(presenter, root: root)).isPresented.wrappedValue = false
        await observed { presenter.alert == nil }  // SwiftUI renders it gone.
        #expect(await handling.value == .gaveUp)  // The fallback option is Cancel.
        #expect(ran.value == 0)
    }

    @Test func aTappedButtonWinsWhenSwiftUIClearsTheBindingFirst() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let ran = LockedCounter()
        let handling = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace(ran)), retry: {})
        await observed { presenter.alert != nil }

        let shown = try alert(of: modifier(presenter, root: root))
        shown.isPresented.wrappedValue = false
        let freeUpSpace = try #require(
            fakeFind(Button<Text>.self, in: shown.actions as Any).first { $0.fakeLabel.fakeContent == "Free Up Space" })
        freeUpSpace.fakeTap()
        #expect(presenter.alert == nil)  // Gone at once, as SwiftUI renders it.
        #expect(await handling.value == .recovered)
        #expect(ran.value == 1)
    }

    @Test func aBannerIsOverlaidAnnouncedAndLeavesOnTheRootsClock() async throws {
        let presenter = SwiftUIErrorPresenter()
        let clock = TestClock()
        let root = Fixtures.root(presenter: presenter, clock: clock)
        let handling = root.handle(Fixtures.SyncDelayed(), retry: {})
        await observed { !presenter.banners.isEmpty }
        #expect(
            AccessibilityNotification.fakePosted.contains(
                "Sync Delayed. Your notes will sync when the connection is back."))

        let body = modifier(presenter, root: root).body(content: _ViewModifier_Content())
        let overlay = try #require(fakeFind(FakeOverlay<BannerStack>.self, in: body).first)
        #expect(overlay.alignment == .bottom)
        let texts = fakeFind(Text.self, in: overlay.overlay.body).map(\.fakeContent)
        #expect(texts == ["Sync Delayed", "Try Again"])

        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(4))
        await observed { presenter.banners.isEmpty }
        #expect(await handling.value == .gaveUp)  // Nobody tapped Try Again: the fallback, Cancel.
    }

    @Test func aCriticalErrorIsASheetWithTheAppsRouteWhichAnswers() async throws {
        let presenter = SwiftUIErrorPresenter(routes: true)
        let root = Fixtures.root(presenter: presenter)
        let retried = LockedCounter()
        let handling = root.handle(Fixtures.SessionExpired(), retry: { retried.increment() })
        await observed { presenter.route != nil }
        #expect(presenter.alert == nil)

        let body = modifier(presenter, root: root).body(content: _ViewModifier_Content())
        let sheet = try #require(fakeFind(FakeSheet<PendingPresentation, Text>.self, in: body).first)
        let pending = try #require(sheet.item.wrappedValue)
        #expect(sheet.content(pending).fakeContent == "Sign in: Signed Out")

        pending.choose(.retry)
        #expect(await handling.value == .recovered)
        #expect(retried.value == 1)
        #expect(sheet.item.wrappedValue == nil)
    }

    @Test func theRootAndItsChildScopesAreInTheEnvironment() throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let body = modifier(presenter, root: root).body(content: _ViewModifier_Content())
        let write = try #require(fakeFind(FakeEnvironmentWrite<ErrorScope?>.self, in: body).first)
        #expect(write.value === root)

        EnvironmentValues.fakeCurrent.errorScope = root
        defer { EnvironmentValues.fakeCurrent.errorScope = nil }
        let feed = ErrorScopeModifier(name: "Feed", rules: []).body(content: _ViewModifier_Content())
        let child = try #require(fakeFind(FakeEnvironmentWrite<ErrorScope?>.self, in: feed).first?.value ?? nil)
        #expect(child.path == "App/Feed")
        #expect(child.parent === root)
    }

    @Test func aViewsChildScopeIsMadeOnceNotOnEveryRender() throws {
        let root = Fixtures.root(presenter: SwiftUIErrorPresenter())
        EnvironmentValues.fakeCurrent.errorScope = root
        defer { EnvironmentValues.fakeCurrent.errorScope = nil }
        let feed = ErrorScopeModifier(name: "Feed", rules: [])

        // SwiftUI asks a view for its body again whenever what it reads changes.
        func rendered() throws -> ErrorScope? {
            try #require(fakeFind(FakeEnvironmentWrite<ErrorScope?>.self, in: feed.body(content: .init())).first).value
        }
        let first = try rendered()
        #expect(first != nil)
        #expect(try rendered() === first)

        // Under another parent, the child is that parent's.
        let other = Fixtures.root(presenter: SwiftUIErrorPresenter())
        EnvironmentValues.fakeCurrent.errorScope = other
        #expect(try rendered()?.parent === other)
    }
}
