import Foundation
import Remedy

extension DemoSession {
    /// An impossible state: an alert, cleanup hooks that run once, then the process ends.
    func fatal() async {
        let console = self.console
        let backend = self.backend
        let disk = self.disk
        let text = self.text
        root.addFatalCleanup {
            console.step(text("demo.fatal.cleanupBackend"))
            await backend.stop()
        }
        root.addFatalCleanup {
            console.step(text("demo.fatal.cleanupFiles"))
            await disk.removeAll()
        }
        console.note(text("demo.fatal.explanation"))
        // The store's rule: a data folder that can't be a folder is a state the app can't go on from.
        let damaged = FatalError(
            text("demo.fatal.error.message"),
            title: text("demo.fatal.error.title"),
            developerDescription: "The data folder is a file (ENOTDIR)"
        )
        let store = root.child(
            "Store",
            rules: [
                ErrorRule("damaged data folder") { failure in
                    let notAFolder = failure.tree.contains { node in
                        let error = node.error as NSError
                        return error.domain == NSPOSIXErrorDomain && error.code == Int(ENOTDIR)
                    }
                    return notAFolder ? .replace(damaged) : .passOn
                }
            ]
        )
        let opened: Void? = await store.attempt("Opening the app's data") {
            console.step("mkdir \(disk.root.path)/Library/Database")
            try await disk.openDataFolder()
        }
        // A fatal error ends the process in the terminate function; reaching this line would be a bug.
        console.line(text(opened == nil ? "demo.fatal.notEnded" : "demo.fatal.opened"))
    }
}
