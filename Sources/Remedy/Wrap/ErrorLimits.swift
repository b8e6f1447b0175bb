/// Caps that bound the work spent on an error tree: how far a walk goes, and how much a report renders.
///
/// One value serves ``ErrorTree``, ``ErrorReport`` and ``ErrorResolver``: the walk obeys the depth,
/// width and node caps; a report's renderings also obey the byte, message, summary and layer caps,
/// and mark every cut.
///
/// ```swift
/// let limits = ErrorLimits(maximumDepth: 50, maximumReportBytes: 16_384)
/// logger.error("\(ErrorReport(error, limits: limits).text)")
/// ```
public struct ErrorLimits: Sendable, Hashable {
    // MARK: - The walk

    /// The deepest level of the tree expanded (the root is at depth 0).
    public var maximumDepth: Int
    /// The most children expanded per node.
    public var maximumWidth: Int
    /// The most nodes visited in all.
    public var maximumNodes: Int

    // MARK: - Renderings

    /// The most bytes (UTF-8, escape codes included) of ``ErrorReport/text``,
    /// ``ErrorReport/ansiText(environment:)`` and ``ErrorReport/json``. When a report is longer, its
    /// beginning and its end (where the root cause is) are kept, and a marker says how many lines were
    /// left out in between.
    public var maximumReportBytes: Int
    /// The most bytes (UTF-8) of one message in a report; longer ones are cut at a character boundary
    /// and end in `… (5242880 bytes, truncated)`.
    public var maximumMessageLength: Int
    /// The most bytes (UTF-8) of ``ErrorReport/summary``: the outermost and innermost parts are kept,
    /// with `… 99998 more …` in between.
    public var maximumSummaryLength: Int
    /// The most layers of one ``ContextError`` a report shows: the outermost and innermost halves are
    /// kept, with `… 99900 more layers` in between.
    public var maximumLayersShown: Int

    /// Creates limits.
    ///
    /// Values below a minimum are raised to it: negative depths and widths count as 0, and at least
    /// one node is visited (the root). The rendering caps have small minimums (256 bytes in all, 16 per
    /// message, 64 for the summary, 2 layers), so that the markers themselves always fit.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest level expanded. Default: 10,000.
    ///   - maximumWidth: The most children expanded per node. Default: 1,000.
    ///   - maximumNodes: The most nodes visited in all. Default: 100,000.
    ///   - maximumReportBytes: The most bytes of a full report. Default: 65,536.
    ///   - maximumMessageLength: The most bytes of one message in a report. Default: 1,024.
    ///   - maximumSummaryLength: The most bytes of the summary. Default: 1,024.
    ///   - maximumLayersShown: The most context layers shown per ``ContextError``. Default: 100.
    public init(
        maximumDepth: Int = 10_000,
        maximumWidth: Int = 1_000,
        maximumNodes: Int = 100_000,
        maximumReportBytes: Int = 65_536,
        maximumMessageLength: Int = 1_024,
        maximumSummaryLength: Int = 1_024,
        maximumLayersShown: Int = 100
    ) {
        self.maximumDepth = Swift.max(0, maximumDepth)
        self.maximumWidth = Swift.max(0, maximumWidth)
        self.maximumNodes = Swift.max(1, maximumNodes)
        self.maximumReportBytes = Swift.max(256, maximumReportBytes)
        self.maximumMessageLength = Swift.max(16, maximumMessageLength)
        self.maximumSummaryLength = Swift.max(64, maximumSummaryLength)
        self.maximumLayersShown = Swift.max(2, maximumLayersShown)
    }

    /// The default limits: depth 10,000, width 1,000, 100,000 nodes; reports of 64 KiB at most, 1 KiB
    /// per message and for the summary, 100 layers per context error.
    public static let `default` = ErrorLimits()
}
