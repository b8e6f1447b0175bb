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
        // Members sorted by name, extensions among them (JSONEncoder's `.sortedKeys`, issue 23; the standard
        // members came first before): equal problems are equal bytes.
        #expect(
            text
                == #"{"accounts":["/account/12345"],"actions":[{"id":"retry","role":"recommended","#
                + #""title":"Try Again"},{"id":"topUp","request":{"href":"/account/12345/top-up","method":"POST"},"#
                + #""role":"normal","title":"Top Up"}],"balance":30,"category":"permissionDenied","#
                + #""detail":"Your current balance is 30, but that costs 50.","instance":"/account/12345/msgs/abc","#
                + #""reference":"7KQ2-9F3A","retryAfter":30,"severity":"minor","status":403,"#
                + #""title":"You do not have enough credit.","type":"https://example.com/probs/out-of-credit"}"#
        )
        #expect(
            ProblemDetails.JSONValue.object(["b": .number(1.5), "a": .array([.null])]).description
                == #"{"a":[null],"b":1.5}"#)
    }

    @Test func writesSlashesAsTheyAre() {
        let problem = ProblemDetails(type: "https://example.com/probs/out-of-credit", title: "Out", status: 403)
        #expect(
            String(decoding: problem.encoded(), as: UTF8.self)
                == #"{"status":403,"title":"Out","type":"https://example.com/probs/out-of-credit"}"#)
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
        // Remedy reads `errors` itself, as field errors (issue 25): it is no longer an extension.
        #expect(problem.extensions["errors"] == nil)
        #expect(problem.fieldErrors.count == 2)
        #expect(
            problem.fieldErrors.last
                == FieldError(field: "#/profile/color", message: "must be 'green', 'red' or 'blue'"))
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

    @Test("The cause reference is the member causeReference, read leniently and bounded like the reference")
    func causeReferenceMember() throws {
        let problem = ProblemDetails(
            title: "Server Problem", status: 500, supportReference: SupportReference("7KQ2-9F3A"),
            causeReference: SupportReference("AB12-CD34"))
        #expect(
            String(decoding: problem.encoded(), as: UTF8.self)
                == #"{"causeReference":"AB12-CD34","reference":"7KQ2-9F3A","status":500,"title":"Server Problem","#
                + #""type":"about:blank"}"#)
        let read = try ProblemDetails(decoding: problem.encoded(), contentType: ProblemDetails.mediaType)
        #expect(read.causeReference == SupportReference("AB12-CD34"))
        #expect(read.supportReference == SupportReference("7KQ2-9F3A"))
        #expect(read.extensions.isEmpty, "a member of Remedy's, not an extension")
        #expect(try decode(#"{"causeReference":" ab12 cd34 "}"#).causeReference == SupportReference("AB12-CD34"))
        #expect(try decode(#"{"causeReference":"not a reference"}"#).causeReference == nil)
        #expect(try decode(#"{"causeReference":42}"#).causeReference == nil)
        let padded = " AB12-CD34" + String(repeating: " ", count: 64)
        #expect(try decode(#"{"causeReference":"\#(padded)"}"#).causeReference == nil, "longer than 64 bytes")
        #expect(try decode(#"{"reference":"\#(padded)"}"#).supportReference == nil, "the same bound")
        #expect(try decode("{}").causeReference == nil)
        // An extension can't pass for the member.
        var forged = ProblemDetails(title: "T")
        forged.extensions["causeReference"] = .string("FFFF-FFFF")
        #expect(!String(decoding: forged.encoded(), as: UTF8.self).contains("causeReference"))
    }

    @Test func missingMembersTakeTheirDefaults() throws {
        let problem = try decode("{}")
        #expect(problem.type == "about:blank")
        #expect(problem.title == nil && problem.status == nil && problem.detail == nil && problem.instance == nil)
        #expect(problem.actions.isEmpty && problem.extensions.isEmpty)
        #expect(String(decoding: problem.encoded(), as: UTF8.self) == #"{"type":"about:blank"}"#)
    }

    @Test func isCodableInsideOtherValues() throws {
        struct Envelope: Codable, Equatable {
            var problem: ProblemDetails
            var attempts: Int
        }
        let envelope = Envelope(
            problem: ProblemDetails(
                title: "T",
                status: 409,
                retryAfter: .milliseconds(1_500),
                actions: [.init(id: "refresh", title: "Refresh", request: .init(method: "PATCH", href: "/r"))],
                extensions: ["traceId": .string("00-abc")]
            ),
            attempts: 2
        )
        let data = try JSONEncoder().encode(envelope)
        let decoded = try JSONDecoder().decode(Envelope.self, from: data)
        // A wait is written in whole seconds, rounded up.
        #expect(decoded.problem.retryAfter == .seconds(2))
        #expect(decoded.problem.actions == envelope.problem.actions)
        #expect(decoded.problem.extensions == ["traceId": .string("00-abc")])
        #expect(decoded.attempts == 2)
    }

    @Test func bracketsAndCommasInsideStringsAreText() throws {
        let deep = String(repeating: "[{", count: 100)
        let problem = try decode(#"{"title":"\#(deep),]}","detail":"\"[,]\\"}"#)
        #expect(problem.title == deep + ",]}")
        #expect(problem.detail == #""[,]\"#)
    }
}
