import ArgumentParser

/// The scenarios of Remedy's design, under the names the demo runs them by.
enum Scenario: String, CaseIterable, Sendable, ExpressibleByArgument {
    case feed, storage, forecast, unauthorized, wrapping, validation, fatal, storm, offline, server

    /// A short title, in the demo's language.
    func title(_ text: DemoText) -> String {
        text("demo.\(rawValue).title")
    }

    /// What the scenario shows, in one sentence, in the demo's language.
    func summary(_ text: DemoText) -> String {
        text("demo.\(rawValue).summary")
    }
}
