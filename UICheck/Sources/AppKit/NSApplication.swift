import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/appkit/nsapplication
/// `@MainActor class NSApplication : NSResponder`
///
/// The fake keeps modal sessions as AppKit does: a session runs until it is stopped (a button of its window,
/// `stopModal(withCode:)`, `abortModal()`), and `runModalSession(_:)` answers `.continue` until then.
@MainActor
open class NSApplication: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsapplication/shared
    /// `class var shared: NSApplication { get }`
    public static let shared = NSApplication()

    /// https://developer.apple.com/documentation/appkit/nsapplication/keywindow
    /// `weak var keyWindow: NSWindow? { get }` — "The property might be nil … when the receiver is not
    /// active": the fake's is `nil` while the app is inactive. A test sets it through the fake setter.
    open var keyWindow: NSWindow? { isActive ? fakeKeyWindow : nil }

    /// Fake: the window that is key while the app is active.
    public weak var fakeKeyWindow: NSWindow?

    /// https://developer.apple.com/documentation/appkit/nsapplication/mainwindow
    /// `weak var mainWindow: NSWindow? { get }` — "It might also be nil when the app is inactive or
    /// hidden": the fake's is `nil` while the app is inactive.
    open var mainWindow: NSWindow? { isActive ? fakeMainWindow : nil }

    /// Fake: the main window while the app is active.
    public weak var fakeMainWindow: NSWindow?

    /// https://developer.apple.com/documentation/appkit/nsapplication/orderedwindows
    /// `var orderedWindows: [NSWindow] { get }` — "the app's window objects, ordered front to back".
    open var orderedWindows: [NSWindow] { fakeOrderedWindows.compactMap(\.window) }

    /// Fake: the app's windows, front to back, set by a test.
    public var fakeOrderedWindows: [FakeWeakWindow] = []

    /// https://developer.apple.com/documentation/appkit/nsapplication/isactive
    /// `var isActive: Bool { get }` — a test makes the app inactive, and active again with `fakeActivate()`.
    open var isActive: Bool { fakeIsActive }

    /// Fake: whether the app is active; it is, unless a test says otherwise.
    public private(set) var fakeIsActive = true

    /// Fake: another app comes to the front.
    public func fakeResignActive() {
        fakeIsActive = false
        FakeChanges.shared.changed()
    }

    /// Fake: the person brings the app to the front: AppKit posts `didBecomeActiveNotification`.
    public func fakeActivate() {
        fakeIsActive = true
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
    /// `nonisolated class let didBecomeActiveNotification: NSNotification.Name` — "Posted immediately after
    /// the app becomes active."
    public nonisolated static let didBecomeActiveNotification = NSNotification.Name(
        "NSApplicationDidBecomeActiveNotification")

    /// https://developer.apple.com/documentation/appkit/nsapplication/requestuserattention(_:)
    /// `func requestUserAttention(_ requestType: NSApplication.RequestUserAttentionType) -> Int` — "Activating
    /// the app cancels the user attention request"; has no effect if the app is active.
    @discardableResult
    open func requestUserAttention(_ requestType: RequestUserAttentionType) -> Int {
        fakeAttentionRequests.append(requestType)
        return fakeAttentionRequests.count
    }

    /// Fake: every attention request, in order.
    public private(set) var fakeAttentionRequests: [RequestUserAttentionType] = []

    /// https://developer.apple.com/documentation/appkit/nsapplication/requestuserattentiontype
    /// `enum RequestUserAttentionType`
    public enum RequestUserAttentionType: UInt, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsapplication/requestuserattentiontype/criticalrequest
        case criticalRequest = 0
        /// https://developer.apple.com/documentation/appkit/nsapplication/requestuserattentiontype/informationalrequest
        case informationalRequest = 10
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/delegate
    /// `weak var delegate: (any NSApplicationDelegate)? { get set }`
    open weak var delegate: (any NSApplicationDelegate)?

    /// Fake: the modal sessions begun and not ended, innermost last, with how each was stopped.
    private var fakeSessions: [(id: Int, window: NSWindow, stoppedWith: ModalResponse?)] = []
    private var fakeLastSessionID = 0

    /// Fake: the windows of the modal sessions under way.
    public var fakeModalSessionWindows: [NSWindow] { fakeSessions.map(\.window) }

    /// Fake: modal loops that were run with `runModal()`, which on the main actor nothing but the person
    /// could have ended (see `NSAlert.runModal()`).
    public internal(set) var fakeBlockingModalLoops = 0

    /// https://developer.apple.com/documentation/appkit/nsapplication/modalwindow
    /// `var modalWindow: NSWindow? { get }` — "the current standalone modal window or nil".
    open var modalWindow: NSWindow? { fakeSessions.last?.window }

    /// https://developer.apple.com/documentation/appkit/nsapplication/modalsession
    /// `typealias NSApplication.ModalSession = OpaquePointer`
    public typealias ModalSession = OpaquePointer

    /// https://developer.apple.com/documentation/appkit/nsapplication/beginmodalsession(for:)
    /// `func beginModalSession(for window: NSWindow) -> NSApplication.ModalSession` — "The window is made
    /// key, and if not already visible is placed onscreen".
    open func beginModalSession(for window: NSWindow) -> ModalSession {
        fakeLastSessionID += 1
        fakeSessions.append((fakeLastSessionID, window, nil))
        window.isVisible = true
        FakeChanges.shared.changed()
        // A handle that only identifies the session; never dereferenced.
        return OpaquePointer(bitPattern: fakeLastSessionID)!
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/runmodalsession(_:)
    /// `func runModalSession(_ session: NSApplication.ModalSession) -> NSApplication.ModalResponse` —
    /// handles the window's pending events and returns `.continue`, or how the session was stopped.
    open func runModalSession(_ session: ModalSession) -> ModalResponse {
        fakeSessions.first { $0.id == Int(bitPattern: session) }?.stoppedWith ?? .continue
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/endmodalsession(_:)
    /// `func endModalSession(_ session: NSApplication.ModalSession)`
    open func endModalSession(_ session: ModalSession) {
        fakeSessions.removeAll { $0.id == Int(bitPattern: session) }
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/stopmodal(withcode:)
    /// `func stopModal(withCode returnCode: NSApplication.ModalResponse)` — stops the innermost session.
    open func stopModal(withCode returnCode: ModalResponse) {
        guard !fakeSessions.isEmpty else { return }
        fakeSessions[fakeSessions.count - 1].stoppedWith = returnCode
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/abortmodal()
    /// `func abortModal()` — stops the innermost session with `.abort`.
    open func abortModal() {
        stopModal(withCode: .abort)
    }

    /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse
    /// `struct ModalResponse`
    public struct ModalResponse: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/rawvalue
        public let rawValue: Int

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/init(rawvalue:)
        /// `init(rawValue: Int)`
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/stop
        /// `static let stop: NSApplication.ModalResponse` (-1000)
        public static let stop = ModalResponse(rawValue: -1000)

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/abort
        /// `static var abort: NSApplication.ModalResponse { get }` (-1001)
        public static let abort = ModalResponse(rawValue: -1001)

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/continue
        /// `static var continue: NSApplication.ModalResponse { get }` (-1002)
        public static let `continue` = ModalResponse(rawValue: -1002)

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/alertfirstbuttonreturn
        /// `static let alertFirstButtonReturn: NSApplication.ModalResponse` (1000)
        public static let alertFirstButtonReturn = ModalResponse(rawValue: 1000)
    }
}

/// https://developer.apple.com/documentation/appkit/nsapplicationdelegate
/// `@MainActor protocol NSApplicationDelegate : NSObjectProtocol` (`NSObjectProtocol` left out, with
/// `NSObject`)
@MainActor
public protocol NSApplicationDelegate: AnyObject {}

/// Fake: a weak reference to a window, for the app's window list.
public struct FakeWeakWindow {
    public weak var window: NSWindow?
    public init(_ window: NSWindow) { self.window = window }
}
