import Foundation
import Testing

@testable import Remedy

/// Bodies that are not Problem Details: each is a clear ``ProblemDetails/DecodingError``, never a crash or a
/// hang; members of the wrong type are ignored and reading goes on (RFC 9457 §3.1).
struct ProblemDetailsMalformedInputTests {
    private func code(
        of body: Data,
        contentType: String? = "application/problem+json",
        limits: ProblemDetails.DecodingLimits = .default
    ) -> ProblemDetails.DecodingError.Code? {
        do {
            _ = try ProblemDetails(decoding: body, contentType: contentType, limits: limits)
            return nil
        } catch {
            #expect(!error.description.isEmpty)
            return error.code
        }
    }

    private func code(of text: String, contentType: String? = "application/problem+json") -> ProblemDetails
        .DecodingError.Code?
    {
        code(of: Data(text.utf8), contentType: contentType)
    }

    // MARK: - Not a problem at all

    @Test(arguments: [
        "not json", "{", "{\"title\":}", "{\"title\":\"x\",}", "{'title':'x'}", "nul", "{} {}", "\"x", "[1,]", "01",
        "1.", "-", "1e", "{\"a\":tru}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":\"tab\there\"}",
        "[,1]", "[1,,2]", "{\"a\":1,,\"b\":2}", "{,}", "[1 , ]",
    ])
    func textThatIsNotJSONIsInvalidJSON(_ text: String) {
        #expect(code(of: text) == .invalidJSON)
    }

    @Test(arguments: ["[]", "[{\"title\":\"x\"}]", "\"title\"", "42", "true", "null"])
    func jsonThatIsNotAnObjectIsRefused(_ text: String) {
        #expect(code(of: text) == .notAnObject)
    }

