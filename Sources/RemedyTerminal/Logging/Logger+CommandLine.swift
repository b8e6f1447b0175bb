import Foundation
import Logging
import Remedy

// MARK: - Where a command-line tool's log goes

extension Logger {
    /// A log for a command-line tool's root scope, written to a file.
    ///
    /// Remedy logs every handled error at `debug` (received, with its full report, and its outcome), so
    /// a person's terminal stays quiet at swift-log's default `info`. To keep that record, send it to a
    /// file in one line:
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), logger: .file("notes.log"))
    /// ```
    ///
    /// Lines are appended (the file is created when missing), one per record, with the time, level,
    /// message and metadata. A file that can't be opened loses the lines, never the program.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - level: The lowest level written. Default: `debug`, everything Remedy records.
    ///   - label: The logger's label. Default: `"Remedy"`.
    /// - Returns: The logger.
    public static func file(_ path: String, level: Logger.Level = .debug, label: String = "Remedy") -> Logger {
        let file = LogFile(path: path)
        var logger = Logger(label: label) { label in FileLogHandler(label: label, file: file) }
        logger.logLevel = level
        return logger
    }

    /// A log for a command-line tool's root scope, written to standard error from a level on.
    ///
    /// ```swift
    /// // Everything Remedy records, on the terminal, while debugging the tool.
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), logger: .standardError(level: .debug))
    /// ```
    ///
    /// - Parameters:
    ///   - level: The lowest level written.
    ///   - label: The logger's label. Default: `"Remedy"`.
    /// - Returns: The logger.
    public static func standardError(level: Logger.Level, label: String = "Remedy") -> Logger {
        var logger = Logger(label: label) { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = level
        return logger
    }

    /// A log that writes nothing, for a root scope whose errors need no record at all.
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), logger: .off)
    /// ```
    public static var off: Logger {
        Logger(label: "Remedy") { _ in SwiftLogNoOpLogHandler() }
    }
}

/// An appending log file, shared by the handlers of one ``Logger/file(_:level:label:)``.
private final class LogFile: Sendable {
    private let handle: LockedValue<FileHandle?>

    init(path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        self.handle = LockedValue(handle)
    }

    func append(_ line: String) {
        handle.withLock { handle in try? handle?.write(contentsOf: Data(line.utf8)) }
    }
}

/// Writes records as lines of a ``LogFile``.
private struct FileLogHandler: LogHandler {
    let label: String
    let file: LogFile
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        merged.merge(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = Date().formatted(.iso8601)
        file.append("\(time) \(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)\n")
    }
}
