/// The lines of a report within a byte cap: the beginning and the end are kept, and a marker tells
/// how many lines in between were left out.
struct ReportLines {
    private let maximumBytes: Int
    private let style: ReportStyle
    private let headBudget: Int
    private let tailBudget: Int
    private var head: [String] = []
    /// The bytes of the head's lines, each counted with its newline.
    private var headBytes = 0
    private var headIsFull = false
    /// The last lines; the ones before `tailStart` were dropped to keep the tail within its budget.
    private var tail: [String] = []
    private var tailStart = 0
    private var tailBytes = 0
    private var droppedLines = 0
    /// Room for the marker line.
    private static let reserve = 128

    init(maximumBytes: Int, style: ReportStyle) {
        self.maximumBytes = maximumBytes
        self.style = style
        let room = Swift.max(0, maximumBytes - Self.reserve)
        self.headBudget = room / 2
        self.tailBudget = room - room / 2
    }

    /// Adds a line: to the head while it has room, then to the tail, dropping the tail's oldest lines.
    mutating func append(_ line: String) {
        let size = line.utf8.count + 1
        if !headIsFull {
            if headBytes + size <= headBudget {
                head.append(line)
                headBytes += size
                return
            }
            headIsFull = true
        }
        var line = line
        if size > tailBudget {
            line = ReportText.truncated(line, limit: Swift.max(0, tailBudget - 48)) + style.reset
        }
        tail.append(line)
        tailBytes += line.utf8.count + 1
        while tailBytes > tailBudget, tailStart < tail.count {
            tailBytes -= tail[tailStart].utf8.count + 1
            tail[tailStart] = ""
            tailStart += 1
            droppedLines += 1
        }
        // Dropped lines are removed in batches, so a huge tree doesn't shift the array once per line.
        if tailStart > 1_024, tailStart > tail.count / 2 {
            tail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    /// The report, its lines joined by `separator`.
    func finish(separator: String) -> String {
        var lines = head
        if droppedLines > 0 {
            lines.append(style.marker("… \(droppedLines) lines not shown (report limit of \(maximumBytes) bytes) …"))
        }
        lines += tail[tailStart...]
        return lines.joined(separator: separator)
    }
}
