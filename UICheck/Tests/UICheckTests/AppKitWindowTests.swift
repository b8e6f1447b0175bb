import AppKit
import Foundation
import RemedyTesting
import StandInSupport
import SwiftUI
import Testing

@testable import CheckedRemedyUI
@testable import Remedy

/// Serialized with the other suites that set `NSApplication.shared`'s key window, activity and delegate.
extension AppDelegateSuites {
    /// Which window an AppKit alert goes to, sheets that are key, inactive apps, banners inside the window,
    /// and the document-based error-responder chain.
    @MainActor
    @Suite(.serialized, .timeLimit(.minutes(1)))
    struct AppKitWindowTests {
        func keyWindow() -> NSWindow {
            let window = NSWindow()
            NSApplication.shared.fakeKeyWindow = window
            NSApplication.shared.fakeMainWindow = window
            return window
        }

        func sheet(on window: NSWindow) async -> NSAlert? {
            await fakes { window.fakeAttachedSheets.contains { $0.fakeOwningAlert != nil } }
            return window.fakeAttachedSheets.lazy.compactMap(\.fakeOwningAlert).first
        }

        @Test func theDefaultPresentersAlertWaitsForTheSheetOfTheKeyWindowNotOnTheSheet() async throws {
            let window = keyWindow()
            let savePanel = NSWindow()
            window.beginSheet(savePanel)
            // A sheet becomes key: the key window is now the Save panel, not the document's window.
            #expect(NSApplication.shared.keyWindow === savePanel)

            let answer = await presenting(Fixtures.storagePresentation(), with: AppKitErrorPresenter())
            #expect(savePanel.sheets.isEmpty)
            #expect(window.sheets.map { $0 === savePanel } == [true])

            window.endSheet(savePanel)
            let alert = try #require(await sheet(on: window))
            #expect(savePanel.fakeAttachedSheets.isEmpty)
            alert.fakePressButton(at: 0)
            #expect(try await answer.value?.title == "Try Again")
        }

        @Test func whileTheAppIsInactiveTheAlertWaitsForItAndComesUpOnItsWindow() async throws {
            let window = keyWindow()
            NSApplication.shared.fakeResignActive()
            defer { NSApplication.shared.fakeActivate() }
            #expect(NSApplication.shared.keyWindow == nil)
            let attentionRequests = NSApplication.shared.fakeAttentionRequests.count

            let answer = await presenting(Fixtures.storagePresentation(), with: AppKitErrorPresenter())
            // Neither app-modal over another app nor lost: it waits, and the Dock icon asks for attention.
            #expect(NSApplication.shared.fakeModalSessionWindows.isEmpty)
            #expect(NSApplication.shared.fakeBlockingModalLoops == 0)
            #expect(window.sheets.isEmpty)
            #expect(NSApplication.shared.fakeAttentionRequests.count == attentionRequests + 1)
            #expect(NSApplication.shared.fakeAttentionRequests.last == .informationalRequest)

            NSApplication.shared.fakeActivate()
            let alert = try #require(await sheet(on: window))
            alert.fakePressButton(at: 2)
            #expect(try await answer.value?.title == "Cancel")
        }

        @Test func anAlertWaitingForTheAppToBecomeActiveCanBeWithdrawn() async throws {
            let window = keyWindow()
            NSApplication.shared.fakeResignActive()
            defer { NSApplication.shared.fakeActivate() }
            let answer = await presenting(Fixtures.storagePresentation(), with: AppKitErrorPresenter())
            answer.cancel()
            #expect(try await answer.value == nil)
            NSApplication.shared.fakeActivate()
            #expect(window.sheets.isEmpty)
            #expect(NSApplication.shared.fakeModalSessionWindows.isEmpty)
        }

        @Test func aMinorErrorIsABannerInsideTheWindowThatNeverTakesTheKeyboardFocus() async throws {
            let window = keyWindow()
            let presentation = ErrorResolver(catalog: .empty, localization: Fixtures.english)
                .presentation(for: Fixtures.SyncDelayed())
            let answer = Task { try await AppKitErrorPresenter().present(presentation) }

            let content = try #require(window.contentView)
            await fakes { content.subviews.contains { $0 is AppKitBannerView } }
            let banner = try #require(content.subviews.lazy.compactMap { $0 as? AppKitBannerView }.first)
            #expect(!banner.acceptsFirstResponder)
            #expect(NSApplication.shared.keyWindow === window)  // No sheet, no window of its own.
            #expect(window.sheets.isEmpty)
            #expect(banner.rootView.text == "Sync Delayed. Your notes will sync when the connection is back.")
            let button = try #require(fakeFind(Button<Text>.self, in: banner.rootView.body).first)
            #expect(!fakeFind(FakeStyling.self, in: banner.rootView.body).filter { $0.name == "notFocusable" }.isEmpty)
            button.fakeTap()
            #expect(try await answer.value?.title == "Try Again")
            #expect(banner.superview == nil)
        }

