import Remedy
import RemedyTesting
import SwiftUI
import Testing

@testable import CheckedRemedyUI

/// SwiftUI: the next alert only once SwiftUI has seen the last gone, and one window's presentations per
/// window.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SwiftUIWindowTests {
    typealias Modifier = ErrorPresentationModifier<EmptyView>
    typealias Alert = FakeAlert<ForEach<[RecoveryOption], String, Button<Text>>, Text>

    func window(_ presenter: SwiftUIErrorPresenter, root: ErrorScope) -> Modifier {
        ErrorPresentationModifier(presenter: presenter, root: root) { _ in EmptyView() }
    }

    /// The alert of a window's modifier, as SwiftUI would see it on a render now.
    func alert(of window: Modifier) throws -> Alert {
        try #require(fakeFind(Alert.self, in: window.body(content: _ViewModifier_Content())).first)
    }

    /// Runs a window's `.onAppear`, `.onDisappear` or `.onChange(of: scenePhase)` action, as SwiftUI would.
    func run(_ event: String, of window: Modifier) {
        for action in fakeFind(FakeLifecycleAction.self, in: window.body(content: _ViewModifier_Content()))
        where action.event == event {
            action.action()
        }
    }

    @Test func theNextAlertComesOnlyOnceSwiftUIHasDismissedTheLast() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let first = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        let second = root.handle(MessageError("The folder is read-only.", title: "Can't Save Here"))
        let window = window(presenter, root: root)
        await observed { presenter.alert?.presentation.title == "Not Enough Storage" }

        let shown = try alert(of: window)
        let cancel = try #require(fakeFind(Button<Text>.self, in: shown.actions as Any).last)
        cancel.fakeTap()
        // Answered, but SwiftUI hasn't dismissed it yet: the root still shows it, the next waits.
        #expect(presenter.presentations.isAlertLeaving)
        #expect(root.state.current?.title == "Not Enough Storage")

        shown.isPresented.wrappedValue = false  // SwiftUI dismisses it.
        #expect(await first.value == .gaveUp)
        await observed { presenter.alert?.presentation.title == "Can't Save Here" }
        let next = try alert(of: window)
        #expect(next.isPresented.wrappedValue)
        try #require(fakeFind(Button<Text>.self, in: next.actions as Any).first).fakeTap()
        #expect(presenter.alert == nil)
        _ = await second.value
    }

    @Test func eachWindowShowsItsOwnPresentationsAndTheWindowLastActiveGetsTheNext() async throws {
        let presenter = SwiftUIErrorPresenter()
        let root = Fixtures.root(presenter: presenter)
        let firstWindow = window(presenter, root: root)
        let secondWindow = window(presenter, root: root)
        run("appear", of: firstWindow)
        run("appear", of: secondWindow)  // Opened last, in front.

        let handling = root.handle(Fixtures.StorageFull(freeUpSpace: Fixtures.freeUpSpace()))
        await observed { (try? self.alert(of: secondWindow).isPresented.wrappedValue) == true }
        #expect(try alert(of: firstWindow).isPresented.wrappedValue == false)  // Once, not in every window.
        let shown = try alert(of: secondWindow)
        try #require(fakeFind(Button<Text>.self, in: shown.actions as Any).first).fakeTap()
        shown.isPresented.wrappedValue = false
        #expect(await handling.value == .recovered)

        // The person clicks into the first window: the next error shows there.
        run("change", of: firstWindow)
        let next = root.handle(MessageError("The folder is read-only.", title: "Can't Save Here"))
        await observed { (try? self.alert(of: firstWindow).isPresented.wrappedValue) == true }
        #expect(try alert(of: secondWindow).isPresented.wrappedValue == false)

        // The first window closes with its alert: answered at once, as dismissed.
        run("disappear", of: firstWindow)
        #expect(await next.value == .gaveUp)
    }
}
