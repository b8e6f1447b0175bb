import Foundation
import Remedy
import Testing

/// `WrappingError.declaredCaseName` only makes reports cheaper: every rendering of a type that states its
/// case names is byte for byte that of the same type reflected.
///
/// Each fixture is one enum type whose statement a task-local switches on and off, so the reflected
/// rendering is computed independently by Remedy itself (from the same values), never copied from the
/// implementation; a counter proves the stated names were read where the test expects them to be.
struct DeclaredCaseNameTests {
    /// Whether the fixtures state their case names, and what a fixture that states a given text says.
    enum Statement {
        @TaskLocal static var isOn = true
        /// The text `BadlyNamedError` states.
        @TaskLocal static var text: String? = nil
        /// Counts the reads of `declaredCaseName`, per test.
        @TaskLocal static var reads: ReadCounter?
    }

    struct ReadCounter: Sendable {
        private let count = LockedValue(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    struct Timeout: Error {}

    /// A leaf without payload, a labeled payload, several values, and a cause.
    enum ServiceError: WrappingError {
        case offline
        case transport(URLError)
        case parsing(DecodingError)
        case status(code: Int, body: String)
        case unavailable(Timeout, retries: Int)

        var underlyingErrors: [any Error] {
            switch self {
            case .offline, .status: []
            case .transport(let error): [error]
            case .parsing(let error): [error]
            case .unavailable(let timeout, _): [timeout]
            }
        }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            guard Statement.isOn else { return nil }
            switch self {
            case .offline: return "offline"
            case .transport: return "transport"
            case .parsing: return "parsing"
            case .status: return "status"
            case .unavailable: return "unavailable"
            }
        }
    }

    /// An outer layer with several causes, and a case named in another script.
    enum ScreenError: WrappingError {
        case load(ServiceError)
        case batch([ServiceError])
        case café(ServiceError)
        case idle

        var underlyingErrors: [any Error] {
            switch self {
            case .load(let error), .café(let error): [error]
            case .batch(let errors): errors
            case .idle: []
            }
        }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            guard Statement.isOn else { return nil }
            switch self {
            case .load: return "load"
            case .batch: return "batch"
            case .café: return "café"
            case .idle: return "idle"
            }
        }
    }

    /// An enum of plain data: reflection describes its values without a mirror.
    enum CodeError: WrappingError {
        case code(Int)
        case unknown

