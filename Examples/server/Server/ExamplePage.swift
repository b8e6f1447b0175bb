#if Hummingbird
import Hummingbird
import RemedyHummingbird

/// The example's own pages: the list of routes, the sign-up form, and the page after signing up. Plain HTML
/// without script or style; every text from a request is escaped.
enum ExamplePage {
    /// `GET /`: the routes, as links and a form.
    static var index: Response {
        html(
            title: "Remedy's server example",
            body: """
                <p>Each route fails for real; Remedy's <code>ProblemDetailsMiddleware</code> answers it.</p>
                <ul>
                <li><a href="/report">GET /report</a>: reads <code>report.txt</code>, which is missing (500)</li>
                <li><a href="/account">GET /account</a>: needs a session (401, with Sign In)</li>
                <li><a href="/signup">GET /signup</a>: a form whose invalid fields are answered 422</li>
                <li><code>POST /notes</code>: JSON; a body it can't read is answered 400, an empty title 422</li>
                </ul>
                """
        )
    }

    /// `GET /signup`: the form. The browser's own checks are off (`novalidate`), so the server's are seen.
    static var signUpForm: Response {
        html(
            title: "Sign up",
            body: """
                <form method="post" action="/signup" novalidate>
                <p><label for="name">Name</label><br><input id="name" name="name" maxlength="100"></p>
                <p><label for="email">Email</label><br><input id="email" name="email" type="email"></p>
                <p><button type="submit">Sign Up</button></p>
                </form>
                """
        )
    }

    /// The page after a sign-up.
    ///
    /// - Parameter name: The name the person entered: escaped, as every text from a request must be.
    static func welcome(name: String) -> Response {
        html(title: "Welcome", body: "<p>Welcome, \(ProblemPage.escaped(name))!</p>")
    }

    private static func html(title: String, body: String) -> Response {
        let title = ProblemPage.escaped(title)
        let page = """
            <!doctype html>
            <html lang="en">
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <h1>\(title)</h1>
            \(body)
            </html>

            """
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8",
                // No script, no style, no frames; forms post only to this server.
                .contentSecurityPolicy:
                    "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: page))
        )
    }
}
#endif
