import Dispatch
import Foundation
import RemedyTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The demo's temporary folders, removed however the process ends: normally, or by Ctrl-C (SIGINT),
/// `kill` (SIGTERM) or a reader that went away (SIGPIPE, as in `remedy-demo | head -1`).
///
/// The signals are handled by dispatch sources, not by a C signal handler, so the folders are removed
/// with ordinary file-system calls outside signal context; then the process ends with the status a shell
/// reports for the signal (130 after Ctrl-C, 141 after SIGPIPE, 143 after SIGTERM).
enum TemporaryFolders {
    private static let folders = LockedFolders()
    /// Held while a folder is being removed, and for good by the thread that ends the process (see
    /// ``exitRemovingAll(status:)``).
    private static let removing = NSLock()
    // Kept for the life of the process: a released source stops delivering its signal.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Watches SIGINT, SIGTERM and SIGPIPE. Call once, at start-up, before any folder exists.
    static func removeOnSignals() {
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                // Not raise(): libdispatch keeps the signal blocked on its threads, so it would stay pending.
                exitRemovingAll(status: 128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Registers a folder to remove when the process is interrupted.
    static func add(_ folder: URL) {
        folders.update { $0.insert(folder.path) }
    }

    /// Removes a folder now and forgets it. Should the process be ending meanwhile, this waits for it.
    static func remove(_ folder: URL) {
        removing.lock()
        defer { removing.unlock() }
        try? FileManager.default.removeItem(at: folder)
        folders.update { $0.remove(folder.path) }
    }

    /// Removes every registered folder, then ends the process with a status.
    ///
    /// Several threads may get here at once — a signal, and each task that writes into a pipe whose reader
    /// has gone. The first takes the lock and keeps it; the others wait on it until the first has removed
    /// everything and ended the process, so no thread ends it while another is still deleting. A folder
    /// being removed by ``remove(_:)`` is finished first.
    static func exitRemovingAll(status: Int32) -> Never {
        removing.lock()
        let paths = folders.update { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        exit(status)
    }

    /// The registered paths, behind a lock (signals arrive on any thread).
    private final class LockedFolders: @unchecked Sendable {
        // @unchecked: `paths` is only read or written while holding `lock`.
        private let lock = NSLock()
        private var paths: Set<String> = []

        @discardableResult
        func update<Result>(_ body: (inout Set<String>) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&paths)
        }
    }
}

/// A file descriptor output that ends the process, folders removed, when its reader has gone away.
///
/// SIGPIPE is ignored (see ``TemporaryFolders/removeOnSignals()``) on the threads that write, so a write
/// to a closed pipe fails with `EPIPE` instead: this output then does what SIGPIPE would, cleanly.
struct PipeAwareOutput: TerminalOutput {
    let base: FileDescriptorOutput

    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard var address = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = systemWrite(base.fileDescriptor, address, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { TemporaryFolders.exitRemovingAll(status: 128 + SIGPIPE) }
                    return
                }
                remaining -= written
                address += written
            }
        }
    }

    var isTerminal: Bool { base.isTerminal }
    var terminalColumns: Int? { base.terminalColumns }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
