import Foundation
import Logging
import Remedy
import RemedyTerminal

/// Where the demo's logger writes: every record of the handled errors, kept for the end-of-scenario
/// summary, and printed as it comes when asked (`--json`, `--report`).
final class DemoLog: @unchecked Sendable {
    // @unchecked: `records` and `narratedPresentations` are only read or written while holding `lock`.
    private let lock = NSLock()
    private var records: [Record] = []
    /// The presentations whose callers were told they run again.
    private var narratedPresentations: Set<String> = []
    private let console: Console
    private let jsonOutput: any TerminalOutput
    private let format: Format
    private let includesReports: Bool
    private let text: DemoText
    private let keeps: @Sendable (Record) -> Bool

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
    ///   - jsonOutput: Where JSON lines go, unwrapped: standard output.
    ///   - format: How records are printed as they come.
    ///   - includesReports: Whether records carry the full developer report (debug level).
    ///   - text: The demo's words in the chosen language.
    ///   - keeps: Which records to keep; the others are dropped. Default: all.
    init(
        console: Console,
        jsonOutput: any TerminalOutput = FileDescriptorOutput.standardOutput,
        format: Format,
        includesReports: Bool,
        text: DemoText,
        keeps: @escaping @Sendable (Record) -> Bool = { _ in true }
    ) {
        self.console = console
        self.jsonOutput = jsonOutput
        self.format = format
        self.includesReports = includesReports
        self.text = text
        self.keeps = keeps
    }

    /// A logger whose records come here, at debug level: Remedy records each handled error there (when
    /// it is received, with its full developer report, and with its outcome).
    func logger(label: String = "remedy-demo") -> Logger {
        var logger = Logger(label: label) { label in DemoLogHandler(label: label, log: self) }
        logger.logLevel = .debug
        return logger
    }

    /// A log of its own that prints the same way, for another program's records (the server of the
    /// `server` scenario), so they don't count among this program's handled errors.
    ///
    /// - Parameter keeps: Which records to keep; the others are dropped.
    func sibling(keeping keeps: @escaping @Sendable (Record) -> Bool) -> DemoLog {
        DemoLog(
            console: console,
            jsonOutput: jsonOutput,
            format: format,
            includesReports: includesReports,
            text: text,
            keeps: keeps
        )
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
        guard keeps(record) else { return }
        lock.lock()
        records.append(record)
        lock.unlock()
        switch format {
        case .summary:
            if record.outcome == "retrying" {
                let number = record.metadata["automaticRetry"] ?? "?"
                let delay = record.metadata["delay"].map { text("demo.seconds", shortSeconds($0)) } ?? "?"
                // Not the record's message: it carries Foundation's raw text, which is for developers.
                console.note("↻ " + text("demo.automaticRetry", number, delay))
            } else if let retry = record.metadata["retry"], retry == "afterRecovery" || retry == "afterTakeOver" {
                narrateRunningAgain(record)
            }
        case .json:
            // Standard output carries these lines and nothing else, so `| jq` works.
            if record.outcome != nil || record.level >= .info {
                jsonOutput.write(Self.json(record, label: label) + "\n")
            }
        case .report:
            // The developer's view of each handled error as it arrives (with its report) and its outcome,
            // and any problem of the handling itself.
            if includesReports || record.outcome != nil || record.level >= .info {
                // Preformatted: the report's tree keeps its indentation, long lines wrap under themselves.
                console.preformatted(Self.report(record))
            }
        }
    }

    /// A line for the end of a scenario: how many errors were handled, by what happened to them, in
    /// plain words of the chosen language. An error whose option ran the operation again counts as
    /// "tried again", never as "fixed": whether that worked shows in the next line or the next error.
    func summaryLine() -> String {
        let handled = handledErrors
        guard !handled.isEmpty else { return text("demo.summary.none") }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for record in handled {
            let key = Self.summaryKey(record)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        let parts = order.map { "\(counts[$0] ?? 0) \(text($0))" }.joined(separator: text("demo.summary.separator"))
        return text("demo.summary", handled.count, parts)
    }

    /// The key of the words for what happened to a handled error.
    private static func summaryKey(_ record: Record) -> String {
        let retried = record.metadata["retry"] != nil
        switch record.outcome {
        case "retrying": return "demo.outcome.retriedAutomatically"
        case "recovered": return retried ? "demo.outcome.retriedAfterChoice" : "demo.outcome.recovered"
        case "takenOver": return retried ? "demo.outcome.takenOverAndRetried" : "demo.outcome.takenOver"
        case "gaveUp": return "demo.outcome.gaveUp"
        case "silenced": return "demo.outcome.silenced"
        case "coalesced": return "demo.outcome.coalesced"
        default: return "demo.outcome.shown"
        }
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

    /// `0.1234 seconds` as `0.12` (`0,12` in German).
    func shortSeconds(_ seconds: String) -> String {
        guard let value = Double(seconds.split(separator: " ").first ?? "") else { return seconds }
        return text.number(value, fractionDigits: 2)
    }

    /// "↻ Running it again." once per answered presentation: the callers that shared a coalesced alert run
    /// again together, and are told as one line with their count, not a line each.
    private func narrateRunningAgain(_ record: Record) {
        let occurrences = record.metadata["occurrences"].flatMap { Int($0) } ?? 1
        guard occurrences > 1 else {
            console.note("↻ " + text("demo.runningAgain"))
            return
        }
        // Every record of a coalesced presentation names it: the first by its reference, the others by `shownAs`.
        let presentation = record.metadata["shownAs"] ?? record.metadata["reference"] ?? ""
        lock.lock()
        let isFirst = narratedPresentations.insert(presentation).inserted
        lock.unlock()
        if isFirst { console.note("↻ " + text("demo.runningAllAgain", text.number(occurrences))) }
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
