import Remedy

/// The status a command-line tool ends with, following `sysexits.h`: what kind of failure ended the work,
/// for the shell, a script or a service manager to read.
///
/// `ErrorScope.exitStatus(for:)` gives the status of a failure, and `attemptOrExit` and `exit(withError:)`
/// present the failure, then end the process with it. The status tells the kind of
/// failure, whatever the person chose on the way (Cancel on a missing file is still ``noInput``): the
/// parser's clean exits and usage errors first, then cancellations, the app's `configuration` category,
/// the built-in entries of files and data, transient failures, and the category. <doc:CommandLineTools>
/// has the table, in the order its rules apply.
///
/// ```swift
/// let status = root.exitStatus(for: CocoaError(.fileReadNoSuchFile))  // 66, noInput
/// ```
public struct ProcessExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The status as the process ends with it.
    public var rawValue: Int32

    /// Creates a status.
    ///
    /// - Parameter rawValue: The status, such as 64.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the work is done, or there was nothing to do (`--help`).
    public static let success = ProcessExitStatus(rawValue: 0)
    /// 1 (`EXIT_FAILURE`): a failure nothing more is known about.
    public static let failure = ProcessExitStatus(rawValue: 1)
    /// 64 (`EX_USAGE`): the command line can't be used.
    public static let usage = ProcessExitStatus(rawValue: 64)
    /// 65 (`EX_DATAERR`): the input data is wrong in some way.
    public static let dataError = ProcessExitStatus(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file doesn't exist or can't be read.
    public static let noInput = ProcessExitStatus(rawValue: 66)
    /// 69 (`EX_UNAVAILABLE`): a service the tool needs is unavailable or answered what it can't use.
    public static let unavailable = ProcessExitStatus(rawValue: 69)
    /// 70 (`EX_SOFTWARE`): an internal error of the software.
    public static let software = ProcessExitStatus(rawValue: 70)
    /// 74 (`EX_IOERR`): reading or writing failed, or there was no room to write.
    public static let ioError = ProcessExitStatus(rawValue: 74)
    /// 75 (`EX_TEMPFAIL`): a temporary failure; running the tool again later may succeed.
    public static let temporaryFailure = ProcessExitStatus(rawValue: 75)
    /// 77 (`EX_NOPERM`): the tool isn't allowed to do what was asked.
    public static let noPermission = ProcessExitStatus(rawValue: 77)
    /// 78 (`EX_CONFIG`): the tool's configuration is wrong.
    public static let configuration = ProcessExitStatus(rawValue: 78)
    /// 127: a program the tool runs isn't installed or can't be found, as `env`, `xargs`, `nohup` and the
    /// shell report a command not found. Not `sysexits.h`'s 69 (unavailable), which says a service is down
    /// for now: a missing program is the machine's setup, and 127 is what scripts already test for.
    public static let programNotFound = ProcessExitStatus(rawValue: 127)
    /// 130: the work was cancelled, as a shell reports a command stopped with Control-C (128 + `SIGINT`).
    public static let cancelled = ProcessExitStatus(rawValue: 130)
    /// 141: the program reading the output stopped early (`tool | head`), and the tool ends quietly, as the
    /// shell reports a tool that a closed pipe ended (128 + `SIGPIPE`). Nothing is written to standard error.
    public static let pipeClosed = ProcessExitStatus(rawValue: 141)

    /// The value and its name: `66 (noInput)`.
    public var description: String {
        Self.names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }

    private static let names: [Int32: String] = [
        0: "success", 1: "failure", 64: "usage", 65: "dataError", 66: "noInput", 69: "unavailable", 70: "software",
        74: "ioError", 75: "temporaryFailure", 77: "noPermission", 78: "configuration", 127: "programNotFound",
        130: "cancelled", 141: "pipeClosed",
    ]

    // MARK: - The status of a failure

    /// The status of a resolved failure, by the first rule of <doc:CommandLineTools>'s table that applies.
    init(_ failure: ResolvedFailure) {
        if let status = Self.commandLineStatus(of: failure) {
            self = status
        } else if failure.isSilent {
            self = .cancelled
        } else if failure.category.identifier == "configuration" {
            self = .configuration
        } else if let name = failure.interpretation.builtInEntryName, let status = Self.entryStatuses[name] {
            self = status
        } else if failure.interpretation.isTransient {
            self = .temporaryFailure
        } else {
            self = Self.categoryStatuses[failure.category.identifier] ?? .failure
        }
    }

    /// The status the first of swift-argument-parser's errors in the tree asks for, or `nil` when the tree
    /// holds none (or only one that carries a tool's own error, which then decides).
    private static func commandLineStatus(of failure: ResolvedFailure) -> ProcessExitStatus? {
        var status: ProcessExitStatus?
        failure.facts.forEachNode { node in
            switch CommandLineErrors.kind(of: node) {
            case .cleanExit?: status = .success
            case .exitCode(let code)?: status = ProcessExitStatus(rawValue: code)
            case .usage?: status = .usage
            case .parserBug?: status = .software
            case nil: break
            }
            return status == nil
        }
        return status
    }

    /// The built-in entries whose status their category doesn't tell.
    private static let entryStatuses: [String: ProcessExitStatus] = [
        "file.notFound": .noInput, "file.isAFolder": .noInput, "file.notAFolder": .noInput,
        "file.unreadableFormat": .dataError, "data.unreadable": .dataError, "file.corrupt": .dataError,
        "file.unsupportedEncoding": .dataError, "database.corrupt": .dataError, "data.integrityFailed": .dataError,
        "file.readFailed": .ioError, "file.writeFailed": .ioError, "config.missing": .configuration,
        "config.invalid": .configuration, "process.programNotFound": .programNotFound, "pipe.closed": .pipeClosed,
    ]

    private static let categoryStatuses: [String: ProcessExitStatus] = [
        ErrorCategory.invalidInput.identifier: .dataError,
        ErrorCategory.permissionDenied.identifier: .noPermission,
        ErrorCategory.authenticationRequired.identifier: .noPermission,
        ErrorCategory.resourceExhausted.identifier: .ioError,
        ErrorCategory.externalSystemUnavailable.identifier: .unavailable,
        ErrorCategory.externalSystemUnexpected.identifier: .unavailable,
        ErrorCategory.internalInconsistency.identifier: .software,
    ]
}

extension ErrorScope {
    /// The status a command-line tool ends with after a failure, following `sysexits.h`: read from the
    /// error's whole tree as the root resolves it (its catalog: an app's own entries count), by the rules
    /// of ``ProcessExitStatus``.
    ///
    /// - Parameter error: The error that ended the work.
    /// - Returns: The status: ``ProcessExitStatus/success`` for `--help` and other clean exits, else the
    ///   failure's.
    public func exitStatus(for error: any Error) -> ProcessExitStatus {
        ProcessExitStatus(resolve(error))
    }
}
