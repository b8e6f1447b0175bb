import Foundation
import Testing

@testable import Remedy

/// `InvalidInputError` and `FieldError`: field errors reach the presentation, and a request body's
/// `DecodingError` becomes a field error for its place, in the person's language, without type names.
struct InvalidInputErrorTests {
    // MARK: - The error

    @Test func fieldErrorsReachThePresentationThroughContextLayers() {
        let fields = [
            FieldError(field: "email", message: "Enter an email address with an @."),
            FieldError(field: "#/age", message: "Enter an age of 0 or more."),
        ]
        let error = InvalidInputError(fields)
        #expect(ErrorResolver().presentation(for: error).fieldErrors == fields)
        let wrapped = ContextError("Signing up", wrapping: ContextError("Checking the form", wrapping: error))
        #expect(ErrorResolver().presentation(for: wrapped).fieldErrors == fields)
        #expect(ErrorResolver().presentation(for: MessageError("Nothing about fields.")).fieldErrors.isEmpty)
    }

    @Test func theCategorysTextsAreTheDefaultInThePersonsLanguage() throws {
        let german = Localization(language: "de")
        let presentation = ErrorResolver(localization: german).presentation(for: InvalidInputError([]))
        let table = try Self.sourceTable("de")
        #expect(presentation.title == table["category.invalidInput.title"])
        #expect(presentation.message == table["category.invalidInput.message"])
        #expect(presentation.category == .invalidInput)
        #expect(presentation.options.map(\.title) == [table["option.ok"]])
    }

