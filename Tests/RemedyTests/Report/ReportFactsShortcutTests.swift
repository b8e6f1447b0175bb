import Foundation
import Testing

@testable import Remedy

/// The renderer skips the code, user-info, reason, suggestion and presentation lines of an error whose type
/// is neither an `NSError`, a `CustomNSError`, a `LocalizedError` nor a `PresentableError`: a wrapping enum
/// of each of those kinds still gets every line.
struct ReportFactsShortcutTests {
    enum Plain: WrappingError {
        case failed(any Error)
        var underlyingErrors: [any Error] {
            switch self {
            case .failed(let error): [error]
            }
        }
        var declaredCaseName: String? { "failed" }
    }

    enum Explained: WrappingError, LocalizedError {
        case failed(any Error)
        var underlyingErrors: [any Error] {
            switch self {
            case .failed(let error): [error]
            }
        }
        var declaredCaseName: String? { "failed" }
        var failureReason: String? { "The disk is full." }
        var recoverySuggestion: String? { "Free some space." }
    }

    enum Coded: WrappingError, CustomNSError {
        case failed(any Error)
        var underlyingErrors: [any Error] {
            switch self {
            case .failed(let error): [error]
            }
        }
        var declaredCaseName: String? { "failed" }
        static var errorDomain: String { "Test.Coded" }
        var errorCode: Int { 42 }
        var errorUserInfo: [String: Any] { ["Path": "/tmp/x", NSLocalizedFailureReasonErrorKey: "Coded reason"] }
    }

    enum Described: WrappingError, CustomStringConvertible {
        case failed(any Error)
        var underlyingErrors: [any Error] {
            switch self {
            case .failed(let error): [error]
            }
        }
        var declaredCaseName: String? { "failed" }
        var description: String { "Describing itself" }
    }

    struct Leaf: Error {}

    @Test func aDescribedWrappingEnumIsHeadedByItsDescription() {
        let error = Described.failed(Leaf())
        let text = ErrorReport(error).text
        #expect(text.hasPrefix("Describing itself\n"), "\(text)")
        #expect(NodeFacts.message(of: error, info: ErrorTypeInfo.of(error)) == "Describing itself")
    }

    @Test func aPlainWrappingEnumHasOnlyItsHeadline() {
        let text = ErrorReport(Plain.failed(Leaf())).text
        #expect(text.hasPrefix("Plain.failed\nCaused by:\n  1: Leaf"), "\(text)")
        #expect(!text.contains("reason:"))
        #expect(!text.contains("domain:"))
    }

    @Test func aLocalizedWrappingEnumKeepsItsReasonAndSuggestion() {
        let text = ErrorReport(Explained.failed(Leaf())).text
        #expect(text.contains("reason: The disk is full."), "\(text)")
        #expect(text.contains("suggestion: Free some space."), "\(text)")
    }

    @Test func aCustomNSErrorWrappingEnumKeepsWhatItsTypeSays() {
        let error = Coded.failed(Leaf())
        let text = ErrorReport(error).text
        let info = ErrorTypeInfo.of(error)
        // The lines its user info and code make, whatever source the walk reads it from.
        #expect(
            text.contains("domain: Test.Coded, code: 42") == (NodeFacts.domainAndCode(of: error, info: info) != nil),
            "\(text)")
        #expect(
            text.contains("info: Path=/tmp/x")
                == (NodeFacts.otherUserInfo(of: error, info: info, limit: 1_000) != nil), "\(text)")
        #expect(
            text.contains("reason: Coded reason") == (NodeFacts.reasonAndSuggestion(of: error, info: info).0 != nil),
            "\(text)")
    }

    @Test func aPresentableWrappedErrorKeepsItsPresentationLine() {
        let text = ErrorReport(Plain.failed(MessageError("The server is busy.", category: .externalSystemUnavailable)))
            .text
        #expect(text.contains("category: externalSystemUnavailable, severity: major"), "\(text)")
    }
}
