import Remedy

extension DemoSession {
    /// A refused connection: automatic retries with backoff first, then Try Again or Cancel as a prompt
    /// (a terminal banner carries no buttons).
    func offline() async throws {
        let url = try ClosedPort.url(path: "/notes")
        let offlineClient = DemoClient(baseURL: url.deletingLastPathComponent())
        console.note(text("demo.offline.refused", "\(url.host ?? "127.0.0.1"):\(url.port ?? 0)"))
        let scope = root.child("Notes")
        var attempts = 0
        let notes = await scope.attempt(
            "Syncing the notes",
            retryPolicy: .exponential(maximumRetries: 3, initialDelay: .milliseconds(200), maximumDelay: .seconds(2))
        ) {
            attempts += 1
            console.step("GET \(url.absoluteString) (\(text("demo.offline.attempt", attempts)))")
            return try await offlineClient.send("notes")
        }
        if notes == nil {
            console.result(text("demo.offline.working", attempts))
        }
    }
}
