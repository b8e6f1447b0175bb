#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import Testing

@testable import Remedy
@testable import RemedyUI

/// RemedyUI's AppKit paths against the real AppKit: what UICheck's stand-in can only model.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct AppKitRealTests {
    struct StorageFull: PresentableError {
        var title: String? { "Not Enough Storage" }
        var message: String { "The note couldn't be saved because the disk is full." }
        var recoveryOptions: [RecoveryOption] {
            [RecoveryOption(title: "Try Again", role: .recommended) { .recovered }, .cancel]
        }
    }

    func presentation(of error: any Error) -> Presentation {
        ErrorResolver(catalog: .empty, localization: Localization(locale: Locale(identifier: "en")))
            .presentation(for: error)
    }

    @Test func theAlertsButtonsFollowAppKitsOrderAndKeys() {
        let presentation = presentation(of: StorageFull())
        let buttons = PresentationLayout.appKitButtonOrder(of: presentation.options)
        let alert = AppKitErrorPresenter.alert(for: presentation, buttons: buttons)
        #expect(alert.buttons.map(\.title) == ["Try Again", "Cancel"])
        #expect(alert.buttons.last?.keyEquivalent == "\u{1b}")
        #expect(alert.alertStyle == .warning)
    }

    @Test func theBridgedErrorCarriesTheOriginalObjectAndASecureCodingAttempter() throws {
        let original = NSError(domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError)
        let bridged = NSResponder.bridgedError(for: presentation(of: original))
        #expect((bridged.userInfo[NSUnderlyingErrorKey] as? NSError) === original)
        let attempter = try #require(bridged.recoveryAttempter as? ErrorRecoveryAttempter)
        let data = try NSKeyedArchiver.archivedData(withRootObject: attempter, requiringSecureCoding: true)
        let decoded = try NSKeyedUnarchiver.unarchivedObject(ofClass: ErrorRecoveryAttempter.self, from: data)
        #expect(decoded?.options.map(\.title) == attempter.options.map(\.title))
    }

    @Test func theAppModalRecoveryReportsWhatTheActionDid() {
        let recovered = RecoveryOption(title: "Free Up Space") { .recovered }
        let attempter = ErrorRecoveryAttempter(options: [recovered, .cancel])
        // AppKit's application-modal form, through the Objective-C override.
        #expect(attempter.attemptRecovery(fromError: CocoaError(.fileWriteOutOfSpace), optionIndex: 0))
        #expect(!attempter.attemptRecovery(fromError: CocoaError(.fileWriteOutOfSpace), optionIndex: 1))
    }

    @Test func theErrorResponderChainPassesTheDocumentAndTheDocumentController() {
        final class NoteDocument: NSDocument {
            var saw = false
            override func willPresentError(_ error: any Error) -> any Error {
                saw = true
                return error
            }
        }
        let window = NSWindow(
            contentRect: CGRect(x: 0, y: 0, width: 400, height: 300), styleMask: [.titled], backing: .buffered,
            defer: true)
        let controller = NSWindowController(window: window)
        let document = NoteDocument()
        controller.document = document
        let view = NSView(frame: .zero)
        window.contentView?.addSubview(view)

        let links = ErrorResponderChain.links(from: view)
        #expect(links.contains { $0.object === controller })
        #expect(links.contains { $0.object === document })
        #expect(links.contains { $0.object === NSDocumentController.shared })
        #expect(links.last?.object === NSApplication.shared)
        _ = links.reduce(CocoaError(.fileWriteOutOfSpace) as any Error) { $1.willPresentError($0) }
        #expect(document.saw)
    }

    @Test func aSheetBecomesKeyAndTheAlertGoesToItsWindow() {
        let window = NSWindow(
            contentRect: CGRect(x: 0, y: 0, width: 400, height: 300), styleMask: [.titled], backing: .buffered,
            defer: false)
        let sheet = NSWindow(
            contentRect: CGRect(x: 0, y: 0, width: 200, height: 100), styleMask: [.titled], backing: .buffered,
            defer: false)
        window.beginSheet(sheet)
        defer { window.endSheet(sheet) }
        #expect(sheet.sheetParent === window)
        #expect(AppKitErrorPresenter.sheetOwner(of: sheet) === window)
    }
}
#endif
