import Foundation

/// HTTP dates (RFC 9110 §5.6.7) in the three forms recipients accept, without `DateFormatter`: no
/// locale, no shared mutable formatter, the same result on every platform.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        // Bounded work for any input: a real HTTP date is 29 characters, obsolete forms a few more.
        guard text.utf8.count <= 64 else { return nil }
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        switch tokens.count {
        case 6:
            // IMF-fixdate: day-name, day, month, year, time, GMT.
            guard isDayName(tokens[0]), isGMT(tokens[5]), let day = number(tokens[1], digits: 2...2),
                let month = month(named: tokens[2]), let year = number(tokens[3], digits: 4...4)
            else { return nil }
            return date(year: year, month: month, day: day, time: tokens[4])
        case 4:
            // RFC 850: day-name, day-month-year (two-digit year), time, GMT.
            let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard isDayName(tokens[0]), isGMT(tokens[3]), parts.count == 3,
                let day = number(parts[0], digits: 2...2), let month = month(named: parts[1]),
                let shortYear = number(parts[2], digits: 2...2)
            else { return nil }
            // RFC 9110: a two-digit year more than 50 years ahead is in the past century. Counted from
            // 1970 so the result never depends on the clock: 00–69 → 2000s, 70–99 → 1900s.
            let year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
            return date(year: year, month: month, day: day, time: tokens[2])
        case 5:
            // asctime: day-name, month, day (one or two digits), time, year.
            guard isDayName(tokens[0]), let month = month(named: tokens[1]),
                let day = number(tokens[2], digits: 1...2), let year = number(tokens[4], digits: 4...4)
            else { return nil }
            return date(year: year, month: month, day: day, time: tokens[3])
        default:
            return nil
        }
    }

    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    private static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private static func month(named name: String) -> Int? {
        monthNames.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func isDayName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return dayNames.contains(lowered) || longDayNames.contains(lowered)
    }

    private static func number(_ text: some StringProtocol, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }

    private static func isGMT(_ zone: String) -> Bool {
        zone == "GMT" || zone == "UTC"
    }

    private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2...2),
            let minute = number(parts[1], digits: 2...2), let second = number(parts[2], digits: 2...2),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1...9999).contains(year), (1...daysInMonth(month, year: year)).contains(day)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        // A leap second (:60) counts as the last second of the minute.
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Howard Hinnant's `days_from_civil`.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
