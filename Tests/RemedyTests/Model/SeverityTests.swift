import Remedy
import Testing

struct SeverityTests {
    @Test func severitiesAreOrderedByDisruption() {
        #expect(Severity.minor < .major)
        #expect(Severity.major < .critical)
        #expect(Severity.critical < .fatal)
        #expect(Severity.allCases.sorted() == [.minor, .major, .critical, .fatal])
        #expect([Severity.major, .fatal, .minor].max() == .fatal)
    }

    @Test func severitiesDescribeThemselvesInLowerCase() {
        #expect(Severity.allCases.map(\.description) == ["minor", "major", "critical", "fatal"])
    }

    @Test func onlyBannersDontBlock() {
        #expect(!PresentationStyle.banner.isBlocking)
        #expect(PresentationStyle.alert.isBlocking)
        #expect(PresentationStyle.route.isBlocking)
        #expect(PresentationStyle.allCases.map { String(describing: $0) } == ["banner", "alert", "route"])
    }
}
