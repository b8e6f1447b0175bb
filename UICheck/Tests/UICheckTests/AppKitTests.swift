import AppKit
import RemedyTesting
import StandInSupport
import Testing

@testable import CheckedRemedyUI
@testable import Remedy

/// Serialized with the other suites that set `NSApplication.shared`'s delegate and key window.
extension AppDelegateSuites {
    /// The AppKit presenter's `NSAlert`s and modal sessions, `presentError`, and the bridged `NSError`.
    @MainActor
    @Suite(.serialized, .timeLimit(.minutes(1)))
    struct AppKitTests {
        func keyWindow() -> NSWindow {
            let window = NSWindow()
            NSApplication.shared.fakeKeyWindow = window
            return window
        }

        func modalSessionWindow() async -> NSWindow? {
            await fakes {
                !NSApplication.shared.fakeModalSessionWindows.isEmpty || NSApplication.shared.fakeBlockingModalLoops > 0
            }
            #expect(NSApplication.shared.fakeBlockingModalLoops == 0, "runModal() would hold the main actor")
            return NSApplication.shared.fakeModalSessionWindows.last
        }

        func sheet(on window: NSWindow) async -> NSWindow? {
            await fakes { !window.fakeAttachedSheets.isEmpty }
            return window.fakeAttachedSheets.first
        }

        @Test func theRecommendedOptionIsTheFirstButtonAndCancelTheLastOnASheetOfTheKeyWindow() async throws {
            let window = keyWindow()
            let presenter = AppKitErrorPresenter()
            let presentation = Fixtures.storagePresentation()
            let alert = AppKitErrorPresenter.alert(
                for: presentation, buttons: PresentationLayout.appKitButtonOrder(of: presentation.options))
            #expect(alert.buttons.map(\.title) == ["Try Again", "Free Up Space", "Cancel"])
            #expect(alert.buttons.map(\.keyEquivalent) == ["", "", "\u{1b}"])
            #expect(alert.messageText == "Not Enough Storage")
            #expect(alert.alertStyle == .warning)

            let answer = Task { try await presenter.present(presentation) }
            _ = try #require(await sheet(on: window))
            answer.cancel()
            #expect(try await answer.value == nil)
            #expect(window.fakeAttachedSheets.isEmpty)
        }

        @Test func pressingAButtonOfTheSheetAnswersWithItsOption() async throws {
            let window = keyWindow()
            let presenter = AppKitErrorPresenter(window: window)
            let answer = Task { try await presenter.present(Fixtures.storagePresentation()) }
            let alert = try #require(await sheet(on: window)?.fakeOwningAlert)
            alert.fakePressButton(at: 1)
            #expect(try await answer.value?.title == "Free Up Space")
        }

        @Test func aDestructiveOptionIsNeverTheDefaultButton() {
            let delete = RecoveryOption(title: "Delete Library", role: .destructive) { .recovered }
            let presentation = Presentation(
                title: "Library Damaged", message: "It can't be opened.", options: [delete], error: CancellationError(),
                localization: Fixtures.english)
            let order = PresentationLayout.appKitButtonOrder(of: presentation.options)
            #expect(order.map(\.title) == ["Cancel", "Delete Library"])
            let alert = AppKitErrorPresenter.alert(for: presentation, buttons: order)
            #expect(alert.buttons.map(\.hasDestructiveAction) == [false, true])
        }

        @Test func withoutAKeyWindowTheAlertIsAppModalAndAButtonAnswers() async throws {
            NSApplication.shared.fakeKeyWindow = nil
            let clock = TestClock()
            let answer = Task { try await AppKitErrorPresenter(clock: clock).present(Fixtures.storagePresentation()) }
            let alertWindow = try #require(await modalSessionWindow())
            #expect(alertWindow.isVisible)

            try #require(alertWindow.fakeOwningAlert).fakePressButton(at: 2)
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: AppKitErrorPresenter.modalSessionInterval)
            #expect(try await answer.value?.title == "Cancel")
            #expect(NSApplication.shared.fakeModalSessionWindows.isEmpty)
            #expect(!alertWindow.isVisible)
        }