    @Test func anEmptyBodyIsRefused() {
        #expect(code(of: Data()) == .emptyBody)
        #expect(code(of: "  \n") == .invalidJSON)
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeParsing() {
        // 5 MB of an object that would parse: the size alone decides.
        var body = Data(#"{"title":""#.utf8)
        body.append(Data(repeating: UInt8(ascii: "a"), count: 5_000_000))
        body.append(Data(#""}"#.utf8))
        #expect(code(of: body) == .bodyTooLarge)
        // The limit is configurable both ways.
        let small = Data(#"{"title":"Order Locked"}"#.utf8)
        #expect(code(of: small, limits: .init(maximumBodySize: 10)) == .bodyTooLarge)
        #expect(code(of: body, limits: .init(maximumBodySize: 6_000_000)) == nil)
    }

    @Test func deepNestingIsRefusedWithoutRecursingIntoIt() {
        // A million levels: a reader that recursed per level would overflow the stack.
        let depth = 1_000_000
        let body = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        #expect(code(of: body, limits: .init(maximumBodySize: 4 << 20)) == .nestingTooDeep)
        let objects = Data(
            (#"{"a":"# + String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 41)).utf8)
        #expect(code(of: objects) == .nestingTooDeep)
        // A limit asked for beyond what the stack allows is the largest allowed.
        let generous = ProblemDetails.DecodingLimits(maximumBodySize: 4 << 20, maximumDepth: 10_000_000)
        #expect(generous.maximumDepth == ProblemDetails.DecodingLimits.deepestAllowedNesting)
        #expect(code(of: body, limits: generous) == .nestingTooDeep)
        let nested = Data((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)
        #expect(code(of: nested, contentType: nil, limits: generous) == .notAnObject)
        // Up to the limit is fine.
        let allowed = Data(
            (#"{"a":"# + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}").utf8)
        #expect(code(of: allowed) == nil)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(code(of: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])) == .invalidUTF8)
        // An overlong encoding of "/" and a lone continuation byte.
        #expect(code(of: Data([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D])) == .invalidUTF8)
        #expect(code(of: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x80, 0x22, 0x7D])) == .invalidUTF8)
        // Outside a string it is simply not JSON.
        #expect(code(of: Data([0x7B, 0xFF, 0x7D])) == .invalidJSON)
    }

    @Test(arguments: [
        "text/html", "text/plain; charset=utf-8", "application/xml", "application/problem+xml", "", "application/jsonp",
    ])
    func aContentTypeThatIsNotJSONIsRefused(_ contentType: String) {
        #expect(code(of: #"{"title":"x"}"#, contentType: contentType) == .unsupportedContentType)
    }

    @Test(arguments: [
        "application/problem+json", "Application/Problem+JSON", "application/json", "application/json;charset=utf-8",
        " application/problem+json ; charset=UTF-8",
    ])
    func bothJSONMediaTypesAreReadWithAnyCaseAndParameters(_ contentType: String) throws {
        let problem = try ProblemDetails(decoding: Data(#"{"title":"x"}"#.utf8), contentType: contentType)
        #expect(problem.title == "x")
    }

    // MARK: - Members of the wrong type

    @Test func membersOfTheWrongTypeAreIgnored() throws {
        let problem = try ProblemDetails(
            decoding: Data(
                (#"{"type":7,"title":["x"],"status":"503","detail":null,"instance":{},"category":3,"#
                    + #""severity":1,"reference":true,"retryAfter":"60","actions":{"id":"retry"},"kept":"yes"}"#).utf8
            ),
            contentType: nil
        )
        #expect(problem.type == "about:blank")
        #expect(problem.title == nil && problem.status == nil && problem.detail == nil && problem.instance == nil)
        #expect(problem.category == nil && problem.severity == nil && problem.supportReference == nil)
        #expect(problem.retryAfter == nil && problem.actions.isEmpty)
        // Ignored members are not kept as extensions (they would be written back under a known name).
        #expect(problem.extensions == ["kept": .string("yes")])
    }

    @Test func valuesRemedyCannotUseAreIgnored() throws {
        let problem = try ProblemDetails(
            decoding: Data(
                (#"{"status":42,"category":"has space","severity":"catastrophic","retryAfter":-5,"#
                    + #""reference":"\u0007bell"}"#).utf8
            ),
            contentType: nil
        )
        #expect(problem.status == nil && problem.category == nil && problem.severity == nil)
        #expect(problem.retryAfter == nil && problem.supportReference == nil)
        let fractional = try ProblemDetails(
            decoding: Data(#"{"status":503.5,"retryAfter":1.5}"#.utf8), contentType: nil)
        #expect(fractional.status == nil && fractional.retryAfter == nil)
    }

    @Test func invalidActionsAreLeftOutAndTheOthersKept() throws {
        let problem = try ProblemDetails(
            decoding: Data(
                """
                {"actions":[1,"retry",null,{"id":"","title":"Empty"},{"id":"x"},{"title":"No id"},
                 {"id":"ok","title":"Fine","role":"boss","request":{"method":"GET /x","href":"/x"}},
                 {"id":"link","title":"Link","role":"destructive","request":{"href":"/y"}},
                 {"id":"bad","title":"Bad","request":{"method":"PUT","href":7}}]}
                """.utf8
            ),
            contentType: nil
        )
        #expect(problem.actions.map(\.id) == ["ok", "link", "bad"])
        #expect(problem.actions[0].role == .normal && problem.actions[0].request == nil)
        #expect(problem.actions[1].role == .destructive)
        #expect(problem.actions[1].request == ProblemDetails.Action.Request(method: "POST", href: "/y"))
        #expect(problem.actions[2].request == nil)
    }

    // MARK: - Numbers and strings at their limits

    // Adapted to JSONDecoder (issue 23): it refuses a number out of `Double`'s range, so such a body is
    // `invalidJSON` (it was read as an infinity); a long integer is still read; an app's infinity is `null`.
    @Test func numbersOutOfRangeAreRefusedAndInfinitiesWrittenAsNull() throws {
        for text in [#"{"big":1e400}"#, #"{"small":-1e400}"#, #"{"tiny":1e-400}"#, #"{"status":1e400}"#] {
            #expect(code(of: text) == .invalidJSON, "\(text)")
        }
        let problem = try ProblemDetails(
            decoding: Data(#"{"long":123456789012345678901234567890,"status":5e2}"#.utf8), contentType: nil)
        #expect(problem.extensions["long"] == .number(1.2345678901234568e29))
        #expect(problem.status == 500)
        let again = try ProblemDetails(decoding: problem.encoded(), contentType: nil)
        #expect(again == problem)
        let infinite = ProblemDetails(extensions: ["big": .number(.infinity), "small": .number(-.infinity)])
        #expect(
            String(decoding: infinite.encoded(), as: UTF8.self) == #"{"big":null,"small":null,"type":"about:blank"}"#)
    }

    @Test func nanLikeTextIsNotANumber() {
        for text in [
            #"{"a":NaN}"#, #"{"a":Infinity}"#, #"{"a":-Infinity}"#, #"{"a":+1}"#, #"{"a":.5}"#, #"{"a":0x10}"#,
        ] {
            #expect(code(of: text) == .invalidJSON, "\(text)")
        }
        // An app's NaN is written as null, since JSON has none.
        let problem = ProblemDetails(extensions: ["ratio": .number(.nan)])
        // Members sorted by name (JSONEncoder's `.sortedKeys`, issue 23; it was `type` first).
        #expect(String(decoding: problem.encoded(), as: UTF8.self) == #"{"ratio":null,"type":"about:blank"}"#)
    }

    @Test func escapesAndSurrogatesAreRead() throws {
        let problem = try ProblemDetails(
            decoding: Data(#"{"title":"\ud83d\ude00 \u00e9 \/ \"q\"","detail":"\u0000nul"}"#.utf8),
            contentType: nil
        )
        #expect(problem.title == "😀 é / \"q\"")
        // Adapted to JSONDecoder (issue 23): a lone surrogate makes the body `invalidJSON` (it was read as
        // U+FFFD).
        #expect(code(of: #"{"title":"\ud800 x"}"#) == .invalidJSON)
        #expect(code(of: #"{"title":"\udc00"}"#) == .invalidJSON)
        #expect(problem.detail == "\u{0}nul")
        // A byte order mark before the object is allowed.
        let withBOM = try ProblemDetails(
            decoding: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"title":"x"}"#.utf8), contentType: nil)
        #expect(withBOM.title == "x")
    }

    // Adapted to JSONDecoder (issue 23): the first value counts (it was the last); RFC 8259 §4 leaves it open.
    @Test func aNameGivenTwiceTakesTheFirstValue() throws {
        let problem = try ProblemDetails(decoding: Data(#"{"title":"first","title":"second"}"#.utf8), contentType: nil)
        #expect(problem.title == "first")
    }

    @Test func anExtensionNamedLikeAMemberIsNotWritten() {
        let problem = ProblemDetails(title: "Real", extensions: ["title": .string("Fake"), "status": .number(200)])
        // Members sorted by name (JSONEncoder's `.sortedKeys`, issue 23; it was `type` first).
        #expect(String(decoding: problem.encoded(), as: UTF8.self) == #"{"title":"Real","type":"about:blank"}"#)
    }
}
