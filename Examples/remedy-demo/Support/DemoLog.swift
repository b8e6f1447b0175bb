import Foundation
import Logging
import Remedy

/// Where the demo's logger writes: every record of the handled errors, kept for the end-of-scenario
/// summary, and printed as it comes when asked (`--json`, `--report`).
final class DemoLog: @unchecked Sendable {
    // @unchecked: `records` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var records: [Record] = []
    private let console: Console
    private let format: Format
    private let includesReports: Bool

    /// How records are printed as they come.
    enum Format: Sendable {
        /// Only automatic retries, as a short line; everything else in the summary.
        case summary
        /// Each record as one line of JSON.
        case json
        /// Each record as the developer sees it: summary, metadata and the full report.
        case report
    }

    /// One log record.
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]

        var outcome: String? { metadata["outcome"] }
    }

    /// Creates the log.
    ///
    /// - Parameters:
    ///   - console: Where records are printed.
    ///   - format: How records are printed as they come.
    ///   - includesReports: Whether records carry the full developer report (debug level).
    init(console: Console, format: Format, includesReports: Bool) {
        self.console = console
        self.format = format
        self.includesReports = includesReports
    }

    /// A logger whose records come here, at debug level: Remedy records each handled error there (when
    /// it is received, with its full developer report, and with its outcome).
    func logger(label: String = "remedy-demo") -> Logger {
        var logger = Logger(label: label) { label in DemoLogHandler(label: label, log: self) }
        logger.logLevel = .debug
        return logger
    }

    /// The records of handled errors (those with an outcome) so far.
    var handledErrors: [Record] {
        lock.lock()
        defer { lock.unlock() }
        return records.filter { $0.outcome != nil }
    }

    /// Forgets the records so far.
    func reset() {
        lock.lock()
        records.removeAll()
        lock.unlock()
    }

    fileprivate func append(_ record: Record, label: String) {
        lock.lock()
        records.append(record)
        lock.unlock()
        switch format {
        case .summary:
            if record.outcome == "retrying" {
                let number = record.metadata["automaticRetry"] ?? "?"
                let delay = record.metadata["delay"].map(Self.shortDuration) ?? "?"
                console.note("↻ \(record.message) — automatic retry \(number) after \(delay)")
            }
        case .json:
            if record.outcome != nil || record.level >= .info { console.line(Self.json(record, label: label)) }
        case .report:
            // The developer's view of each handled error as it arrives (with its report) and its outcome,
            // and any problem of the handling itself.
            if includesReports || record.outcome != nil || record.level >= .info {
                console.line(Self.report(record))
            }
        }
    }

    /// A line for the end of a scenario: how many errors were logged, by outcome.
    func summaryLine() -> String {
        let handled = handledErrors
        var counts: [String: Int] = [:]
        for record in handled {
            counts[record.outcome ?? "?", default: 0] += 1
        }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let noun = handled.count == 1 ? "error" : "errors"
        return "Logged \(handled.count) handled \(noun)"
            + (parts.isEmpty ? "." : ": " + parts.joined(separator: ", ") + ".")
    }

    // MARK: - Formats

    static func json(_ record: Record, label: String) -> String {
        var object: [String: Any] = [
            "label": label,
            "level": record.level.rawValue,
            "message": record.message,
        ]
        if !record.metadata.isEmpty { object["metadata"] = record.metadata }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return #"{"message":"unencodable log record"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func report(_ record: Record) -> String {
        var lines = ["── log \(record.level): \(record.message)"]
        for (key, value) in record.metadata.sorted(by: { $0.key < $1.key }) where key != "report" {
            lines.append("   \(key): \(value)")
        }
        if let report = record.metadata["report"] {
            lines.append("   report:")
            lines += report.split(separator: "\n", omittingEmptySubsequences: false).map { "     \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// `0.1234 seconds` as `0.12 s`.
    static func shortDuration(_ text: String) -> String {
        guard let seconds = Double(text.split(separator: " ").first ?? "") else { return text }
        return String(format: "%.2f s", seconds)
    }
}

/// A swift-log handler that hands records to a ``DemoLog``.
struct DemoLogHandler: LogHandler {
    let label: String
    let log: DemoLog
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        merged.merge(event.metadata ?? [:]) { _, new in new }
        let strings = merged.mapValues { "\($0)" }
        log.append(
            DemoLog.Record(level: event.level, message: event.message.description, metadata: strings), label: label)
    }
}