        @Test func aWithdrawnAppModalAlertEndsItsModalSession() async throws {
            NSApplication.shared.fakeKeyWindow = nil
            let clock = TestClock()
            let answer = Task { try await AppKitErrorPresenter(clock: clock).present(Fixtures.storagePresentation()) }
            let alertWindow = try #require(await modalSessionWindow())

            #expect(await clock.waitForSleepers(1))
            answer.cancel()
            #expect(try await answer.value == nil)
            #expect(NSApplication.shared.fakeModalSessionWindows.isEmpty)
            #expect(!alertWindow.isVisible)
        }

        @Test func aSheetWithdrawnWhileAnotherSheetIsOnTheWindowNeverComesUp() async throws {
            let window = keyWindow()
            let savePanel = NSWindow()
            window.beginSheet(savePanel)
            let answer = await presenting(Fixtures.storagePresentation(), with: AppKitErrorPresenter(window: window))

            answer.cancel()
            #expect(try await answer.value == nil)
            window.endSheet(savePanel)
            #expect(window.sheets.isEmpty)
        }

        @Test func aSheetWaitsForTheSheetAlreadyOnTheWindowThenComesUp() async throws {
            let window = keyWindow()
            let savePanel = NSWindow()
            window.beginSheet(savePanel)
            let answer = await presenting(Fixtures.storagePresentation(), with: AppKitErrorPresenter(window: window))

            window.endSheet(savePanel)
            let alert = try #require(await sheet(on: window)?.fakeOwningAlert)
            alert.fakePressButton(at: 0)
            #expect(try await answer.value?.title == "Try Again")
            #expect(window.sheets.isEmpty)
        }

        @Test func theBridgedErrorsAttempterReportsOnlyAfterTheActionFinished() async throws {
            let release = AsyncStream<Void>.makeStream()
            let started = AsyncStream<Void>.makeStream()
            let freeUpSpace = RecoveryOption(title: "Free Up Space") {
                started.continuation.yield()
                for await _ in release.stream { break }
                return .recovered
            }
            let error = NSResponder.bridgedError(for: Fixtures.storagePresentation(freeUpSpace: freeUpSpace))
            #expect(error.localizedDescription == "Not Enough Storage")
            let titles = error.userInfo[NSLocalizedRecoveryOptionsErrorKey] as? [String]
            #expect(titles == ["Try Again", "Free Up Space", "Cancel"])
            let attempter = try #require(error.userInfo[NSRecoveryAttempterErrorKey] as? ErrorRecoveryAttempter)

            // What AppKit's sheet does with the button the person pressed: the delegate/didRecoverSelector form,
            // which ErrorRecoveryAttempter forwards to this callback form.
            let reports = AsyncStream<Bool>.makeStream()
            let reported = LockedCounter()
            attempter.attemptRecovery(optionIndex: 1) {
                reported.increment()
                reports.continuation.yield($0)
            }
            var startedIterator = started.stream.makeAsyncIterator()
            _ = await startedIterator.next()
            #expect(reported.value == 0)
            var reportIterator = reports.stream.makeAsyncIterator()
            release.continuation.yield()
            release.continuation.finish()
            #expect(await reportIterator.next() == true)
        }

        @Test func theAppModalAttempterReportsWhetherTheActionRecoveredOnceItHasFinished() throws {
            let ran = LockedCounter()
            let freeUpSpace = RecoveryOption(title: "Free Up Space") {
                ran.increment()
                return .recovered
            }
            let stillFull = RecoveryOption(title: "Free Up Space") { .notRecovered }
            func attempter(_ option: RecoveryOption) throws -> ErrorRecoveryAttempter {
                let error = NSResponder.bridgedError(for: Fixtures.storagePresentation(freeUpSpace: option))
                return try #require(error.userInfo[NSRecoveryAttempterErrorKey] as? ErrorRecoveryAttempter)
            }

            // AppKit's application-modal form answers synchronously; a caller retries its save on `true`.
            #expect(try attempter(freeUpSpace).attemptRecoveryRunningTheRunLoop(optionIndex: 1))
            #expect(ran.value == 1)  // Finished before the answer.
            #expect(try !attempter(stillFull).attemptRecoveryRunningTheRunLoop(optionIndex: 1))
            #expect(try !attempter(freeUpSpace).attemptRecoveryRunningTheRunLoop(optionIndex: 7))
            #expect(ran.value == 1)
        }

