import Foundation
import Remedy
import Testing

/// The samples of the Field Errors article, word for word, with what they promise.
struct FieldErrorsSampleTests {
    func validate(email: String, age: Int) throws {
        var problems: [FieldError] = []
        if !email.contains("@") {
            problems.append(FieldError(field: "email", message: "Enter an email address with an @."))
        }
        if age < 0 {
            problems.append(FieldError(field: "#/age", message: "Enter an age of 0 or more."))
        }
        if !problems.isEmpty { throw InvalidInputError(problems) }
    }

    /// A form of the app's own, which shows a message under a field.
    final class Form {
        var messages: [[String]: String] = [:]

        func showMessage(_ message: String, besideFieldAt path: [String]) {
            messages[path] = message
        }
    }

    struct SignUp: Decodable {
        var email: String
        var age: Int
    }

    func caught(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func eachMessageIsShownBesideItsField() throws {
        let error = try #require(caught { try validate(email: "ada.example.com", age: -1) })
        let form = Form()

        let presentation = ErrorResolver().presentation(for: error)
        for fieldError in presentation.fieldErrors {
            form.showMessage(fieldError.message, besideFieldAt: fieldError.path)
        }

        #expect(
            form.messages == [["email"]: "Enter an email address with an @.", ["age"]: "Enter an age of 0 or more."])
        #expect(caught { try validate(email: "ada@example.com", age: 36) } == nil)
    }

    @Test func aServerSendsTheFieldErrorsInTheErrorsMember() throws {
        let error = try #require(caught { try validate(email: "ada.example.com", age: -1) })

        let presentation = ErrorResolver(localization: Localization(language: "de")).presentation(for: error)
        let body = ProblemDetails(presentation, status: 422).encoded()

        let json = String(decoding: body, as: UTF8.self)
        #expect(
            json.contains(
                #"[{"detail":"Enter an email address with an @.","name":"email"},"#
                    + ##"{"detail":"Enter an age of 0 or more.","pointer":"#/age"}]"##))
        #expect(json.contains(#""title":"Eingabe prüfen""#))
        #expect(json.contains(#""status":422"#))
    }

    @Test func aBodyThatDoesNotDecodeIsAFieldError() throws {
        let body = Data(#"{"email":"ada@example.com","age":"36"}"#.utf8)
        var signUp: SignUp?
        let error = caught {
            do {
                signUp = try JSONDecoder().decode(SignUp.self, from: body)
            } catch let error as DecodingError {
                throw InvalidInputError(decoding: error, localization: Localization(language: "de"))
            }
        }
        #expect(signUp == nil)
        let invalidInput = try #require(error as? InvalidInputError)
        #expect(invalidInput.fieldErrors == [FieldError(field: "#/age", message: "Gib eine Zahl ein.")])
    }
}
