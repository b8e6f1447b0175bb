import Foundation
import Testing

@testable import Remedy

/// Field errors in Problem Details: RFC 9457 §3's `errors` member, written and read, and a hostile body's
/// `errors` read within bounds.
struct ProblemDetailsFieldErrorTests {
    static let fieldErrors = [
        FieldError(field: "#/age", message: "Enter an age of 0 or more."),
        FieldError(field: "#/profile/color", message: "Choose green, red or blue."),
        FieldError(field: "email", message: "Enter an email address with an @."),
    ]

    func decoded(_ json: String) throws -> ProblemDetails {
        try ProblemDetails(decoding: Data(json.utf8), contentType: ProblemDetails.mediaType)
    }

    @Test func fieldErrorsAreWrittenAsRFC9457sErrorsMember() {
        let problem = ProblemDetails(title: "Check Your Entry", status: 422, fieldErrors: Self.fieldErrors)
        let json = String(decoding: problem.encoded(), as: UTF8.self)
        #expect(
            json
                == ##"{"errors":[{"detail":"Enter an age of 0 or more.","pointer":"#/age"},"##
                + ##"{"detail":"Choose green, red or blue.","pointer":"#/profile/color"},"##
                + ##"{"detail":"Enter an email address with an @.","name":"email"}],"##
                + ##""status":422,"title":"Check Your Entry","type":"about:blank"}"##
        )
    }

    @Test func fieldErrorsRoundTrip() throws {
        var problem = ProblemDetails(title: "Check Your Entry", status: 422, fieldErrors: Self.fieldErrors)
        #expect(try decoded(String(decoding: problem.encoded(), as: UTF8.self)) == problem)
        // Through JSONEncoder too (a problem with extensions).
        problem.extensions["balance"] = .number(30)
        #expect(try decoded(String(decoding: problem.encoded(), as: UTF8.self)) == problem)
        #expect(
            try JSONDecoder().decode([FieldError].self, from: JSONEncoder().encode(Self.fieldErrors))
                == Self.fieldErrors)
    }

    @Test func rfc9457sOwnExampleIsRead() throws {
        let problem = try decoded(
            ##"""
            {"type": "https://example.net/validation-error", "title": "Your request is not valid.",
             "errors": [{"detail": "must be a positive integer", "pointer": "#/age"},
                        {"detail": "must be 'green', 'red' or 'blue'", "pointer": "#/profile/color"}]}
            """##
        )
        #expect(problem.fieldErrors.map(\.field) == ["#/age", "#/profile/color"])
        #expect(
            problem.fieldErrors.map(\.message) == ["must be a positive integer", "must be 'green', 'red' or 'blue'"])
        #expect(problem.extensions["errors"] == nil)
    }

    @Test func aPlainJSONPointerIsReadInItsFragmentForm() throws {
        let problem = try decoded(
            ##"{"errors":[{"detail":"a","pointer":"/age"},{"detail":"b","pointer":""},{"detail":"c","name":"email"}]}"##
        )
        #expect(problem.fieldErrors.map(\.field) == ["#/age", "#", "email"])
    }

    @Test(arguments: [
        #""errors""#, "42", "true", "null", "{}", ##"{"email":["Enter an email address."]}"##,
    ])
    func anErrorsMemberThatIsNotAnArrayIsIgnored(_ value: String) throws {
        let problem = try decoded(##"{"title":"Check Your Entry","errors":\##(value)}"##)
        #expect(problem.fieldErrors.isEmpty)
        #expect(problem.title == "Check Your Entry")
        #expect(problem.extensions.isEmpty)
    }

    @Test func elementsOfTheWrongShapeAreIgnoredAndTheOthersKept() throws {
        let junk = [
            "1", ##""#/age""##, "null", "[]", ##"{"pointer":"#/age"}"##, ##"{"detail":"Enter a number."}"##,
            ##"{"detail":42,"pointer":"#/age"}"##, ##"{"detail":"   ","pointer":"#/age"}"##,
            ##"{"detail":"Enter a number.","pointer":["#/age"]}"##, ##"{"detail":"Enter a number.","name":""}"##,
            ##"{"detail":{"text":"x"},"pointer":{"a":[[[{"b":null}]]]}}"##, ##"{"detail":"Enter a number.","name":7}"##,
        ]
        let body =
            ##"{"errors":["##
            + (junk + [##"{"detail":"Enter a number.","pointer":"#/age","x":[1,2]}"##])
            .joined(separator: ",") + "]}"
        let problem = try decoded(body)
        #expect(problem.fieldErrors == [FieldError(field: "#/age", message: "Enter a number.")])
    }

    @Test func tenThousandErrorsAreReadAsTheFirst64() throws {
        let element = ##"{"detail":"Enter a number.","pointer":"#/items/%d/count"}"##
        let elements = (0..<10_000).map { element.replacingOccurrences(of: "%d", with: String($0)) }
        let body = ##"{"status":422,"errors":["## + elements.joined(separator: ",") + "]}"
        let problem = try decoded(body)
        #expect(problem.fieldErrors.count == ProblemDetails.maximumFieldErrors)
        #expect(problem.fieldErrors.first?.field == "#/items/0/count")
        #expect(problem.fieldErrors.last?.field == "#/items/63/count")
        #expect(problem.status == 422)
    }

    @Test func onlyTheFirst64ElementsAreReadEvenWhenTheyAreJunk() throws {
        let body =
            ##"{"errors":["## + Array(repeating: "0", count: 64).joined(separator: ",")
            + ##",{"detail":"Too late.","pointer":"#/late"}]}"##
        #expect(try decoded(body).fieldErrors.isEmpty)
    }

    @Test func hugeFieldsAndMessagesAreIgnored() throws {
        let longPointer = "#/" + String(repeating: "a", count: ProblemDetails.maximumFieldLength)
        let longMessage = String(repeating: "x", count: ProblemDetails.maximumFieldMessageLength + 1)
        let body =
            ##"{"errors":[{"detail":"Too long.","pointer":"\##(longPointer)"},"##
            + ##"{"detail":"\##(longMessage)","pointer":"#/b"},{"detail":"Kept.","pointer":"#/c"}]}"##
        #expect(try decoded(body).fieldErrors == [FieldError(field: "#/c", message: "Kept.")])
    }

    @Test func aHugeBodyOfErrorsIsRefusedBeforeItIsParsed() {
        let element = ##"{"detail":"\##(String(repeating: "x", count: 1_000))","pointer":"#/a"}"##
        let body = Data(
            (##"{"errors":["## + Array(repeating: element, count: 2_000).joined(separator: ",") + "]}").utf8)
        #expect(throws: ProblemDetails.DecodingError.self) {
            try ProblemDetails(decoding: body, contentType: ProblemDetails.mediaType)
        }
    }

    @Test func anExtensionNamedErrorsIsNeverWritten() {
        var problem = ProblemDetails(title: "Check Your Entry", fieldErrors: [Self.fieldErrors[0]])
        problem.extensions["errors"] = .string("not field errors")
        let json = String(decoding: problem.encoded(), as: UTF8.self)
        #expect(json.contains(##""errors":[{"detail":"Enter an age of 0 or more.","pointer":"#/age"}]"##))
        #expect(!json.contains("not field errors"))
    }

    @Test func aServersFieldErrorsAreBoundedAndStrippedOfControlCharacters() throws {
        let long = String(repeating: "word ", count: 200)
        let problem = try decoded(
            ##"{"errors":[{"detail":"Enter\u001b[31m a\nnumber.","pointer":"#/age"},"##
                + ##"{"detail":"\u0007","pointer":"#/b"},{"detail":"\##(long)","name":"c"}]}"##)
        let error = ProblemDetailsError(problem: problem, status: 422)
        #expect(error.fieldErrors.count == 2)
        #expect(error.fieldErrors[0] == FieldError(field: "#/age", message: "Enter[31m a number."))
        #expect(error.fieldErrors[1].field == "c")
        #expect(error.fieldErrors[1].message.count == ProblemDetailsError.maximumFieldMessageLength)
        #expect(error.fieldErrors[1].message.hasSuffix("…"))
    }

    @Test func aDecodedProblemsFieldErrorsReachThePresentationInTheClientsLanguage() throws {
        let body = ProblemDetails(status: 422, category: .invalidInput, fieldErrors: Self.fieldErrors).encoded()
        let error = ProblemDetailsError.error(
            status: 422, header: { $0 == "Content-Type" ? ProblemDetails.mediaType : nil }, body: body)
        let german = Localization(language: "de")
        let presentation = ErrorResolver(localization: german).presentation(for: error)
        #expect(presentation.fieldErrors == Self.fieldErrors)
        #expect(presentation.title == ErrorCategory.invalidInput.title(in: german))
        // Wrapped in the app's context, too.
        let wrapped = ErrorResolver().presentation(for: ContextError("Saving the profile", wrapping: error))
        #expect(wrapped.fieldErrors == Self.fieldErrors)
    }

    @Test func aServerSendsThePresentationsFieldErrors() throws {
        let error = InvalidInputError(Self.fieldErrors)
        let presentation = ErrorResolver(localization: .init(language: "en")).presentation(for: error)
        let problem = ProblemDetails(presentation, status: 422)
        #expect(problem.fieldErrors == Self.fieldErrors)
        #expect(try decoded(String(decoding: problem.encoded(), as: UTF8.self)).fieldErrors == Self.fieldErrors)

        let resolved = ErrorResolver().resolve(ContextError("Signing up", wrapping: error))
        #expect(resolved.fieldErrors == Self.fieldErrors)
        let answered = ProblemDetails(
            title: nil, message: nil, options: [], category: resolved.category, severity: resolved.severity,
            status: 422, supportReference: SupportReference.next(), retryAfter: nil, requests: [:],
            fieldErrors: resolved.fieldErrors, localization: .init(language: "en"))
        #expect(answered.fieldErrors == Self.fieldErrors)
        #expect(answered.title == "Check Your Entry")
    }
}
