import Foundation
import Testing

@testable import Remedy

/// Whatever its texts hold (quotes, backslashes, control characters, slashes, markup, any script), a problem's
/// body is JSON that reads back as the same problem.
struct ProblemDetailsTextEncodingTests {
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

    @Test("Every text reads back as it was written")
    func everyTextRoundTrips() throws {
        for problem in Self.problems() {
            let body = problem.encoded()
            let read = try ProblemDetails(decoding: body, contentType: ProblemDetails.mediaType)
            #expect(read.title == problem.title)
            #expect(read.detail == problem.detail)
            #expect(read.type == problem.type)
            #expect(read.fieldErrors.map(\.message) == problem.fieldErrors.map(\.message))
        }
    }

    @Test("Slashes are written as they are, and members in the order of their names")
    func slashesAndMemberOrder() {
        let problem = ProblemDetails(type: "https://example.com/probs/out-of-credit", title: "Out", status: 403)
        #expect(
            String(decoding: problem.encoded(), as: UTF8.self)
                == #"{"status":403,"title":"Out","type":"https://example.com/probs/out-of-credit"}"#)
    }
}

extension ErrorCategory {
    /// Remedy's own categories, for fixtures.
    fileprivate static let allBuiltIn: [ErrorCategory] = [
        .invalidInput, .internalInconsistency, .externalSystemUnavailable, .externalSystemUnexpected, .cancellation,
        .authenticationRequired, .permissionDenied, .resourceExhausted, .unknown,
    ]
}
