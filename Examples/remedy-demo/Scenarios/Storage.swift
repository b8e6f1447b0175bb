import Foundation
import Remedy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes a full disk anywhere in an error's tree.
enum DiskSpace {
    /// Whether an error means the disk is full: `ENOSPC`, `EDQUOT`, or the demo's stand-in `EFBIG`.
    static func isExhausted(_ error: any Error) -> Bool {
        ErrorTree(error).contains { node in
            let error = node.error as NSError
            return error.domain == NSPOSIXErrorDomain && [ENOSPC, EDQUOT, EFBIG].contains(Int32(error.code))
        }
    }
}

extension DemoSession {
    /// Saving fails for lack of space: free up space, or buy more, besides Cancel.
    func storage() async {
        let photo = Data(count: 100_000)
        let freeBytes = await disk.freeBytes
        console.note(text("demo.storage.disk", freeBytes / 1_000))
        let disk = self.disk
        let console = self.console
        let text = self.text
        let freeUpSpace = RecoveryOption(title: text("demo.storage.option.freeUpSpace"), role: .recommended) {
            let freed = try await disk.freeUpSpace()
            console.step(text("demo.storage.freed", freed / 1_000))
            return .recovered
        }
        let buyStorage = RecoveryOption(title: text("demo.storage.option.buyStorage")) {
            console.step(text("demo.storage.plans"))
            return .notRecovered
        }
        // The photo library's rule: a full disk, wherever it is in the tree, becomes the library's own
        // message with its two ways out. The original error stays in the log and the developer report.
        let notEnoughSpace = MessageError(
            text("demo.storage.error.message"),
            title: text("demo.storage.error.title"),
            category: .resourceExhausted,
            options: [freeUpSpace, buyStorage]
        )
        let scope = root.child(
            "Photos",
            rules: [ErrorRule("disk full") { DiskSpace.isExhausted($0.error) ? .replace(notEnoughSpace) : .passOn }]
        )
        let saved: Void? = await scope.attempt("Saving the photo") {
            console.step(text("demo.storage.writing", photo.count / 1_000, await disk.freeBytes / 1_000))
            try await disk.write(photo, to: "photo.jpg")
        }
        if saved != nil {
            console.result(text("demo.storage.saved"))
        } else {
            console.note(text("demo.storage.notSaved"))
        }
    }
}
