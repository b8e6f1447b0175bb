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
        console.step("The account screen opens; the saved session expired on the server")
        var loads = 0
        let account = await screen.attempt("Loading the account") {
            loads += 1
            let token = await self.account.token
            console.step(
                "GET \(backend.baseURL.absoluteString)/account (\(token == nil ? "expired session" : "new session"))")
            do {
                return try await client.send("account", token: token ?? "expired", as: Account.self)
            } catch {
                throw AccountScreenError.loading(error)
            }
        }
        if let account {
            console.result(
                "Account: \(account.name), \(account.plan) plan — the same screen, loaded on attempt \(loads)")
        } else {
            console.note("The account screen stays open, without the account.")
        }
    }

    private struct Account: Decodable {
        var name: String
        var plan: String
    }
}
