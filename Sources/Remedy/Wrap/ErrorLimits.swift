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

    // Set only through the initializer, which raises each value to its minimum.
    package var maximumDepth: Int
    package var maximumWidth: Int
    package var maximumNodes: Int

    // MARK: - Renderings

    package var maximumReportBytes: Int
    package var maximumMessageLength: Int
    package var maximumSummaryLength: Int
    package var maximumLayersShown: Int

    /// Creates limits.
    ///
    /// Values below a minimum are raised to it: negative depths and widths count as 0, and at least
    /// one node is visited (the root). The rendering caps have small minimums (256 bytes in all, 16 per
    /// message, 64 for the summary, 2 layers), so that the markers themselves always fit. Every cut is
    /// marked: a long report keeps its beginning and its end (where the root cause is) with a count of
    /// the lines left out, a long message ends in `… (5242880 bytes, truncated)`, the summary and the
    /// layers keep their outermost and innermost parts.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest level expanded (the root is at 0). Default: 10,000.
    ///   - maximumWidth: The most children expanded per node. Default: 1,000.
    ///   - maximumNodes: The most nodes visited in all. Default: 100,000.
    ///   - maximumReportBytes: The most bytes (UTF-8, escape codes included) of ``ErrorReport/text``,
    ///     its coloured form (RemedyTerminal's `ansiText(environment:)`) and ``ErrorReport/json``. Default: 65,536.
    ///   - maximumMessageLength: The most bytes of one message in a report. Default: 1,024.
    ///   - maximumSummaryLength: The most bytes of ``ErrorReport/summary``. Default: 1,024.
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
