import Remedy

/// The account screen's errors: one layer of the app's own around the networking layer's.
enum AccountScreenError: Error {
    case loading(any Error)
}

extension DemoSession {
    /// A 401 deep in a tree is taken over by the app-wide rule: sign in, then the request runs again,
    /// without the screen that failed being torn down.
    func unauthorized() async {
        let screen = root.child("Account")
        console.step(text("demo.unauthorized.opens"))
        var loads = 0
        let account = await screen.attempt("Loading the account") {
            loads += 1
            let token = await self.account.token
            console.step(
                "GET \(backend.baseURL.absoluteString)/account (\(text(token == nil ? "demo.session.expired" : "demo.session.new")))"
            )
            do {
                return try await client.send("account", token: token ?? "expired", as: Account.self)
            } catch {
                throw AccountScreenError.loading(error)
            }
        }
        if let account {
            console.result(text("demo.unauthorized.loaded", account.name, text.word(account.plan, in: "plan"), loads))
        } else {
            console.note(text("demo.unauthorized.notLoaded"))
        }
    }

    private struct Account: Decodable {
        var name: String
        var plan: String
    }
}
