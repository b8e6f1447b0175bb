#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// AppKit's error-responder chain, as `NSResponder`, `NSDocument` and `NSDocumentController` document it: the
/// responder and its `nextResponder`s, the window's controller when the responders don't pass through it,
/// then the window's document and the shared document controller (a document "forward[s] to the document
/// controller", which forwards "to the application object"), then the application.
@MainActor
enum ErrorResponderChain {
    /// One object of the chain and its `willPresentError(_:)`.
    struct Link {
        let object: AnyObject
        let willPresentError: @MainActor (any Error) -> any Error
    }

    /// The chain from a responder up to the application, each object once.
    static func links(from responder: NSResponder) -> [Link] {
        var responders: [NSResponder] = []
        var seen: Set<ObjectIdentifier> = []
        var next: NSResponder? = responder
        while let current = next, seen.insert(ObjectIdentifier(current)).inserted {
            responders.append(current)
            next = current.nextResponder
        }
        // The window controller follows its window when it isn't the window's next responder already.
        if let index = responders.firstIndex(where: { $0 is NSWindow }),
            let controller = (responders[index] as? NSWindow)?.windowController,
            !seen.contains(ObjectIdentifier(controller))
        {
            responders.insert(controller, at: index + 1)
        }
        let application = NSApplication.shared
        responders.removeAll { $0 === application }
        var links = responders.map { responder in Link(object: responder) { responder.willPresentError($0) } }
        let document = responders.lazy.compactMap { ($0 as? NSWindowController)?.document as? NSDocument }.first
        if let document {
            links.append(Link(object: document) { document.willPresentError($0) })
            let controller = NSDocumentController.shared
            links.append(Link(object: controller) { controller.willPresentError($0) })
        }
        links.append(Link(object: application) { application.willPresentError($0) })
        return links
    }

    /// The window an object of the chain is shown in: a view's, a window, a window controller's.
    static func window(of object: AnyObject) -> NSWindow? {
        switch object {
        case let window as NSWindow: window
        case let view as NSView: view.window
        case let controller as NSWindowController: controller.window
        default: nil
        }
    }
}
#endif
