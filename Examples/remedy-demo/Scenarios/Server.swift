import Foundation
import Remedy

extension DemoSession {
    /// The app's own Hummingbird server fails for real; each error answers Problem Details, and the app
    /// presents the server's title, message and actions: OK for a taken name, Sign In (taken over by
    /// the app's sign-in flow) for an ended session, Try Again after an overload, and for an unexpected
    /// error a calm message whose SQL and paths stayed in the server's log.
    func server() async throws {
        #if Hummingbird
        // The server's records of requests (its start and stop are no part of the story).
        let serverLog = log.sibling { $0.metadata["hb.request.id"] != nil }
        let server = try await RunningDemoServer.start(logger: serverLog.logger(label: "remedy-demo.server"))
        do {
            try await callServer(at: server.baseURL)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #else
        throw ServerTrait.missing(ServerTrait.scenarioCommand, text: text)
        #endif
    }

    #if Hummingbird
    private func callServer(at baseURL: URL) async throws {
        // The person's language travels as Accept-Language: the server's texts come back in it.
        let api = DemoClient(baseURL: baseURL, localization: localization)
        console.note(text("demo.server.runs", baseURL.absoluteString))
        console.step("GET \(baseURL.absoluteString)/")
        let listing = try await api.send("", as: RouteListing.self)
        console.result(text("demo.server.lists", listing.routes.count))

        // The server's 401 goes to the app's sign-in flow, which signs in with this server (its
        // `POST /session`, the request the answer's sign-in action names).
        let session = AccountSession(
            client: api,
            presenter: presenter.terminal,
            console: console,
            localization: localization,
            text: text
        )
        let scope = root.child(
            "Server",
            rules: [.httpStatus(401, .takeOver { failure in try await session.signIn(after: failure) })]
        )

        let created: Account? = await scope.attempt("Creating the account", idempotent: false) {
            console.step("POST \(baseURL.absoluteString)/accounts (\(text("demo.server.name")))")
            return try await api.send("accounts", method: "POST", as: Account.self)
        }
        if created == nil { console.note(text("demo.server.nameTaken")) }

        var loads = 0
        let loaded = await scope.attempt("Loading the account") {
            loads += 1
            let token = await session.token
            console.step(
                "GET \(baseURL.absoluteString)/account (\(text(token == nil ? "demo.session.expired" : "demo.session.new")))"
            )
            return try await api.send("account", token: token ?? "expired", as: Account.self)
        }
        if let loaded {
            console.result(text("demo.server.account", loaded.name, text.word(loaded.plan, in: "plan"), loads))
        }

        let report = await scope.attempt("Loading today's report", retryPolicy: .disabled) {
            console.step("GET \(baseURL.absoluteString)/reports/today")
            return try await api.send("reports/today", as: Report.self)
        }
        if let report {
            console.result(text("demo.server.report", text.word(report.title, in: "report"), report.orders))
        } else {
            console.note(text("demo.server.noReport"))
        }

        let invoice = await scope.attempt("Loading invoice 42", retryPolicy: .disabled) {
            console.step("GET \(baseURL.absoluteString)/invoices/42")
            return try await api.send("invoices/42")
        }
        if invoice == nil {
            console.note(text("demo.server.invoice"))
        }
    }

    private struct RouteListing: Decodable {
        struct Route: Decodable {
            var method: String
            var path: String
        }
        var routes: [Route]
    }

    private struct Account: Decodable {
        var name: String
        var plan: String
    }

    private struct Report: Decodable {
        var title: String
        var orders: String
    }
    #endif
}
