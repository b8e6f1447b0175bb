import IntegrationSupport
import Remedy
import Testing

/// ZIPFoundation reading damaged archives: not an archive, a CRC-32 mismatch, a compression method it doesn't
/// support. Each is a damaged file for a person, never retried; the report keeps ZIPFoundation's case.
@Suite(.timeLimit(.minutes(5)))
struct ArchiveTests {
    @Test(
        "A damaged archive reads as a damaged file, not retried",
        arguments: [
            ("zip.damaged", "missingEndOfCentralDirectoryRecord"),
            ("zip.crc", "invalidCRC32"),
            ("zip.compressionMethod", "invalidCompressionMethod"),
        ]
    )
    func damagedArchive(caseID: String, archiveError: String) async throws {
        let seen = try await observe(caseID)
        expectPersonFacing(seen, alsoForbidden: ["ArchiveError", archiveError, "CRC", "ZIPFoundation"])
        expectKind(seen, .corruptFile)
        expectReport(seen, keeps: ["ArchiveError", archiveError])
    }
}
