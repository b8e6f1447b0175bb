import Remedy

/// The sign-up form's validation errors.
enum SignUpError: PresentableError {
    case emptyUserName
    case shortPassword(minimum: Int)

    var title: String? { "Check Your Entry" }
    var message: String {
        switch self {
        case .emptyUserName: "Enter a user name to continue."
        case .shortPassword(let minimum): "Enter a password of at least \(minimum) characters."
        }
    }
    var category: ErrorCategory { .invalidInput }
}

/// A sign-up form.
struct SignUpForm: Sendable {
    var userName: String
    var password: String

    func validate() throws(SignUpError) {
        if userName.trimmingCharacters(in: .whitespaces).isEmpty { throw .emptyUserName }
        if password.count < 8 { throw .shortPassword(minimum: 8) }
    }
}

extension DemoSession {
    /// An empty user name and password: invalid-input messages, with no Try Again.
    func validation() async {
        let scope = root.child("SignUp")
        for form in [SignUpForm(userName: "", password: ""), SignUpForm(userName: "ada", password: "")] {
            console.step("Sign up with user name \"\(form.userName)\" and password \"\(form.password)\"")
            let valid: Void? = await scope.attempt("Validating the sign-up form") {
                try form.validate()
            }
            if valid != nil { console.result("Signed up") }
        }
    }
}
