import Foundation
import RemedyTerminal
import RemedyTesting
import Testing

@testable import Remedy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit status of each kind of failure, following `sysexits.h`, the same bare, wrapped in an app's enum
/// and inside context layers; and the command-line article's table, which documents the rules.
struct ProcessExitStatusTests {
    /// An app's own kind of failure: a configuration file it can't use.
    struct ConfigurationError: PresentableError {
        var underlying: (any Error)?
        var message: String { "The settings file has no server address." }
        var category: ErrorCategory { ErrorCategory("configuration") }
    }

    /// An app's layer enum, whose payloads make the tree.
    enum SyncError: Error {
        case loading(any Error)
    }

    struct UnknownError: Error {}

    /// Shaped like swift-configuration's errors: a required setting missing, a value of the wrong type.
    enum ConfigError: Error {
        case missingRequiredConfigValue(key: String)
        case configValueNotConvertible(name: String, type: String)
    }

    /// Shaped like a process library's: the program to run isn't there.
    enum SpawnError: Error {
        case executableNotFound(String)
    }

    static let decodingError = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not JSON."))

    /// Real errors of each class, and the status each ends with.
    static let classes: [(error: any Error, status: ProcessExitStatus)] = [
        (CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "notes.txt"]), .noInput),
        (POSIXError(.ENOENT), .noInput),
        (POSIXError(.EISDIR), .noInput),
        (decodingError, .dataError),
        (CocoaError(.fileReadCorruptFile), .dataError),
        (InvalidInputError([FieldError(field: "name", message: "This field is required.")]), .dataError),
        (URLError(.notConnectedToInternet), .temporaryFailure),
        (POSIXError(.ECONNREFUSED), .temporaryFailure),
        (HTTPStatusError(status: 503), .temporaryFailure),
        (HTTPStatusError(status: 500), .unavailable),
        (HTTPStatusError(status: 404), .unavailable),
        (CocoaError(.fileReadNoPermission), .noPermission),
        (POSIXError(.EACCES), .noPermission),
        (HTTPStatusError(status: 403), .noPermission),
        (HTTPStatusError(status: 401), .noPermission),
        (POSIXError(.ENOSPC), .ioError),
        (CocoaError(.fileWriteOutOfSpace), .ioError),
        (EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN")), .software),
        (MessageError("The index is out of step.", category: .internalInconsistency), .software),
        (ConfigurationError(), .configuration),
        (CancellationError(), .cancelled),
        (URLError(.cancelled), .cancelled),
        (UnknownError(), .failure),
        // Kinds read across libraries (issue 26), from a stand-in of postgres-nio's `PSQLError`.
        (StandInPSQLError(sqlState: "28P01", message: "password authentication failed"), .noPermission),
        (StandInPSQLError(sqlState: "40001", message: "could not serialize access"), .temporaryFailure),
        (StandInPSQLError(sqlState: "42601", message: "syntax error"), .software),
        (StandInPSQLError(sqlState: "22001", message: "value too long"), .dataError),
        // Kinds read by shared vocabularies (issue 35).
        (ConfigError.missingRequiredConfigValue(key: "server.port"), .configuration),
        (ConfigError.configValueNotConvertible(name: "server.port", type: "Int"), .configuration),
        (SpawnError.executableNotFound("pg_dump"), .programNotFound),
        (POSIXError(.EPIPE), .pipeClosed),
    ]

    static func root() -> ErrorScope {
        ErrorScope.root(presenter: ScriptedPresenter(), logger: LogRecording().logger())
    }

    @Test(arguments: 0..<classes.count)
    func eachClassOfFailureEndsWithItsStatus(_ index: Int) {
        let (error, status) = Self.classes[index]
        #expect(Self.root().exitStatus(for: error) == status, "\(error)")
    }

    @Test(arguments: 0..<classes.count)
    func theStatusIsTheSameWrappedAndInContext(_ index: Int) {
        let (error, status) = Self.classes[index]
        let root = Self.root()
        let wrapped = SyncError.loading(error)
        let inContext = ContextError("Syncing", wrapping: ContextError("Loading the notes", wrapping: wrapped))
        #expect(root.exitStatus(for: wrapped) == status, "\(error)")
        #expect(root.exitStatus(for: inContext) == status, "\(error)")
    }

    /// The app said what kind of failure it is: a missing settings file is its configuration's problem,
    /// not a missing input.
    @Test func theAppsCategoryWinsOverTheFileBeneathIt() {
        let error = ConfigurationError(underlying: CocoaError(.fileReadNoSuchFile))
        #expect(ErrorTree(error).first(CocoaError.self) != nil)
        #expect(Self.root().exitStatus(for: error) == .configuration)
    }

    /// The root's catalog decides: an app's entry makes a foreign error its own kind.
    @Test func theRootsCatalogDecides() {
        var catalog = ErrorCatalog.standard
        catalog.register(UnknownError.self) { _, _ in
            ErrorInterpretation(message: "The sync service is down.", category: .externalSystemUnavailable)
        }
        let root = ErrorScope.root(presenter: ScriptedPresenter(), catalog: catalog, logger: LogRecording().logger())
        #expect(root.exitStatus(for: UnknownError()) == .unavailable)
        #expect(Self.root().exitStatus(for: UnknownError()) == .failure)
    }

    #if canImport(Glibc) || canImport(Darwin)
    @Test func theValuesAreThoseOfSysexits() {
        #expect(ProcessExitStatus.success.rawValue == EXIT_SUCCESS)
        #expect(ProcessExitStatus.failure.rawValue == EXIT_FAILURE)
        #expect(ProcessExitStatus.usage.rawValue == EX_USAGE)
        #expect(ProcessExitStatus.dataError.rawValue == EX_DATAERR)
        #expect(ProcessExitStatus.noInput.rawValue == EX_NOINPUT)
        #expect(ProcessExitStatus.unavailable.rawValue == EX_UNAVAILABLE)
        #expect(ProcessExitStatus.software.rawValue == EX_SOFTWARE)
        #expect(ProcessExitStatus.ioError.rawValue == EX_IOERR)
        #expect(ProcessExitStatus.temporaryFailure.rawValue == EX_TEMPFAIL)
        #expect(ProcessExitStatus.noPermission.rawValue == EX_NOPERM)
        #expect(ProcessExitStatus.configuration.rawValue == EX_CONFIG)
        #expect(ProcessExitStatus.cancelled.rawValue == 128 + SIGINT)
        #expect(ProcessExitStatus.pipeClosed.rawValue == 128 + SIGPIPE)
    }
    #endif

    @Test func theDescriptionNamesTheStatus() {
        #expect(ProcessExitStatus.noInput.description == "66 (noInput)")
        #expect(ProcessExitStatus(rawValue: 3).description == "3")
    }

    // MARK: - The article's table

    /// The statuses `ProcessExitStatus` names.
    static let named: [ProcessExitStatus] = [
        .success, .failure, .usage, .dataError, .noInput, .unavailable, .software, .ioError, .temporaryFailure,
        .noPermission, .configuration, .programNotFound, .cancelled, .pipeClosed,
    ]

    /// The rows of the command-line article's table of statuses: the failure, and the status cell.
    static func tableRows() throws -> [(failure: String, status: String)] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RemedyTerminal/Documentation.docc/Articles/CommandLineTools.md")
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| the failure | status |") })
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0], cells[1])
        }
    }

    /// Each status cell reads `66 \`noInput\``, as the status describes itself, and every status
    /// `ProcessExitStatus` names is in the table; every catalog entry it names exists.
    @Test func theArticlesTableNamesEveryStatusAsItIs() throws {
        let rows = try Self.tableRows()
        #expect(rows.count >= 14)
        var documented: Set<Int32> = []
        for row in rows where row.status != "its value" {
            let match = try #require(row.status.wholeMatch(of: #/(\d+) `(\w+)`/#), "\(row.status)")
            let status = ProcessExitStatus(rawValue: try #require(Int32(match.1)))
            #expect(status.description == "\(match.1) (\(match.2))")
            documented.insert(status.rawValue)
        }
        #expect(documented == Set(Self.named.map(\.rawValue)))
        let entries = rows.flatMap { $0.failure.matches(of: #/`([a-z]+\.[a-zA-Z]+)`/#).map { String($0.1) } }
        #expect(entries.count >= 10)
        for name in entries {
            #expect(ErrorCatalog.builtInEntry(named: name) != nil, "\(name) is no built-in entry")
        }
    }
}
