#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Logging
import Metrics
import Remedy
import Tracing

/// What the server keeps of one answered failure: a log record, the request's span, a counter.
///
/// The record is one physical line for line-based log shippers: the developer report, which holds the
/// error's description, goes in as a single-line value (line breaks written as `\n`), and the error is not
/// handed to the handler as an `Error`, whose description may span lines. The report is written only when the
/// record is emitted at the logger's level, from the walk that resolved the failure; the record of an answer the
/// client can act on holds it only when the logger keeps `debug` (``writesReport(to:)``). The counter's dimensions
/// are bounded (status and category), never the error's grouping key, whose values grow with the kinds of
/// failure.
extension ProblemAnswer {
    /// The level of the record: `info`, the default level, since every answer carries a reference a person
    /// may read out to support, which must find this record. A 4xx (the client's request was answered as
    /// designed) and a status the app stated (an `HTTPError(.serviceUnavailable)` or an
    /// `Abort(.serviceUnavailable)` under load is an answer it chose) are at the configuration's
    /// ``ProblemDetailsConfiguration/clientErrorLogLevel`` when the app set one (an explicit opt-down); a failure a
    /// rule silenced is at `debug`. Never `error`: a handled error is not a failure of the program.
    func level(rule: ProblemResolver.RuleDecision, clientErrors: Logger.Level? = nil) -> Logger.Level {
        if case .silenced = rule { return .debug }
        guard let clientErrors, status.code < 500 || isStatedStatus else { return .info }
        return clientErrors
    }

    /// Logs the record, and records the failure on the active span and the counter.
    ///
    /// - Parameters:
    ///   - rule: What the app's rules decided, named in the record.
    ///   - logger: The request's logger.
    ///   - configuration: The middleware's configuration: which records to keep.
    ///   - isPage: Whether the answer is an HTML page rather than Problem Details.
    ///   - report: The developer report in one line, written only when the record is logged: from the walk
    ///     that resolved the failure, or of the error for an answer made once for another one.
    ///   - reason: The developer's text of the status error that stated the answer (`Abort`'s reason), read
    ///     only for a record without the report.
    func record(
        rule: ProblemResolver.RuleDecision,
        to logger: Logger,
        _ configuration: ProblemDetailsConfiguration,
        isPage: Bool = false,
        report: () -> String,
        reason: () -> String? = { nil }
    ) {
        logger.log(
            level: level(rule: rule, clientErrors: configuration.clientErrorLogLevel),
            isPage ? "Answered \(status.code) with a page" : "Answered \(status.code) with Problem Details",
            metadata: metadata(rule: rule, writesReport: writesReport(to: logger), report: report, reason: reason)
        )
        if configuration.recordsErrorsOnSpans, let context = ServiceContext.current {
            let tracer = configuration.tracer ?? InstrumentationSystem.tracer
            if let span = tracer.activeSpan(identifiedBy: context) {
                span.recordError(error)
                span.updateAttributes { attributes in
                    // OpenTelemetry's semantic conventions for errors, beside Remedy's own.
                    attributes["error.type"] = Self.errorType(of: error)
                    attributes["remedy.category"] = category.identifier
                    attributes["remedy.grouping_key"] = ErrorReport(error).groupingKey
                    attributes["remedy.reference"] = reference.description
                    if let causeReference { attributes["remedy.cause_reference"] = causeReference.description }
                }
                // OpenTelemetry's HTTP conventions: a server span is an error for 5xx, not for 4xx.
                if status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            }
        }
        // Without a metrics backend the counter would do nothing: it isn't made (a counter is an object).
        let factory = configuration.metricsFactory ?? MetricsSystem.factory
        if configuration.countsProblems, !(factory is NOOPMetricsHandler) {
            let dimensions = [
                ("category", category.identifier),
                ("status", "\(status.code)"),
            ]
            Counter(label: configuration.counterLabel, dimensions: dimensions, factory: factory).increment()
        }
    }

    /// Whether the record holds the developer report: always for the server's own failure (nobody else saw it),
    /// and for any answer when the logger keeps `debug`. The record of an answer the client can act on (a 4xx, a
    /// status the app stated) is at `info` with the reference, status, category, the error's type and the reason a
    /// status error carries (`Abort`'s), which find and tell the failure; its report, which reflects the error's stored properties, only at `debug`: rendered
    /// for every such answer it would several times over multiply the CPU a server spends on it
    /// (`server.failure.httpError`, Benchmarks/README.md).
    private func writesReport(to logger: Logger) -> Bool {
        (status.code >= 500 && !isStatedStatus) || logger.logLevel <= .debug
    }

    /// The longest reason a record without the report carries, in characters.
    static let reasonLimit = 1_000

    /// The record's metadata; every value on one line.
    private func metadata(
        rule: ProblemResolver.RuleDecision,
        writesReport: Bool,
        report: () -> String,
        reason: () -> String?
    ) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "status": "\(status.code)",
            "category": "\(category.identifier)",
            "reference": "\(reference)",
            "error.type": "\(Self.errorType(of: error))",
        ]
        if writesReport {
            metadata["report"] = "\(report())"
        } else if let reason = reason(), !reason.isEmpty {
            metadata["reason"] = "\(ReportText.escaped(reason.prefix(Self.reasonLimit)))"
        }
        if let causeReference { metadata["cause.reference"] = "\(causeReference)" }
        if isServerFailure { metadata["withheld"] = "the server's own failure" }
        if let droppedActions { metadata["dropped"] = "\(droppedActions)" }
        if let name = rule.ruleName { metadata["rule"] = "\(ReportText.escaped(name))" }
        return metadata
    }

    /// The fully qualified type name of an error, as OpenTelemetry's `error.type` asks; made once per type
    /// (`server.failure.localizedError`, Benchmarks/README.md).
    static func errorType(of error: any Error) -> String {
        ErrorTree.qualifiedTypeName(of: error)
    }
}
#endif
