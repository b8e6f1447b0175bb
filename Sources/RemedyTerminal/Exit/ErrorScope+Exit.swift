import Foundation
import Remedy

/// The one call that ends a command-line tool after a failure: the failure is presented and recorded as
/// always, then the process exits with the status of how it ended (`ProcessExitStatus`, following
/// `sysexits.h`).
extension ErrorScope {
    /// Runs an operation as `attempt` does, and ends the process when it ends without a value.
    ///
    /// The failure is handled as by `attempt` (retried, presented, recorded); when the person gives up, the
    /// process exits with the status of the failure that ended the attempt (`exitStatus(for:)`):
    /// 66 for a file that isn't there, 75 for a server that stayed unreachable, 130 for a cancellation. A
    /// closed output (`tool | head`) is only logged, and the process ends quietly with 141.
    ///
    /// ```swift
    /// let notes = await root.attemptOrExit("Loading the notes") {
    ///     try String(contentsOfFile: "notes.txt", encoding: .utf8)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: What the operation does, for the logs and the developer report ("Loading the notes").
    ///   - idempotent: Whether running the operation twice does no harm.
    ///   - retryPolicy: The automatic retries, or `nil` for the root's configured policy.
    ///   - isolation: The caller's isolation, in which the operation runs.
    ///   - fileID: The file of the call, for the reports and the log lines.
    ///   - line: The line of the call, likewise.
    ///   - operation: The work.
    /// - Returns: The operation's value; without one, the process has ended.
    public func attemptOrExit<Value, Failure: Error>(
        _ action: String,
        idempotent: Bool = true,
        retryPolicy: RetryPolicy? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        operation: () async throws(Failure) -> Value
    ) async -> Value {
        let end = await attemptForExit(
            action,
            idempotent: idempotent,
            retryPolicy: retryPolicy,
            isolation: isolation,
            fileID: fileID,
            line: line,
            operation: operation
        )
        switch end {
        case .value(let value): return value
        case .exit(let status): Foundation.exit(status.rawValue)
        }
    }

    /// Handles an error, then ends the process with the status of how it ended.
    ///
    /// The error is presented and recorded as `handle(_:retry:)` does, and
    /// when the person has answered, the process exits with `exitStatus(for:)`. A closed output
    /// (`tool | head`) is only logged, and the process ends quietly with 141. A clean
    /// exit (`--help`, `--version`, swift-argument-parser's `CleanExit` and `ExitCode.success`) isn't a
    /// failure: it is neither shown nor recorded, and the status is 0. Hand those to the parser first, which
    /// prints the help:
    ///
    /// ```swift
    /// do {
    ///     var command = try parse()
    ///     try await command.run()
    /// } catch let error where exitCode(for: error) == .success {
    ///     exit(withError: error)  // --help and --version: the parser prints them, and exits with 0
    /// } catch {
    ///     await root.exit(withError: error)  // presented, recorded, and the status of how it ended
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: The error that ended the work.
    ///   - fileID: The file of the call, the file of the error's log lines.
    ///   - line: The line of the call, likewise.
    public func exit(withError error: any Error, fileID: String = #fileID, line: Int = #line) async -> Never {
        let status = await handleForExit(error, fileID: fileID, line: line)
        Foundation.exit(status.rawValue)
    }

    // MARK: - Without ending the process

    /// A scope that only logs a closed output: a tool whose reader went away (`tool | head`) ends without a
    /// word, as Unix tools do, and the log still has the failure.
    private var quietOnClosedOutput: ErrorScope {
        applying([.silence("closed output") { ProcessExitStatus($0.resolved) == .pipeClosed }])
    }

    /// How ``attemptForExit(_:idempotent:retryPolicy:isolation:fileID:line:operation:)`` ended.
    package enum AttemptEnd<Value> {
        /// The operation's value.
        case value(Value)
        /// No value: the process ends with this status.
        case exit(ProcessExitStatus)
    }

    /// ``attemptOrExit(_:idempotent:retryPolicy:isolation:fileID:line:operation:)`` up to the exit: the value,
    /// or the status of the last failure.
    package func attemptForExit<Value, Failure: Error>(
        _ action: String,
        idempotent: Bool = true,
        retryPolicy: RetryPolicy? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        operation: () async throws(Failure) -> Value
    ) async -> AttemptEnd<Value> {
        var lastFailure: Failure?
        let value = await quietOnClosedOutput.attempt(
            action,
            idempotent: idempotent,
            retryPolicy: retryPolicy,
            isolation: isolation,
            fileID: fileID,
            line: line
        ) { () async throws(Failure) -> Value in
            do throws(Failure) {
                return try await operation()
            } catch {
                lastFailure = error
                throw error
            }
        }
        if let value { return .value(value) }
        // `attempt` ends without a value only after a failure: the last one decides.
        return .exit(lastFailure.map { exitStatus(for: $0) } ?? .cancelled)
    }

    /// ``exit(withError:fileID:line:)`` up to the exit: the error handled (unless it is a clean exit), and
    /// its status.
    package func handleForExit(_ error: any Error, fileID: String = #fileID, line: Int = #line) async
        -> ProcessExitStatus
    {
        let status = exitStatus(for: error)
        guard status != .success else { return status }
        // The handling is a task of its own: a cancelled caller cancels it, so neither waits on.
        let handling = (status == .pipeClosed ? quietOnClosedOutput : self).handle(error, fileID: fileID, line: line)
        _ = await withTaskCancellationHandler {
            await handling.value
        } onCancel: {
            handling.cancel()
        }
        return status
    }
}
