import Foundation
import Remedy
import Testing

struct RetryAfterTests {
    /// Wed, 21 Oct 2015 07:28:00 GMT.
    static let now = Date(timeIntervalSince1970: 1_445_412_480)

    static func error(_ headers: [String: String], status: Int = 503) -> HTTPStatusError {
        HTTPStatusError(status: status, headers: headers)
    }

    @Test(arguments: [
        ("0", Duration.zero),
        ("120", .seconds(120)),
        (" 120 ", .seconds(120)),
        ("007", .seconds(7)),
        ("86400", .seconds(86_400)),
    ])
    func secondsAreRead(_ value: String, expected: Duration) {
        #expect(Self.error(["Retry-After": value]).retryAfter(now: Self.now) == expected)
    }

    @Test(arguments: ["86401", "9223372036854775807", "99999999999999999999999999999999"])
    func hugeDelaysAreCapped(_ value: String) {
        #expect(Self.error(["Retry-After": value]).retryAfter(now: Self.now) == HTTPStatusError.maximumRetryAfter)
        #expect(HTTPStatusError.maximumRetryAfter == .seconds(86_400))
    }

    @Test(arguments: [
        "-1", "-120", "1.5", "+5", "12abc", "1e3", "", "   ", "soon", "0x10", "١٢٠", "120 seconds",
        "Wed, 21 Oct 2015 07:28:00", "Wed, 30 Feb 2015 07:28:00 GMT", "Wed, 21 Oct 2015 24:00:00 GMT",
        "Wed, 21 Oct 2015 07:60:00 GMT", "Wed, 21 Foo 2015 07:28:00 GMT", "Wed, 21 Oct 2015 07:28:00 PST",
        "Wed, 21 Oct 15 07:28:00 GMT", "Xyz, 21 Oct 2015 07:28:00 GMT", "Wed, 00 Oct 2015 07:28:00 GMT",
        "Wed, 21 Oct 2015 7:28:00 GMT", "Wed, 21 Oct 2015 07:28 GMT", "Wednesday, 21-Oct-2015 07:28:00 GMT",
        "Wed Oct 21 07:28:00 15", String(repeating: "9,", count: 5_000), String(repeating: "x", count: 100_000),
    ])
    func invalidValuesGiveNoDelay(_ value: String) {
        #expect(Self.error(["Retry-After": value]).retryAfter(now: Self.now) == nil)
    }

    @Test func missingHeaderGivesNoDelay() {
        #expect(Self.error([:]).retryAfter(now: Self.now) == nil)
        #expect(Self.error(["Date": "Wed, 21 Oct 2015 07:28:00 GMT"]).retryAfter(now: Self.now) == nil)
    }

    @Test(arguments: [
        "Wed, 21 Oct 2015 07:30:00 GMT",  // IMF-fixdate
        "Wednesday, 21-Oct-15 07:30:00 GMT",  // RFC 850
        "Wed Oct 21 07:30:00 2015",  // asctime
        "wed, 21 oct 2015 07:30:00 GMT",
    ])
    func datesAreReadInEveryForm(_ value: String) {
        #expect(Self.error(["Retry-After": value]).retryAfter(now: Self.now) == .seconds(120))
    }

    @Test func asctimeAcceptsASingleDigitDay() {
        let now = Date(timeIntervalSince1970: 1_443_684_480)  // Thu, 01 Oct 2015 07:28:00 GMT
        #expect(Self.error(["Retry-After": "Thu Oct  1 07:29:00 2015"]).retryAfter(now: now) == .seconds(60))
    }

    @Test func theResponsesDateHeaderIsTheReference() {
        let headers = ["Retry-After": "Wed, 21 Oct 2015 07:29:30 GMT", "Date": "Wed, 21 Oct 2015 07:28:00 GMT"]
        // The client's clock is years off; the server's own Date header keeps the delay right.
        let skewed = Date(timeIntervalSince1970: 1_900_000_000)
        #expect(Self.error(headers).retryAfter(now: skewed) == .seconds(90))
    }

    @Test func anInvalidDateHeaderFallsBackToNow() {
        let headers = ["Retry-After": "Wed, 21 Oct 2015 07:29:30 GMT", "Date": "yesterday"]
        #expect(Self.error(headers).retryAfter(now: Self.now) == .seconds(90))
    }

    @Test func aPastDateMeansNow() {
        #expect(Self.error(["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]).retryAfter(now: Self.now) == .zero)
    }

    @Test func aFarFutureDateIsCapped() {
        let error = Self.error(["Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"])
        #expect(error.retryAfter(now: Self.now) == HTTPStatusError.maximumRetryAfter)
    }

    @Test func partialSecondsRoundUp() {
        let now = Self.now.addingTimeInterval(0.25)
        #expect(Self.error(["Retry-After": "Wed, 21 Oct 2015 07:30:00 GMT"]).retryAfter(now: now) == .seconds(120))
    }

    @Test func headerNameIsCaseInsensitive() {
        #expect(Self.error(["retry-after": "30"]).retryAfter(now: Self.now) == .seconds(30))
        #expect(Self.error(["RETRY-AFTER": "30"]).retryAfter(now: Self.now) == .seconds(30))
    }

    /// Calendar arithmetic checked against Foundation's own Gregorian calendar, leap years included.
    @Test(arguments: [
        (1970, 1, 1), (1999, 12, 31), (2000, 2, 29), (2016, 2, 29), (2024, 12, 31), (2100, 3, 1), (1900, 1, 1),
    ])
    func datesMatchFoundationsCalendar(year: Int, month: Int, day: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let expected = try #require(
            calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12, minute: 34, second: 56))
        )
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let weekday = weekdays[calendar.component(.weekday, from: expected) - 1]
        let header = String(format: "%@, %02d %@ %04d 12:34:56 GMT", weekday, day, months[month - 1], year)
        let now = expected.addingTimeInterval(-1_000)
        #expect(Self.error(["Retry-After": header]).retryAfter(now: now) == .seconds(1_000))
    }

    // MARK: - In the catalog

    @Test(arguments: [429, 503])
    func catalogHonoursRetryAfter(status: Int) throws {
        let headers = ["Retry-After": "Wed, 21 Oct 2015 07:30:00 GMT", "Date": "Wed, 21 Oct 2015 07:28:00 GMT"]
        let seconds = try #require(
            ErrorCatalog.standard.interpretation(for: Self.error(["Retry-After": "42"], status: status)))
        #expect(seconds.retryAfter == .seconds(42))
        #expect(seconds.isTransient)
        let date = try #require(ErrorCatalog.standard.interpretation(for: Self.error(headers, status: status)))
        #expect(date.retryAfter == .seconds(120))
        let garbage = try #require(
            ErrorCatalog.standard.interpretation(for: Self.error(["Retry-After": "-3"], status: status)))
        #expect(garbage.retryAfter == nil)
        #expect(garbage.isTransient)
    }

    @Test(arguments: [500, 502, 404, 401])
    func otherStatusesIgnoreRetryAfter(status: Int) throws {
        let interpretation = try #require(
            ErrorCatalog.standard.interpretation(for: Self.error(["Retry-After": "42"], status: status)))
        #expect(interpretation.retryAfter == nil)
    }

    @Test func resolverKeepsTheLongestRetryAfterOfTheTree() {
        let error = ContextError("Syncing", wrapping: Self.error(["Retry-After": "90"], status: 429))
        #expect(ErrorResolver().interpretation(of: error).retryAfter == .seconds(90))
    }
}
