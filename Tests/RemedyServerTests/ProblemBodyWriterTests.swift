#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import NIOCore
import Remedy
import Testing

@testable import RemedyServer

/// A server's answers are written by its own writer, for speed; `JSONEncoder` (`ProblemDetails.encoded()`) is the
/// oracle: both must give the very same bytes, escapes and member order included.
struct ProblemBodyWriterTests {
    /// Texts that exercise every escape `JSONEncoder` makes and the ones it doesn't.
    static let texts: [String] = [
        "",
        "Service Unavailable",
        #"Say "hello" \ to C:\Users"#,
        "line one\nline two\r\n\ttabbed",
        "\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}\u{1F}\u{7F}",
        "</script><b>&amp;</b> 'quoted'",
        "a/b/c https://example.com/x?y=1&z=2",
        "Dienst nicht verfügbar — サービスを利用できません 😀 \u{2028}\u{2029} e\u{301}",
        String(repeating: "long text ", count: 500),
    ]

    static func problems() -> [ProblemDetails] {
        var problems: [ProblemDetails] = [
            ProblemDetails(), ProblemDetails(type: "https://example.com/probs/out-of-credit"),
        ]
        for (index, text) in texts.enumerated() {
            problems.append(
                ProblemDetails(
                    type: index.isMultiple(of: 2) ? ProblemDetails.blankType : "/problems/\(text)",
                    title: text,
                    status: [400, 401, 422, 500, 503, -1, 0, Int.max, 999][index % 9],
                    detail: text + text,
                    instance: index.isMultiple(of: 3) ? "/requests/\(index)" : nil,
                    category: ErrorCategory.allBuiltIn[index % ErrorCategory.allBuiltIn.count],
                    severity: [Severity.minor, .major, .critical, .fatal][index % 4],
                    supportReference: SupportReference.next(),
                    causeReference: index.isMultiple(of: 2) ? SupportReference.next() : nil,
                    retryAfter: [nil, .seconds(7), .milliseconds(1_500), .seconds(-3)][index % 4],
                    actions: [
                        ProblemDetails.Action(id: "retry", title: "Try Again", role: .recommended),
                        ProblemDetails.Action(
                            id: text, title: text, role: .destructive,
                            request: .init(method: "DELETE", href: "/orders/\(index)?q=\(text)")),
                        ProblemDetails.Action(id: "cancel", title: "Cancel", role: .cancel),
                    ].prefix(index % 4).map { $0 },
                    // Pointers and names, escaped as their messages are.
                    fieldErrors: [
                        FieldError(field: "#/items/\(index)/name", message: text),
                        FieldError(field: text, message: "Enter a name."),
                        FieldError(field: "#/" + text, message: text + text),
                    ].prefix(index % 4).map { $0 }
                )
            )
        }
        return problems
    }

    @Test("The writer gives JSONEncoder's bytes for every problem a server answers")
    func writerMatchesJSONEncoder() throws {
        for problem in Self.problems() {
            let written = Data(ProblemBodyWriter.body(of: problem).readableBytesView)
            #expect(written == problem.encoded(), "\(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test("A buffer of the writer's capacity holds the worst case: every byte of every text escaped")
    func worstCaseFitsTheCapacity() throws {
        // Every text is control characters only, each written as `\u00XX` (six bytes for one), in every member.
        let worst = String(repeating: "\u{1}", count: 300)
        let request = ProblemDetails.Action.Request(method: worst, href: worst)
        let problem = ProblemDetails(
            type: worst, title: worst, status: Int.min, detail: worst, instance: worst, category: ErrorCategory(worst),
            severity: .fatal, supportReference: SupportReference.next(), retryAfter: .seconds(Int64.max),
            actions: Array(
                repeating: ProblemDetails.Action(id: worst, title: worst, role: .destructive, request: request),
                count: 20),
            fieldErrors: Array(repeating: FieldError(field: worst, message: worst), count: 70)
                + Array(repeating: FieldError(field: "#" + worst, message: worst), count: 70)
        )
        let shortest = ProblemDetails(
            status: Int.min, retryAfter: .seconds(Int64.max),
            fieldErrors: Array(repeating: FieldError(field: "", message: ""), count: 100))
        for problem in [problem, ProblemDetails(), shortest] {
            let capacity = ProblemBodyWriter.capacity(for: problem)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            let count = ProblemBodyWriter.write(problem, into: buffer)
            #expect(count <= capacity)
            #expect(Data(buffer[..<count]) == problem.encoded())
        }
    }
}

extension ErrorCategory {
    /// Remedy's own categories, for fixtures.
    fileprivate static let allBuiltIn: [ErrorCategory] = [
        .invalidInput, .internalInconsistency, .externalSystemUnavailable, .externalSystemUnexpected, .cancellation,
        .authenticationRequired, .permissionDenied, .resourceExhausted, .unknown,
    ]
}
#endif
