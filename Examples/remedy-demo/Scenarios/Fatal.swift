import Foundation
import Remedy

extension DemoSession {
    /// An impossible state: an alert, cleanup hooks that run once, then the process ends.
    func fatal() async {
        let console = self.console
        let backend = self.backend
        let disk = self.disk
        root.addFatalCleanup {
            console.step("Cleanup: stopping the HTTP backend")
            await backend.stop()
        }
        root.addFatalCleanup {
            console.step("Cleanup: removing the demo's files")
            await disk.removeAll()
        }
        console.note("A file stands where the app's data folder should be (a damaged install), so creating the")
        console.note("folder fails for real with ENOTDIR: a state the app can't continue from.")
        // The store's rule: a data folder that can't be a folder is a state the app can't go on from.
        let damaged = FatalError(
            "The app's data is damaged, so the app must close. Reinstalling the app repairs it.",
            title: "Data Damaged",
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
        console.line(opened == nil ? "The fatal error didn't end the process." : "The data folder opened.")
    }
}