        @Test func theAttempterIsArchivedWithSecureCodingWithItsTitles() throws {
            let error = NSResponder.bridgedError(for: Fixtures.storagePresentation())
            let attempter = try #require(error.userInfo[NSRecoveryAttempterErrorKey] as? ErrorRecoveryAttempter)
            #expect(ErrorRecoveryAttempter.supportsSecureCoding)
            let data = try NSKeyedArchiver.archivedData(withRootObject: attempter, requiringSecureCoding: true)
            let decoded = try #require(
                try NSKeyedUnarchiver.unarchivedObject(ofClass: ErrorRecoveryAttempter.self, from: data))
            #expect(decoded.options.map(\.title) == ["Try Again", "Free Up Space", "Cancel"])
            // The actions stayed with the process that archived them.
            #expect(!decoded.attemptRecoveryRunningTheRunLoop(optionIndex: 0))
        }

        @Test func theBridgedErrorKeepsTheOriginalErrorsDomainAndCode() throws {
            let original = NSError(
                domain: "com.example.Notes.Sync", code: 42, userInfo: ["NotesServerRegion": "eu-west"])
            let resolver = ErrorResolver(catalog: .empty, localization: Fixtures.english)
            let presentation = resolver.presentation(for: original)
            let bridged = NSResponder.bridgedError(for: presentation)
            #expect(bridged.domain == "com.example.Notes.Sync")
            #expect(bridged.code == 42)
            #expect(bridged.userInfo["NotesServerRegion"] as? String == "eu-west")
            #expect(bridged.localizedDescription == presentation.title)
            #expect(bridged.userInfo[NSRecoveryAttempterErrorKey] is ErrorRecoveryAttempter)
        }

        @Test func presentErrorTravelsAppKitsResponderChainToTheScopeAndItsPresenter() async throws {
            final class ExportView: NSResponder {
                override func willPresentError(_ error: any Error) -> any Error {
                    // Told apart by domain and code, as Apple advises; replaced with one the person can act on.
                    guard (error as NSError).domain == NSCocoaErrorDomain else { return error }
                    return MessageError("The export couldn't be written.", title: "Export Failed")
                }
            }
            final class AppDelegate: NSApplicationDelegate, ErrorScopeProvidingResponder {
                let errorScope: ErrorScope
                init(errorScope: ErrorScope) { self.errorScope = errorScope }
            }
            let window = keyWindow()
            let view = ExportView()
            view.nextResponder = window
            let delegate = AppDelegate(errorScope: Fixtures.root(presenter: AppKitErrorPresenter(window: window)))
            NSApplication.shared.delegate = delegate
            defer { NSApplication.shared.delegate = nil }

            let outcome = AsyncStream<HandlingOutcome?>.makeStream()
            view.presentError(NSError(domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError)) {
                outcome.continuation.yield($0)
            }
            let alert = try #require(await sheet(on: window)?.fakeOwningAlert)
            #expect(alert.messageText == "Export Failed")
            alert.fakePressButton(at: 0)
            var outcomes = outcome.stream.makeAsyncIterator()
            #expect(await outcomes.next() == .presented)
            #expect(view.fakeAppKitPresentedErrors.isEmpty)
        }

        @Test func aMinorErrorWithoutAKeyWindowIsAnnouncedRatherThanModal() async throws {
            NSApplication.shared.fakeKeyWindow = nil
            let presentation = ErrorResolver(catalog: .empty, localization: Fixtures.english)
                .presentation(for: Fixtures.SyncDelayed())
            #expect(presentation.style == .banner)
            let answer = Task { try await AppKitErrorPresenter().present(presentation) }
            await fakes {
                NSAccessibility.fakePosts.contains {
                    $0.notification == .announcementRequested
                        && $0.announcement == "Sync Delayed. Your notes will sync when the connection is back."
                }
            }
            #expect(NSApplication.shared.fakeModalSessionWindows.isEmpty)
            answer.cancel()  // Its time is up.
            #expect(try await answer.value == nil)
        }
    }
}
