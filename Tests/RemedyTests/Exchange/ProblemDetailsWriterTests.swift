import Foundation
import Testing

@testable import Remedy

/// `encoded()` writes a problem without extensions with Remedy's own writer, for speed; `JSONEncoder` is the
/// oracle: both must give the very same bytes, escapes and member order included.
struct ProblemDetailsWriterTests {
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

    @Test("The writer gives JSONEncoder's bytes for every problem without extensions")
    func writerMatchesJSONEncoder() throws {
        for problem in Self.problems() {
            let written = ProblemDetailsWriter.encoded(problem)
            let oracle = ProblemDetails.jsonEncoded(problem)
            #expect(written == oracle, "\(String(decoding: written, as: UTF8.self))")
            #expect(throws: Never.self) { try ProblemDetails(decoding: written, contentType: ProblemDetails.mediaType) }
        }
    }

    @Test("A server's buffer of writtenCapacity bytes holds the worst case: every byte of every text escaped")
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
            let capacity = try #require(problem.writtenCapacity)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            defer { buffer.deallocate() }
            let count = problem.write(into: buffer)
            #expect(count <= capacity)
            #expect(Data(buffer[..<count]) == ProblemDetails.jsonEncoded(problem))
        }
        var extended = problem
        extended.extensions["balance"] = .number(30)
        #expect(extended.writtenCapacity == nil)
    }

    @Test("A problem with extensions is written by JSONEncoder, and encoded() always gives its bytes")
    func encodedIsJSONEncoders() {
        var problem = ProblemDetails(title: "Out of Credit", status: 403)
        #expect(problem.encoded() == ProblemDetails.jsonEncoded(problem))
        problem.extensions["balance"] = .number(30)
        #expect(problem.encoded() == ProblemDetails.jsonEncoded(problem))
        #expect(String(decoding: problem.encoded(), as: UTF8.self).contains(#""balance":30"#))
    }
}

extension ErrorCategory {
    /// Remedy's own categories, for fixtures.
    fileprivate static let allBuiltIn: [ErrorCategory] = [
        .invalidInput, .internalInconsistency, .externalSystemUnavailable, .externalSystemUnexpected, .cancellation,
        .authenticationRequired, .permissionDenied, .resourceExhausted, .unknown,
    ]
}
