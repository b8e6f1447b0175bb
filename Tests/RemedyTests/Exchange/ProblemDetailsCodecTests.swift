import Foundation
import Testing

@testable import Remedy

/// The Problem Details codec: encoding, decoding, RFC 9457's examples, and the members Remedy adds.
struct ProblemDetailsCodecTests {
    private func decode(_ json: String, contentType: String? = "application/problem+json") throws -> ProblemDetails {
        try ProblemDetails(decoding: Data(json.utf8), contentType: contentType)
    }

    @Test func encodesMembersInAStableOrder() {
        let problem = ProblemDetails(
            type: "https://example.com/probs/out-of-credit",
            title: "You do not have enough credit.",
            status: 403,
            detail: "Your current balance is 30, but that costs 50.",
            instance: "/account/12345/msgs/abc",
            category: .permissionDenied,
            severity: .minor,
            supportReference: SupportReference("7KQ2-9F3A"),
            retryAfter: .seconds(30),
            actions: [
                ProblemDetails.Action(id: "retry", title: "Try Again", role: .recommended),
                ProblemDetails.Action(
                    id: "topUp",
                    title: "Top Up",
                    request: ProblemDetails.Action.Request(method: "POST", href: "/account/12345/top-up")
                ),
            ],
            extensions: ["balance": .number(30), "accounts": .array([.string("/account/12345")])]
        )
        let text = String(decoding: problem.encoded(), as: UTF8.self)
        #expect(
            text
                == #"{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","#
                + #""status":403,"detail":"Your current balance is 30, but that costs 50.","#
                + #""instance":"/account/12345/msgs/abc","category":"permissionDenied","severity":"minor","#
                + #""reference":"7KQ2-9F3A","retryAfter":30,"actions":[{"id":"retry","role":"recommended","#
                + #""title":"Try Again"},{"id":"topUp","request":{"href":"/account/12345/top-up","method":"POST"},"#
                + #""role":"normal","title":"Top Up"}],"accounts":["/account/12345"],"balance":30}"#
        )
    }

    @Test func roundTripsEveryMember() throws {
        let problem = ProblemDetails(
            type: "https://example.com/probs/busy",
            title: "Busy \"now\" <b>",
            status: 503,
            detail: "Line one\nline two\u{2028}\u{1}",
            instance: "urn:uuid:1",
            category: ErrorCategory("paymentDeclined"),
            severity: .critical,
            supportReference: SupportReference("AB12-CD34"),
            retryAfter: .seconds(120),
            actions: [ProblemDetails.Action(id: "cancel", title: "Cancel", role: .cancel)],
            extensions: [
                "nested": .object(["a": .array([.null, .bool(false), .number(-0.5), .number(1e300)])]),
                "emoji": .string("😀 é"),
            ]
        )
        let decoded = try ProblemDetails(decoding: problem.encoded(), contentType: ProblemDetails.mediaType)
        #expect(decoded == problem)
        #expect(decoded.category?.identifier == "paymentDeclined")
        #expect(decoded.detail == "Line one\nline two\u{2028}\u{1}")
    }

    @Test func readsTheFirstExampleOfRFC9457() throws {
        // RFC 9457 §3, the out-of-credit example, with its extension members.
        let problem = try decode(
            """
            {
             "type": "https://example.com/probs/out-of-credit",
             "title": "You do not have enough credit.",
             "detail": "Your current balance is 30, but that costs 50.",
             "instance": "/account/12345/msgs/abc",
             "balance": 30,
             "accounts": ["/account/12345",
                          "/account/67890"]
            }
            """
        )
        #expect(problem.type == "https://example.com/probs/out-of-credit")
        #expect(problem.title == "You do not have enough credit.")
        #expect(problem.detail == "Your current balance is 30, but that costs 50.")
        #expect(problem.instance == "/account/12345/msgs/abc")
        #expect(problem.status == nil)
        #expect(problem.extensions["balance"] == .number(30))
        #expect(problem.extensions["accounts"] == .array([.string("/account/12345"), .string("/account/67890")]))
    }

    @Test func readsTheValidationExampleOfRFC9457() throws {
        // RFC 9457 §3, the example with an "errors" extension of objects.
        let problem = try decode(
            """
            {
            "type": "https://example.net/validation-error",
            "title": "Your request is not valid.",
            "errors": [
                        {
                          "detail": "must be a positive integer",
                          "pointer": "#/age"
                        },
                        {
                          "detail": "must be 'green', 'red' or 'blue'",
                          "pointer": "#/profile/color"
                        }
                     ]
            }
            """,
            contentType: "application/problem+json"
        )
        #expect(problem.title == "Your request is not valid.")
        guard case .array(let errors) = problem.extensions["errors"] else {
            Issue.record("errors not kept: \(problem.extensions)")
            return
        }
        #expect(errors.count == 2)
        #expect(
            errors.last
                == .object([
                    "detail": .string("must be 'green', 'red' or 'blue'"), "pointer": .string("#/profile/color"),
                ]))
    }

    @Test func keepsUnknownMembersAndWritesThemAgain() throws {
        let problem = try decode(#"{"title":"T","traceId":"00-abc","limits":{"per":"minute","count":60}}"#)
        #expect(problem.extensions["traceId"] == .string("00-abc"))
        let again = try ProblemDetails(decoding: problem.encoded(), contentType: nil)
        #expect(again.extensions == problem.extensions)
        #expect(String(decoding: problem.encoded(), as: UTF8.self).contains(#""limits":{"count":60,"per":"minute"}"#))
    }

    @Test func readsTheReferenceLeniently() throws {
        let problem = try decode(#"{"reference":" 7kq2 9f3a "}"#)
        #expect(problem.supportReference == SupportReference("7KQ2-9F3A"))
        #expect(problem.supportReference != nil)
        #expect(String(decoding: problem.encoded(), as: UTF8.self).contains(#""reference":"7KQ2-9F3A""#))
        #expect(try decode(#"{"reference":"not a reference"}"#).supportReference == nil)
    }

    @Test func missingMembersTakeTheirDefaults() throws {
        let problem = try decode("{}")
        #expect(problem.type == "about:blank")
        #expect(problem.title == nil && problem.status == nil && problem.detail == nil && problem.instance == nil)
        #expect(problem.actions.isEmpty && problem.extensions.isEmpty)
        #expect(String(decoding: problem.encoded(), as: UTF8.self) == #"{"type":"about:blank"}"#)
    }
}
