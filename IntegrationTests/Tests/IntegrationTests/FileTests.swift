import Foundation
import IntegrationSupport
import Remedy
import Testing

/// Foundation's file errors: a missing file, a parent that is a regular file (ENOTDIR under CocoaError 512),
/// a directory read as a file, and permission cases that fail as root too.
@Suite(.timeLimit(.minutes(5)))
struct FileTests {
    @Test("A missing file: names “config.json”, not retried; the report keeps the path and ENOENT")
    func missingFile() async throws {
        let seen = try await observe("file.missing")
        expectPersonFacing(seen, codes: [260, 2])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "config.json")
        expectReport(seen, keeps: [try #require(Self.path(of: seen.error))])
        expectReport(seen, keepsErrno: .ENOENT)
    }

    @Test("A missing file is named in every language Remedy ships", arguments: Localization.supportedLanguages)
    func missingFileNamedInEveryLanguage(language: String) async throws {
        let error = try await #require(Failures.named("file.missing")).error()
        let presentation = ErrorResolver(localization: Localization(language: language)).presentation(for: error)
        #expect(presentation.message.contains("config.json"), "\(language): “\(presentation.message)”")
    }

    @Test("ENOTDIR under CocoaError 512 (Data.write): a specific text, not the generic system one; not retried")
    func notDirectoryWrite() async throws {
        let seen = try await observe("file.notDirectory.write")
        expectSpecificSaveFailure(seen, names: "config.json")
    }

    @Test("ENOTDIR under CocoaError 512 (createDirectory): a specific text, not the generic one; not retried")
    func notDirectoryCreateDirectory() async throws {
        let seen = try await observe("file.notDirectory.createDirectory")
        expectSpecificSaveFailure(seen, names: "drafts")
    }

    @Test("A directory read as a file (EISDIR under 256): recognised, names it, not retried")
    func directoryRead() async throws {
        let seen = try await observe("file.isDirectory.read")
        expectPersonFacing(seen, codes: [256, 21])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "notes")
        expectReport(seen, keeps: [try #require(Self.path(of: seen.error))])
        expectReport(seen, keepsErrno: .EISDIR)
    }

    @Test(
        "Permission refused even to root: permission denied, names the item, not retried; the report keeps the path",
        arguments: [
            ("file.permission.write", "ostype", POSIXErrorCode.EACCES),
            ("file.permission.create", "remedy-integration.txt", .EACCES),
            ("file.permission.remove", "version", .EPERM),
        ]
    )
    func permission(id: String, name: String, code: POSIXErrorCode) async throws {
        let seen = try await observe(id)
        expectPersonFacing(seen, codes: [513, Int(code.rawValue)])
        let category = seen.presentation.category
        #expect(category == .permissionDenied)
        expectNoRetry(seen)
        expectMessage(seen, names: name)
        expectReport(seen, keeps: [try #require(Self.path(of: seen.error))])
        expectReport(seen, keepsErrno: code)
    }

    /// A write whose parent isn't a directory: a specific text — not the generic system text that a POSIX
    /// code without an entry of its own gets, which used to win because ENOTDIR is deeper than CocoaError
    /// 512 — with the file named and no Try Again.
    private func expectSpecificSaveFailure(
        _ seen: Observation,
        names name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // A POSIX error whose code is no errno at all: no entry can be specific to it.
        let generic = ErrorResolver(localization: Observation.english)
            .presentation(for: NSError(domain: NSPOSIXErrorDomain, code: Int(Int32.max)))
        expectPersonFacing(seen, codes: [512, 20], sourceLocation: sourceLocation)
        expectRecognised(seen, sourceLocation: sourceLocation)
        let title = seen.presentation.title
        let message = seen.presentation.message
        #expect(title != generic.title, "the generic system title", sourceLocation: sourceLocation)
        #expect(message != generic.message, "the generic system message", sourceLocation: sourceLocation)
        expectNoRetry(seen, sourceLocation: sourceLocation)
        expectMessage(seen, names: name, sourceLocation: sourceLocation)
        let path = Self.path(of: seen.error)
        #expect(path != nil, "the error carries no file path", sourceLocation: sourceLocation)
        expectReport(seen, keeps: path.map { [$0] } ?? [], sourceLocation: sourceLocation)
        expectReport(seen, keepsErrno: .ENOTDIR, sourceLocation: sourceLocation)
    }

    /// The file path a Foundation error carries.
    static func path(of error: any Error) -> String? {
        (error as NSError).userInfo[NSFilePathErrorKey] as? String
    }
}