        @Test func whileTheAppIsInactiveABannerIsStillShownInItsFrontWindow() async throws {
            let window = keyWindow()
            NSApplication.shared.fakeOrderedWindows = [FakeWeakWindow(window)]
            NSApplication.shared.fakeResignActive()
            defer {
                NSApplication.shared.fakeActivate()
                NSApplication.shared.fakeOrderedWindows = []
            }
            let presentation = ErrorResolver(catalog: .empty, localization: Fixtures.english)
                .presentation(for: Fixtures.SyncDelayed())
            let answer = Task { try await AppKitErrorPresenter().present(presentation) }
            let content = try #require(window.contentView)
            await fakes { content.subviews.contains { $0 is AppKitBannerView } }
            answer.cancel()
            #expect(try await answer.value == nil)
            #expect(!content.subviews.contains { $0 is AppKitBannerView })
        }

        @Test func presentErrorPassesTheWindowControllerTheDocumentAndTheDocumentController() async throws {
            final class Journal { var entries: [String] = [] }
            final class NoteView: NSView {
                let journal: Journal
                init(journal: Journal) {
                    self.journal = journal
                    super.init(frame: .zero)
                }
                override func willPresentError(_ error: any Error) -> any Error {
                    journal.entries.append("view")
                    return error
                }
            }
            final class NoteDocument: NSDocument {
                let journal: Journal
                init(journal: Journal) { self.journal = journal }
                override func willPresentError(_ error: any Error) -> any Error {
                    journal.entries.append("document")
                    // Told apart by domain and code, as Apple advises; replaced with one the person can act on.
                    guard (error as NSError).domain == NSCocoaErrorDomain else { return error }
                    return MessageError("The note couldn't be saved to its folder.", title: "Note Not Saved")
                }
            }
            final class Documents: NSDocumentController {
                let journal: Journal
                init(journal: Journal) { self.journal = journal }
                override func willPresentError(_ error: any Error) -> any Error {
                    journal.entries.append("document controller")
                    return error
                }
            }
            final class AppDelegate: NSApplicationDelegate, ErrorScopeProvidingResponder {
                let errorScope: ErrorScope
                init(errorScope: ErrorScope) { self.errorScope = errorScope }
            }
            let journal = Journal()
            let window = keyWindow()
            let view = NoteView(journal: journal)
            window.contentView?.addSubview(view)
            view.nextResponder = window
            let document = NoteDocument(journal: journal)
            let controller = NSWindowController(window: window)
            controller.document = document
            let savedShared = NSDocumentController.fakeShared
            NSDocumentController.fakeShared = Documents(journal: journal)
            defer { NSDocumentController.fakeShared = savedShared }
            let delegate = AppDelegate(errorScope: Fixtures.root(presenter: AppKitErrorPresenter()))
            NSApplication.shared.delegate = delegate
            defer { NSApplication.shared.delegate = nil }

            let outcome = AsyncStream<HandlingOutcome?>.makeStream()
            view.presentError(NSError(domain: NSCocoaErrorDomain, code: NSFileWriteNoPermissionError)) {
                outcome.continuation.yield($0)
            }
            #expect(journal.entries == ["view", "document", "document controller"])
            let alert = try #require(await sheet(on: window))
            #expect(alert.messageText == "Note Not Saved")
            alert.fakePressButton(at: 0)
            var outcomes = outcome.stream.makeAsyncIterator()
            #expect(await outcomes.next() == .presented)
            withExtendedLifetime(controller) {}
        }

        @Test func theBridgedErrorKeepsTheOriginalErrorObjectUnderTheUnderlyingErrorKey() throws {
            let original = NSError(domain: "com.example.Notes.Sync", code: 42)
            let presentation = ErrorResolver(catalog: .empty, localization: Fixtures.english)
                .presentation(for: original)
            let bridged = NSResponder.bridgedError(for: presentation)
            let underlying = try #require(bridged.userInfo[NSUnderlyingErrorKey] as? NSError)
            #expect(underlying === original)
            #expect(bridged.domain == original.domain && bridged.code == original.code)
        }
    }
}
