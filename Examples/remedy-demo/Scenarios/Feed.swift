import Remedy

extension DemoSession {
    /// The server answers 500; Try Again reloads, and the second attempt succeeds.
    func feed() async {
        let scope = root.child("Feed")
        let posts = await scope.attempt("Loading the feed", retryPolicy: .disabled) {
            console.step("GET \(backend.baseURL.absoluteString)/feed")
            return try await client.send("feed", as: Feed.self).posts
        }
        if let posts {
            let titles = posts.map { text.word($0.title, in: "post") }
            let list = titles.joined(separator: text("demo.summary.separator"))
            console.result(text("demo.feed.loaded", posts.count, list))
        } else {
            console.note(text("demo.feed.gaveUp"))
        }
    }

    private struct Feed: Decodable {
        struct Post: Decodable { var title: String }
        var posts: [Post]
    }
}
