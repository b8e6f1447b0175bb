import Logging
import Remedy

/// Records everything logged through its loggers, for tests that check what Remedy logged.
///
/// swift-log's own `InMemoryLogHandler` (its `InMemoryLogging` product) records level, message, error
/// and metadata; this recorder also keeps each entry's file and line (Remedy logs an error at the
/// `attempt` or `handle` call that received it) and lets a test wait for entries without sleeping.
///
/// ```swift
/// let logs = LogRecording()
/// let root = ErrorScope.root(presenter: presenter, logger: logs.logger())
/// // …
/// #expect(logs.entries(outcome: .silenced).count == 1)
/// ```
public final class LogRecording: Sendable {
    /// One recorded log entry, with its metadata rendered as strings.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The level.
        public var level: Logger.Level
        /// The message.
        public var message: String
        /// The metadata, each value rendered as a string.
        public var metadata: [String: String]
        /// The logger's label.
        public var label: String
        /// The error passed with the entry (swift-log's `error:` parameter), or `nil`.
        public var error: (any Error)?
        /// The file the entry names as its origin (`#fileID` of the call that logged it).
        public var file: String
        /// The line the entry names as its origin.
        public var line: UInt

        /// A metadata value.
        ///
        /// - Parameter key: The metadata key, such as `"outcome"`.
        public subscript(key: String) -> String? {
            metadata[key]
        }

        /// Whether this is the entry Remedy logs when a scope receives an error (metadata
        /// `event=received`), before anything is decided about it.
        public var isReceived: Bool {
            metadata["event"] == "received"
        }

        /// The `HandlingOutcome` of an error-handling entry, or `nil` for other entries.
        public var outcome: HandlingOutcome? {
            metadata["outcome"].flatMap(HandlingOutcome.init(rawValue:))
        }

        /// `level message [key=value …]`.
        public var description: String {
            let pairs = metadata.sorted { $0.key < $1.key }.filter { $0.key != "report" }
            return "\(level) \(message) [\(pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " "))]"
        }
    }

    private let recorded = LockedValue<[Entry]>([])
    private let changes = ChangeSignal()

    /// Creates an empty recording.
    public init() {}

    /// A logger whose entries are recorded here.
    ///
    /// - Parameters:
    ///   - label: The logger's label. Default: `"Remedy"`.
    ///   - level: The logger's level. Default: `.debug`, so full reports are recorded too.
    /// - Returns: The logger.
    public func logger(label: String = "Remedy", level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: label) { label in RecordingLogHandler(recording: self, label: label) }
        logger.logLevel = level
        return logger
    }

    /// Every entry so far, in order.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// The entries of handled errors with an outcome.
    ///
    /// - Parameter outcome: The outcome.
    /// - Returns: The entries, in order.
    public func entries(outcome: HandlingOutcome) -> [Entry] {
        entries.filter { $0.outcome == outcome }
    }

    /// The entries of handled errors of an attempt's action.
    ///
    /// - Parameter action: The action's name, as passed to `attempt`.
    /// - Returns: The entries, in order.
    public func entries(action: String) -> [Entry] {
        entries.filter { $0["action"] == action }
    }

    /// The entries of handled errors: those with an outcome.
    public var handledErrors: [Entry] {
        entries.filter { $0.outcome != nil }
    }

    /// Forgets every entry so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
        changes.signal()
    }

    /// Waits, without sleeping, until at least a number of handled errors were logged.
    ///
    /// - Parameter count: How many entries with an outcome to wait for.
    /// - Returns: `true` when they were logged, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForHandledErrors(_ count: Int) async -> Bool {
        await changes.wait { recorded.withLock { $0.count { $0.outcome != nil } } >= count }
    }

    /// Waits, without sleeping, until at least a number of entries match a condition.
    ///
    /// - Parameters:
    ///   - count: How many matching entries to wait for.
    ///   - predicate: Which entries count.
    /// - Returns: `true` when they were logged, `false` when the calling task was cancelled first.
    @discardableResult
    public func waitForEntries(_ count: Int, where predicate: (Entry) -> Bool) async -> Bool {
        await changes.wait { recorded.withLock { $0.count(where: predicate) } >= count }
    }

    func append(_ entry: Entry) {
        recorded.withLock { $0.append(entry) }
        changes.signal()
    }
}

/// A swift-log handler that records entries in a ``LogRecording``.
public struct RecordingLogHandler: LogHandler {
    /// The recording the entries go to.
    public let recording: LogRecording
    /// The logger's label.
    public let label: String
    /// The handler's level.
    public var logLevel: Logger.Level = .trace
    /// The handler's metadata, merged into every entry.
    public var metadata: Logger.Metadata = [:]

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - recording: Where the entries go.
    ///   - label: The logger's label.
    public init(recording: LogRecording, label: String) {
        self.recording = recording
        self.label = label
    }

    /// A metadata value of the handler.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records an entry.
    ///
    /// - Parameter event: The log event.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        recording.append(
            LogRecording.Entry(
                level: event.level,
                message: event.message.description,
                metadata: merged.mapValues { $0.description },
                label: label,
                error: event.error,
                file: event.file,
                line: event.line
            )
        )
    }
}
