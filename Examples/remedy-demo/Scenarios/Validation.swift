import Remedy

/// The sign-up form's validation errors, in the demo's language.
struct SignUpError: PresentableError {
    enum Field: Sendable {
        case emptyUserName
        case shortPassword(minimum: Int)
    }

    var field: Field
    var text: DemoText

    var title: String? { text("demo.validation.error.title") }
    var message: String {
        switch field {
        case .emptyUserName: text("demo.validation.error.userName")
        case .shortPassword(let minimum): text("demo.validation.error.password", minimum)
        }
    }
    var category: ErrorCategory { .invalidInput }
}

/// A sign-up form.
struct SignUpForm: Sendable {
    var userName: String
    var password: String

    func validate(_ text: DemoText) throws(SignUpError) {
        if userName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw SignUpError(field: .emptyUserName, text: text)
        }
        if password.count < 8 { throw SignUpError(field: .shortPassword(minimum: 8), text: text) }
    }
}

extension DemoSession {
    /// An empty user name and password: invalid-input messages, with no Try Again.
    func validation() async {
        let scope = root.child("SignUp")
        for form in [SignUpForm(userName: "", password: ""), SignUpForm(userName: "ada", password: "")] {
            console.step(text("demo.validation.signUp", form.userName, form.password))
            let valid: Void? = await scope.attempt("Validating the sign-up form") {
                try form.validate(text)
            }
            if valid != nil { console.result(text("demo.validation.signedUp")) }
        }
    }
}
