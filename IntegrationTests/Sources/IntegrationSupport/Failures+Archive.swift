import Foundation
import ZIPFoundation

extension Failures {
    // MARK: - ZIPFoundation

    /// ZIPFoundation reading archives that are damaged in three ways: not an archive at all, an entry whose
    /// bytes no longer match its CRC-32, and an entry stored with a compression method it doesn't support.
    static let archives: [FailureCase] = [
        FailureCase(
            "zip.damaged", library: "ZIPFoundation",
            summary: "open backup.zip, a text file and no archive, with Archive(url:accessMode: .read)"
        ) { workspace in
            let file = try workspace.write(String(repeating: "Not an archive.\n", count: 64), to: "backup.zip")
            return try await workspace.failure { try Archive(url: file, accessMode: .read) }
        },
        FailureCase(
            "zip.crc", library: "ZIPFoundation",
            summary: "unzipItem of backup.zip after one byte of a stored entry changed (CRC-32 mismatch)"
        ) { workspace in
            let archive = try storedArchive(in: workspace)
            try patch(archive, at: archive.offset(of: entryText)) { $0 ^ 0x20 }
            return try await workspace.failure {
                try FileManager.default.unzipItem(at: archive.url, to: workspace.url("restored"))
            }
        },
        FailureCase(
            "zip.compressionMethod", library: "ZIPFoundation",
            summary: "unzipItem of backup.zip whose entry says it is LZMA-compressed (method 14)"
        ) { workspace in
            let archive = try storedArchive(in: workspace)
            // The local file header of the first entry starts the file; its compression method is at offset 8.
            try patch(archive, at: 8) { _ in 14 }
            return try await workspace.failure {
                try FileManager.default.unzipItem(at: archive.url, to: workspace.url("restored"))
            }
        },
    ]

    private static let entryText = "Minutes of the meeting: the notes app ships on Friday.\n"

    /// backup.zip with one entry, notes.txt, stored uncompressed so its bytes can be found and changed.
    private static func storedArchive(in workspace: Workspace) throws -> ArchiveFile {
        let notes = try workspace.write(entryText, to: "notes.txt")
        let url = workspace.url("backup.zip")
        try FileManager.default.zipItem(at: notes, to: url, shouldKeepParent: false, compressionMethod: .none)
        return ArchiveFile(url: url, bytes: try Data(contentsOf: url))
    }

    /// Rewrites one byte of an archive file.
    private static func patch(_ archive: ArchiveFile, at offset: Int, _ change: (UInt8) -> UInt8) throws {
        var bytes = archive.bytes
        bytes[offset] = change(bytes[offset])
        try bytes.write(to: archive.url)
    }
}

/// An archive file and the bytes it held when it was made.
private struct ArchiveFile {
    var url: URL
    var bytes: Data

    /// Where a text first appears in the bytes.
    func offset(of text: String) throws -> Int {
        guard let range = bytes.range(of: Data(text.utf8)) else {
            throw SetupFailure(caseID: "zip", reason: "the stored entry's text isn't in the archive")
        }
        return range.lowerBound
    }
}
