import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/appkit/nswindow
/// `@MainActor class NSWindow : NSResponder`
///
/// The fake keeps a sheet queue per window, as AppKit does: the first sheet begun is presented, the next
/// ones wait until it ends.
@MainActor
open class NSWindow: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nswindow/sheetparent
    /// `var sheetParent: NSWindow? { get }` — "The parent window–sheet relationship begins with the
    /// beginning of the sheet … and ends with the sheet's dismissal", so a queued sheet has its parent too.
    open internal(set) weak var sheetParent: NSWindow?

    /// Fake: the alert whose window this is.
    public internal(set) weak var fakeOwningAlert: NSAlert?

    /// Fake: the sheets of this window, presented first (a critical sheet on top of the others), then the
    /// queued ones, with the handlers that end them.
    private var fakeSheets: [(sheet: NSWindow, handler: ((NSApplication.ModalResponse) -> Void)?)] = []

    /// Fake: how many of `fakeSheets` are presented; the rest are queued.
    private var fakePresentedSheetCount = 0

    /// Fake: AppKit makes windows from nibs or code; a test makes one with this.
    public override convenience init() {
        self.init(fakeContentSize: CGSize(width: 800, height: 600))
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/windowcontroller
    /// `weak var windowController: NSWindowController? { get set }`
    open weak var windowController: NSWindowController?

    /// https://developer.apple.com/documentation/appkit/nswindow/contentview
    /// `var contentView: NSView? { get set }`
    open var contentView: NSView? {
        didSet { contentView?.fakeWindow = self }
    }

    /// Fake: AppKit makes windows from nibs or code; a test makes one with this, with a content view.
    public init(fakeContentSize size: CGSize = CGSize(width: 800, height: 600)) {
        super.init()
        contentView = NSView(frame: CGRect(origin: .zero, size: size))
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/isvisible
    /// `var isVisible: Bool { get }` — the fake's windows are visible until ordered out.
    open internal(set) var isVisible = true

    /// https://developer.apple.com/documentation/appkit/nswindow/orderout(_:)
    /// `func orderOut(_ sender: Any?)`
    open func orderOut(_ sender: Any?) {
        isVisible = false
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/attachedsheet
    /// `var attachedSheet: NSWindow? { get }` — "nil when the window doesn't have a sheet attached".
    open var attachedSheet: NSWindow? {
        fakePresentedSheetCount > 0 ? fakeSheets[fakePresentedSheetCount - 1].sheet : nil
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/sheets
    /// `var sheets: [NSWindow] { get }` — "the presented sheets that are attached to the window, followed by
    /// queued sheets, in the order they were queued".
    open var sheets: [NSWindow] {
        fakeSheets[..<fakePresentedSheetCount].reversed().map(\.sheet)
            + fakeSheets[fakePresentedSheetCount...].map(\.sheet)
    }

    /// Fake: the sheet windows presented on this window now (not the queued ones).
    public var fakeAttachedSheets: [NSWindow] { fakeSheets[..<fakePresentedSheetCount].map(\.sheet) }

    /// https://developer.apple.com/documentation/appkit/nswindow/beginsheet(_:completionhandler:)
    /// `func beginSheet(_ sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) ->
    /// Void)? = nil)` — "If the window already has a presented sheet, this method queues the specified sheet
    /// for presentation after the current sheet is dismissed and then returns control to the caller."
    open func beginSheet(
        _ sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        sheetWindow.sheetParent = self
        fakeSheets.append((sheetWindow, handler))
        if fakePresentedSheetCount == 0 {
            fakePresentedSheetCount = 1
            fakeSheetBecomesKey(sheetWindow)
        }
        FakeChanges.shared.changed()
    }

    /// Fake: a presented sheet takes the keyboard focus from its window, as AppKit's sheets do (their
    /// Return and Escape buttons answer the keyboard): it becomes the key window; its window stays main.
    private func fakeSheetBecomesKey(_ sheet: NSWindow) {
        if NSApplication.shared.fakeKeyWindow === self { NSApplication.shared.fakeKeyWindow = sheet }
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/begincriticalsheet(_:completionhandler:)
    /// `func beginCriticalSheet(_ sheetWindow: NSWindow, completionHandler handler:
    /// ((NSApplication.ModalResponse) -> Void)? = nil)` — "displays the sheet—on top of the window's current
    /// sheet, if one exists".
    open func beginCriticalSheet(
        _ sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        sheetWindow.sheetParent = self
        fakeSheets.insert((sheetWindow, handler), at: fakePresentedSheetCount)
        fakePresentedSheetCount += 1
        if let below = fakePresentedSheetCount > 1 ? fakeSheets[fakePresentedSheetCount - 2].sheet : nil,
            NSApplication.shared.fakeKeyWindow === below
        {
            NSApplication.shared.fakeKeyWindow = sheetWindow
        } else {
            fakeSheetBecomesKey(sheetWindow)
        }
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/endsheet(_:)
    /// `func endSheet(_ sheetWindow: NSWindow)` — ends the sheet with `.stop`.
    open func endSheet(_ sheetWindow: NSWindow) {
        endSheet(sheetWindow, returnCode: .stop)
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/endsheet(_:returncode:)
    /// `func endSheet(_ sheetWindow: NSWindow, returnCode: NSApplication.ModalResponse)` — ends a presented
    /// sheet, then presents the next queued one. AppKit documents no effect on a sheet that is still queued;
    /// the fake leaves such a sheet in the queue, to come up later.
    open func endSheet(_ sheetWindow: NSWindow, returnCode: NSApplication.ModalResponse) {
        guard let index = fakeSheets[..<fakePresentedSheetCount].firstIndex(where: { $0.sheet === sheetWindow })
        else { return }
        let (sheet, handler) = fakeSheets.remove(at: index)
        fakePresentedSheetCount -= 1
        if NSApplication.shared.fakeKeyWindow === sheet {
            NSApplication.shared.fakeKeyWindow = fakePresentedSheetCount > 0 ? fakeSheets[0].sheet : self
        }
        if fakePresentedSheetCount == 0, !fakeSheets.isEmpty {
            fakePresentedSheetCount = 1
            fakeSheetBecomesKey(fakeSheets[0].sheet)
        }
        sheet.sheetParent = nil
        FakeChanges.shared.changed()
        handler?(returnCode)
        NotificationCenter.default.post(name: NSWindow.didEndSheetNotification, object: self)
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/didendsheetnotification
    /// `class let didEndSheetNotification: NSNotification.Name` — "A notification that the window object
    /// closed an attached sheet. The notification object is the NSWindow object that contained the sheet."
    public static let didEndSheetNotification = NSNotification.Name("NSWindowDidEndSheetNotification")
}
