import ArgumentParser

/// The scenarios of Remedy's design, under the names the demo runs them by.
enum Scenario: String, CaseIterable, Sendable, ExpressibleByArgument {
    case feed, storage, forecast, unauthorized, wrapping, validation, fatal, storm, offline, server

    /// A short title.
    var title: String {
        switch self {
        case .feed: "Feed"
        case .storage: "Storage"
        case .forecast: "Forecast tree"
        case .unauthorized: "Unauthorized"
        case .wrapping: "Third-party wrapping"
        case .validation: "Validation"
        case .fatal: "Fatal"
        case .storm: "Storm"
        case .offline: "Offline"
        case .server: "Server"
        }
    }

    /// What the scenario shows, in one sentence.
    var summary: String {
        switch self {
        case .feed:
            "The server answers 500: an alert offers Try Again, and the second attempt succeeds."
        case .storage:
            "Saving fails for lack of space: free up space or buy more, besides Cancel."
        case .forecast:
            "A parsing failure three layers deep reads as one calm message; a timeout is a banner plus the last known value."
        case .unauthorized:
            "A 401 deep in a tree is taken over by the app: sign in, then the request runs again."
        case .wrapping:
            "A third-party SDK's errors become the app's own; its cancellation is never shown."
        case .validation:
            "An empty user name and password: invalid-input messages, no Try Again."
        case .fatal:
            "An impossible state: an alert, cleanup that runs once, then the process ends."
        case .storm:
            "Hundreds of requests fail at once: one alert, every caller answered, every error logged."
        case .offline:
            "A refused connection: automatic retries with backoff first, then Try Again or Cancel."
        case .server:
            "A Hummingbird server's routes fail; each answers Problem Details, presented with the server's actions."
        }
    }
}
