import Logging

/// The log of one error handed to a scope: a line when it arrives, one with its outcome. Levels follow swift-log's
/// guidance for libraries: `debug` for what the person saw, `info` for what went wrong unseen, `error` if fatal.
struct FailureRecord: Sendable {
    /// The `event` metadata value of the line logged when a scope receives an error.
    static let receivedEvent = "received"

    /// What the outcome line tells of a handled error: a few fields and the walk's facts, not the whole
    /// resolved failure, whose interpretation's copy would cost a retain per text and list.
    private struct Logged: Sendable {
        let error: any Error
        /// The walk that resolved the error, which the lines read instead of walking the tree again.
        let facts: ResolvedFailure.TreeFacts
        let supportReference: SupportReference
        let category: ErrorCategory
        let severity: Severity
        let scopePath: String
        let action: String?

        // Borrowed: an initializer takes its arguments owned, so the caller would copy the whole handled
        // failure (a retain per text and list of its interpretation) for the few fields read here.
        init(_ failure: borrowing HandledError) {
            error = failure.error
            facts = failure.resolved.facts
            supportReference = failure.supportReference
            category = failure.category
            severity = failure.severity
            scopePath = failure.scopePath
            action = failure.action
        }

        /// The one-line summary of the error (``ErrorReport/summary``).
        var description: String { facts.summary }

        /// The error's ``ErrorReport/groupingKey``, walking the tree again only if the resolution's caps weren't the key's.
        var groupingKey: String { facts.groupingKey ?? ErrorReport(error).groupingKey }

        /// The reference of the failure in another service that caused a server's answer in the tree
        /// (``ProblemDetailsError/causeReference``): the next step of the trail, read only for a line logged.
        var causeReference: SupportReference? { facts.first(ProblemDetailsError.self)?.causeReference }
    }

    /// The summary of the original error, made for the intake line and read again by the outcome line;
    /// `nil` while no line has needed it.
    private var summary: String?

    private let logger: Logger
    private let original: Logged
    private let fileID: String
    private let line: UInt
    private var replacement: Logged?
    private var isFinished = false

    /// Logs the error's arrival and starts its record; the failure is borrowed, never kept.
    init(_ failure: borrowing HandledError, logger: Logger, fileID: String, line: Int) {
        self.logger = logger
        self.original = Logged(failure)
        self.fileID = fileID
        self.line = UInt(clamping: line)
        guard logger.logLevel <= .debug else { return }
        let summary = original.description
        self.summary = summary
        logger.log(
            level: .debug,
            "\(summary)",
            error: failure.error,
            metadata: [
                "event": "\(Self.receivedEvent)",
                "reference": "\(failure.supportReference)",
                "cause.reference": original.causeReference.map { "\($0)" },
                "category": "\(failure.category)",
                "severity": "\(failure.severity)",
                "scope": "\(failure.scopePath)",
                "action": failure.action.map { "\($0)" },
                "report": "\(failure.resolved.reportText())",
            ].compactMapValues { $0 },
            file: fileID,
            function: "handle",
            line: self.line
        )
    }

    /// Notes that a rule replaced the error; the outcome line names the replacement.
    mutating func replaced(by failure: HandledError) {
        replacement = Logged(failure)
    }

    /// Logs a fatal error before it is presented.
    func fatal(_ failure: HandledError) {
        logger.log(
            level: .error,
            "Fatal error, presented before the terminate function runs: \(failure.description)",
            error: failure.error,
            metadata: [
                "category": "\(failure.category)",
                "scope": "\(failure.scopePath)",
                "reference": "\(failure.supportReference)",
            ],
            file: fileID,
            function: "handle",
            line: line
        )
    }

    /// Logs a problem of the handling itself (a rule that threw, a take-over that was skipped).
    func problem(_ message: String, error: (any Error)? = nil, _ metadata: Logger.Metadata) {
        logger.log(
            level: .info,
            "\(message)",
            error: error,
            metadata: metadata.merging(["reference": "\(original.supportReference)"]) { given, _ in given },
            file: fileID,
            function: "handle",
            line: line
        )
    }

    /// Logs the outcome, once. `extra` and `presentation` are read only when the line is logged.
    mutating func outcome(
        _ outcome: HandlingOutcome,
        level: Logger.Level = .debug,
        _ extra: @autoclosure () -> Logger.Metadata = [:],
        presentation: @autoclosure () -> Presentation? = nil
    ) {
        guard !isFinished else { return }
        isFinished = true
        // Below the logger's level nothing of the line is built: not the metadata, not the grouping key.
        guard logger.logLevel <= level else { return }
        let failure = replacement ?? original
        let replacement = self.replacement
        let presentation = presentation()
        logger.log(
            level: level,
            "\(summary ?? original.description)",
            error: failure.error,
            metadata: {
                var metadata = extra()
                metadata["outcome"] = "\(outcome)"
                metadata["reference"] = "\(failure.supportReference)"
                if let cause = failure.causeReference { metadata["cause.reference"] = "\(cause)" }
                // A coalesced error was shown under the reference of the first of its kind.
                if let shown = presentation?.supportReference, shown != failure.supportReference {
                    metadata["shownAs"] = "\(shown)"
                }
                metadata["category"] = "\(failure.category)"
                metadata["severity"] = "\(failure.severity)"
                metadata["scope"] = "\(failure.scopePath)"
                metadata["groupingKey"] = "\(failure.groupingKey)"
                if let presentation { metadata["occurrences"] = "\(presentation.occurrences)" }
                if let action = failure.action { metadata["action"] = "\(action)" }
                if let replacement { metadata["replacedBy"] = "\(replacement.description)" }
                return metadata
            }(),
            file: fileID,
            function: "handle",
            line: line
        )
    }
}
