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
        console.note(
            "The disk is a real folder; its \(freeBytes / 1_000) KB of \"free space\" is a real file-size limit")
        console.note("(setrlimit RLIMIT_FSIZE): writing past it fails with EFBIG, as a full disk fails with ENOSPC.")
        let disk = self.disk
        let console = self.console
        let freeUpSpace = RecoveryOption(title: "Free Up Space", role: .recommended) {
            let freed = try await disk.freeUpSpace()
            console.step("Deleted the cached thumbnails: \(freed / 1_000) KB freed")
            return .recovered
        }
        let buyStorage = RecoveryOption(title: "Buy More Storage") {
            console.step("The app would open its storage plans now (not part of the demo).")
            return .notRecovered
        }
        // The photo library's rule: a full disk, wherever it is in the tree, becomes the library's own
        // message with its two ways out. The original error stays in the log and the developer report.
        let notEnoughSpace = MessageError(
            "There isn't enough space to save the photo. Free up space or buy more storage.",
            title: "Not Enough Space",
            category: .resourceExhausted,
            options: [freeUpSpace, buyStorage]
        )
        let scope = root.child(
            "Photos",
            rules: [ErrorRule("disk full") { DiskSpace.isExhausted($0.error) ? .replace(notEnoughSpace) : .passOn }]
        )
        let saved: Void? = await scope.attempt("Saving the photo") {
            console.step("Writing photo.jpg (\(photo.count / 1_000) KB) with \(await disk.freeBytes / 1_000) KB free")
            try await disk.write(photo, to: "photo.jpg")
        }
        if saved != nil {
            console.result("Saved photo.jpg")
        } else {
            console.note("The photo wasn't saved.")
        }
    }
}
