import Foundation

/// One real failure: what triggers it, and the error it throws on this machine.
///
/// A case sets up what it needs (a database file, a loopback server, a client) in a fresh ``Workspace``,
/// then runs the one operation that fails inside ``Workspace/failure(of:)``. Only
/// that operation's error is the case's error: a setup step that throws ends ``error()`` with a
/// ``SetupFailure``, never passes for the failure under test.
public struct FailureCase: Sendable, Identifiable, CustomStringConvertible {
    /// A short, stable name: `grdb.unique`, `ahc.readTimeout`…
    public let id: String
    /// The package whose failure this is: GRDB, SwiftNIO, AsyncHTTPClient, Yams, TOMLKit, Foundation.
    public let library: String
    /// What the case does, in a few words.
    public let summary: String
    private let run: @Sendable (Workspace) async throws -> any Error

    /// Creates a case.
    ///
    /// - Parameters:
    ///   - id: A short, stable name.
    ///   - library: The package whose failure this is.
    ///   - summary: What the case does.
    ///   - run: Sets up in the workspace and returns ``Workspace/failure(of:)``.
    public init(
        _ id: String,
        library: String,
        summary: String,
        run: @escaping @Sendable (Workspace) async throws -> any Error
    ) {
        self.id = id
        self.library = library
        self.summary = summary
        self.run = run
    }

    public var description: String { id }

    /// Triggers the failure and returns the error it threw.
    ///
    /// - Throws: ``SetupFailure`` when setting up failed or the operation didn't fail.
    public func error() async throws -> any Error {
        let workspace = try Workspace()
        defer { workspace.remove() }
        do {
            return try await run(workspace)
        } catch let failure as SetupFailure {
            throw failure
        } catch {
            throw SetupFailure(caseID: id, reason: "setting up failed: \(error)")
        }
    }
}

/// A case could not produce its failure: its setup threw, or the operation that should fail succeeded.
public struct SetupFailure: Error, CustomStringConvertible {
    /// The case.
    public let caseID: String
    /// What went wrong.
    public let reason: String

    public var description: String { "\(caseID): \(reason)" }
}

/// A fresh temporary directory for one case, removed after it.
public struct Workspace: Sendable {
    /// The directory.
    public let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("remedy-integration-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A file in the workspace (not created).
    public func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// A file's path in the workspace (not created).
    public func path(_ relativePath: String) -> String {
        url(relativePath).path
    }

    /// Writes a text file into the workspace.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> URL {
        let file = url(relativePath)
        try Data(text.utf8).write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the operation that should fail and returns its error.
    ///
    /// - Throws: ``SetupFailure`` when the operation succeeds.
    public func failure(of operation: () async throws -> Any) async throws -> any Error {
        do {
            let value = try await operation()
            throw SetupFailure(caseID: "?", reason: "the operation succeeded with \(value)")
        } catch let failure as SetupFailure {
            throw failure
        } catch {
            return error
        }
    }
}