        var underlyingErrors: [any Error] { [] }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            guard Statement.isOn else { return nil }
            switch self {
            case .code: return "code"
            case .unknown: return "unknown"
            }
        }
    }

    /// An enum with its own description: reports use the description, and its statement is ignored.
    enum DescribedError: WrappingError, CustomStringConvertible {
        case wrapped(ServiceError)
        case plain

        var underlyingErrors: [any Error] {
            switch self {
            case .wrapped(let error): [error]
            case .plain: []
            }
        }

        var description: String { "described" }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            return Statement.isOn ? "wrong" : nil
        }
    }

    /// An enum with its own mirror: its statement is ignored.
    enum MirroredError: WrappingError, CustomReflectable {
        case wrapped(ServiceError)

        var underlyingErrors: [any Error] {
            switch self {
            case .wrapped(let error): [error]
            }
        }

        var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            return Statement.isOn ? "wrong" : nil
        }
    }

    /// A struct: it has no case, and its statement is ignored.
    struct BatchError: WrappingError {
        var failures: [any Error]
        var underlyingErrors: [any Error] { failures }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            return Statement.isOn ? "wrong" : nil
        }
    }

    /// An enum that states whatever the test sets.
    enum BadlyNamedError: WrappingError {
        case broken(ServiceError)
        case empty

        var underlyingErrors: [any Error] {
            switch self {
            case .broken(let error): [error]
            case .empty: []
            }
        }

        var declaredCaseName: String? {
            Statement.reads?.increment()
            return Statement.isOn ? Statement.text : nil
        }
    }

    /// Every rendering that names a case: text, summary, JSON (with each node's kind), grouping key.
    struct Renderings: Equatable, CustomStringConvertible {
        var text: String
        var summary: String
        var json: String
        var kinds: [String]
        var groupingKey: String
        var staticGroupingKey: String
        var presentationKey: String

        init(_ error: any Error) {
            let report = ErrorReport(error)
            text = report.text
            summary = report.summary
            json = report.json
            kinds = report.document.nodes.map(\.kind)
            groupingKey = report.groupingKey
            staticGroupingKey = ErrorReport.groupingKey(of: error)
            presentationKey = ErrorResolver().presentation(for: error).groupingKey
        }

        var description: String { "\(kinds) \(groupingKey)\n\(text)" }
    }

    /// The renderings with the statements on, the number of names read, and the renderings with them off.
    func renderings(of error: any Error, text: String? = nil) -> (stated: Renderings, reads: Int, reflected: Renderings)
    {
        let counter = ReadCounter()
        let stated = Statement.$text.withValue(text) {
            Statement.$reads.withValue(counter) { Statement.$isOn.withValue(true) { Renderings(error) } }
        }
        let reflected = Statement.$text.withValue(text) {
            Statement.$isOn.withValue(false) { Renderings(error) }
        }
        return (stated, counter.value, reflected)
    }

    static let missingKey = DecodingError.keyNotFound(
        AnyKey("temperature"),
        DecodingError.Context(codingPath: [AnyKey("days")], debugDescription: "No value for \"temperature\".")
    )

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let statedTrees: [any Error] = [
        ServiceError.offline,
        ServiceError.status(code: 503, body: "busy"),
        ServiceError.unavailable(Timeout(), retries: 3),
        ScreenError.load(.parsing(missingKey)),
        ScreenError.load(.transport(URLError(.notConnectedToInternet))),
        ScreenError.café(.offline),
        ScreenError.idle,
        ScreenError.batch([.offline, .status(code: 500, body: ""), .parsing(missingKey), .offline]),
        CodeError.code(42),
        CodeError.unknown,
        BatchError(failures: [ScreenError.load(.offline), CodeError.code(7)]),
        ContextError("Loading the forecast", wrapping: ScreenError.load(.offline)),
    ]

    @Test(arguments: statedTrees.indices)
    func statedNamesRenderAsReflectedOnes(index: Int) {
        let (stated, reads, reflected) = renderings(of: Self.statedTrees[index])
        #expect(stated == reflected)
        #expect(reads > 0, "the stated names must have been read, or the comparison proves nothing")
    }

    @Test
    func theStatedNameIsWhatReportsShow() {
        let (stated, _, reflected) = renderings(of: ScreenError.load(.parsing(Self.missingKey)))
        #expect(stated.kinds.prefix(2) == ["ScreenError.load", "ServiceError.parsing"])
        #expect(stated.kinds == reflected.kinds)
    }

    @Test(arguments: [0, 1])
    func whereTheDepthCapStopsTheStatedNameIsTheReflectedOne(maximumDepth: Int) {
        let limits = ErrorLimits(maximumDepth: maximumDepth)
        let error = ScreenError.load(.status(code: 503, body: "busy"))
        func renderings() -> [String] {
            let report = ErrorReport(error, limits: limits)
            return [report.summary, report.text, report.groupingKey]
        }
        let counter = ReadCounter()
        let stated = Statement.$reads.withValue(counter) { renderings() }
        let reflected = Statement.$isOn.withValue(false) { renderings() }
        #expect(stated == reflected)
        #expect(counter.value > 0)
        #expect(stated[0].contains(maximumDepth == 0 ? "ScreenError.load" : "ServiceError.status"))
    }

    @Test
    func differentCasesKeepDifferentKeys() {
        let load = renderings(of: ScreenError.load(.offline)).stated.groupingKey
        let café = renderings(of: ScreenError.café(.offline)).stated.groupingKey
        let idle = renderings(of: ScreenError.idle).stated.groupingKey
        #expect(Set([load, café, idle]).count == 3)
    }

    static let ignoringTypes: [any Error] = [
        DescribedError.wrapped(.offline),
        DescribedError.plain,
        MirroredError.wrapped(.offline),
    ]

    @Test(arguments: ignoringTypes.indices)
    func typesWithTheirOwnTextOrMirrorIgnoreTheStatement(index: Int) {
        let (stated, _, reflected) = renderings(of: Self.ignoringTypes[index])
        #expect(stated == reflected)
        #expect(!stated.text.contains("wrong"))
        #expect(!stated.kinds.contains { $0.contains("wrong") })
    }

    @Test
    func aStructsStatementIsIgnored() {
        let (stated, _, reflected) = renderings(of: BatchError(failures: [Timeout()]))
        #expect(stated == reflected)
        #expect(stated.kinds.first == "BatchError")
    }

    static let badNames = [
        "", " ", "with space", "broken(x)", "broken(", "line\nbreak", "tab\t", "9lives", "a.b", "a-b",
        "`broken`", "broken\u{1B}[31m", "\u{301}", "🐛", "e\u{202E}vil", String(repeating: "(", count: 300),
    ]

    @Test(arguments: badNames)
    func aNameThatIsNoIdentifierIsIgnored(name: String) {
        for error in [BadlyNamedError.broken(.offline), BadlyNamedError.empty] {
            let (stated, reads, reflected) = renderings(of: error, text: name)
            #expect(stated == reflected)
            #expect(reads > 0)
            #expect(["BadlyNamedError.broken", "BadlyNamedError.empty"].contains(stated.kinds.first))
        }
    }

    @Test(arguments: ["broken", "_broken", "broken_2", "café", "Ωmega", "名前"])
    func aNameThatIsAnIdentifierIsUsed(name: String) {
        let (stated, _, _) = renderings(of: BadlyNamedError.broken(.offline), text: name)
        #expect(stated.kinds.first == "BadlyNamedError." + name)
    }

    /// A resolution's walk reads the stated names too: the key a debug record makes from it is the report's.
    @Test func theKeyOfAResolutionsWalkUsesTheStatedNames() {
        Statement.$text.withValue("_broken") {
            for error in Self.statedTrees + [BadlyNamedError.broken(.offline)] {
                #expect(ErrorResolver().resolve(error).facts.groupingKey == ErrorReport(error).groupingKey)
            }
            let stated = ErrorReport(BadlyNamedError.broken(.offline)).groupingKey
            let reflected = Statement.$isOn.withValue(false) {
                ErrorReport(BadlyNamedError.broken(.offline)).groupingKey
            }
            #expect(stated != reflected, "the stated name must count, or the comparison proves nothing")
        }
    }
}