    @Test func anAppsOwnTitleAndMessageWin() {
        let error = InvalidInputError(
            [FieldError(field: "name", message: "Enter a name.")], title: "Almost There",
            message: "One more thing before you sign up.")
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.title == "Almost There")
        #expect(presentation.message == "One more thing before you sign up.")
        #expect(presentation.fieldErrors.map(\.field) == ["name"])
    }

    @Test func presentationsThatDifferOnlyInFieldErrorsAreNotTheSame() {
        func presentation(_ message: String) -> Presentation {
            Presentation(
                title: nil, message: "Check it.", fieldErrors: [FieldError(field: "email", message: message)],
                category: .invalidInput, error: InvalidInputError([]))
        }
        #expect(PresentationIdentity(presentation("Enter an @.")) != PresentationIdentity(presentation("Too long.")))
        #expect(PresentationIdentity(presentation("Enter an @.")) == PresentationIdentity(presentation("Enter an @.")))
    }

    // MARK: - Pointers

    @Test func aPointerEscapesItsTokensAndNumbersArrayElements() throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        let path: [any CodingKey] = [
            Key(stringValue: "a/b"), Key(stringValue: "m~n"), Key(intValue: 3), Key(stringValue: "first name"),
            Key(stringValue: "prénom"),
        ]
        let pointer = FieldError.pointer(to: path)
        #expect(pointer == "#/a~1b/m~0n/3/first%20name/pr%C3%A9nom")
        #expect(FieldError(field: pointer, message: "x").path == ["a/b", "m~n", "3", "first name", "prénom"])
        #expect(FieldError.pointer(to: []) == "#")
        #expect(FieldError(field: "#", message: "x").path.isEmpty)
        #expect(FieldError(field: "email", message: "x").path == ["email"])
    }

    // MARK: - Decoding errors

    struct SignUp: Decodable {
        struct Address: Decodable {
            var city: String
            var zip: Int
        }
        struct Item: Decodable {
            var name: String
            var count: Int
            var gift: Bool?
        }
        var name: String
        var address: Address
        var items: [Item]
        enum Plan: String, Decodable { case free, pro }
        var tags: [String]?
        var plan: Plan?
    }

    /// The field error of a body that fails to decode as a sign-up, in a language.
    func fieldError(of json: String, language: String = "en") throws -> FieldError {
        do {
            _ = try JSONDecoder().decode(SignUp.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            let invalid = InvalidInputError(decoding: error, localization: Localization(language: language))
            #expect(invalid.fieldErrors.count == 1)
            #expect(invalid.category == .invalidInput)
            return try #require(invalid.fieldErrors.first)
        }
        Issue.record("the body decoded")
        return FieldError(field: "", message: "")
    }

    static let valid = #"{"name":"Ada","address":{"city":"Berlin","zip":10115},"items":[{"name":"a","count":1}]"#

    @Test(arguments: [
        // keyNotFound, nested and in an array's element
        (#"{"address":{"city":"Berlin","zip":1},"items":[]}"#, "#/name", "field.missing"),
        (#"{"name":"Ada","address":{"zip":1},"items":[]}"#, "#/address/city", "field.missing"),
        (
            #"{"name":"Ada","address":{"city":"B","zip":1},"items":[{"name":"a","count":1},{"name":"b"}]}"#,
            "#/items/1/count", "field.missing"
        ),
        // valueNotFound: null where a value is needed
        (#"{"name":null,"address":{"city":"B","zip":1},"items":[]}"#, "#/name", "field.missing"),
        (
            #"{"name":"Ada","address":{"city":"B","zip":1},"items":[{"name":"a","count":null}]}"#,
            "#/items/0/count", "field.missing"
        ),
        // typeMismatch, by what the field needs
        (#"{"name":"Ada","address":{"city":"B","zip":"10115"},"items":[]}"#, "#/address/zip", "field.number"),
        (#"{"name":42,"address":{"city":"B","zip":1},"items":[]}"#, "#/name", "field.text"),
        (
            #"{"name":"Ada","address":{"city":"B","zip":1},"items":[{"name":"a","count":1,"gift":"yes"}]}"#,
            "#/items/0/gift", "field.boolean"
        ),
        (#"{"name":"Ada","address":{"city":"B","zip":1},"items":{"name":"a"}}"#, "#/items", "field.list"),
        (#"{"name":"Ada","address":[],"items":[]}"#, "#/address", "field.invalid"),
        (#"{"name":"Ada","address":{"city":"B","zip":1},"items":[],"tags":["a",["b"]]}"#, "#/tags/1", "field.text"),
        // dataCorrupted: a value that can't be read, and a body that isn't JSON at all
        (#"{"name":"Ada","address":{"city":"B","zip":1},"items":[],"plan":"gold"}"#, "#/plan", "field.invalid"),
        (#"{"name":"Ada","#, "#", "field.unreadable"),
    ])
    func aDecodingErrorBecomesAFieldErrorForItsPlace(json: String, pointer: String, key: String) throws {
        let english = try Self.sourceTable("en")
        let fieldError = try fieldError(of: json)
        #expect(fieldError.field == pointer)
        #expect(fieldError.message == english[key])
    }

    @Test(arguments: ["de", "ja", "fr", "es", "zh-Hans"])
    func theMessageIsInThePersonsLanguage(language: String) throws {
        let table = try Self.sourceTable(language)
        let missing = try fieldError(of: #"{"address":{"city":"B","zip":1},"items":[]}"#, language: language)
        #expect(missing.message == table["field.missing"])
        let number = try fieldError(
            of: #"{"name":"Ada","address":{"city":"B","zip":true},"items":[]}"#, language: language)
        #expect(number.message == table["field.number"])
        #expect(number.message != (try Self.sourceTable("en"))["field.number"])
    }

    @Test func germanAndJapaneseMessagesAreTheTranslationsWritten() throws {
        let german = try fieldError(of: #"{"address":{"city":"B","zip":1},"items":[]}"#, language: "de")
        #expect(german.message == "Dieses Feld ist erforderlich.")
        let japanese = try fieldError(
            of: #"{"name":"Ada","address":{"city":"B","zip":"x"},"items":[]}"#, language: "ja")
        #expect(japanese.message == "数値を入力してください。")
    }

    @Test func theMessageNamesNoTypeAndNoDecoderWords() throws {
        let bodies = [
            #"{"name":42,"address":{"city":"B","zip":1},"items":[]}"#,
            #"{"name":"Ada","address":{"city":"B","zip":"1"},"items":[]}"#,
            #"{"name":"Ada","address":[],"items":[]}"#, #"{"name""#,
        ]
        for body in bodies {
            let message = try fieldError(of: body).message
            for word in ["String", "Int", "Dictionary", "Array", "Expected", "Index", "CodingKeys", "JSON"] {
                #expect(!message.contains(word), "\(message)")
            }
        }
        // The decoder's own words stay with developers.
        do {
            _ = try JSONDecoder().decode(SignUp.self, from: Data(#"{"name":42}"#.utf8))
        } catch let error as DecodingError {
            #expect(InvalidInputError(decoding: error).developerDescription.contains("typeMismatch"))
        }
    }

    /// Remedy's own table of a language, read from the source tree, not through the code under test.
    static func sourceTable(_ language: String) throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/Remedy/Resources/\(language).lproj/Remedy.strings")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: String])
    }
}
