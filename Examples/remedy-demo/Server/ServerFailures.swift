import Remedy

/// The failures of the demo's Hummingbird server, each as a real server meets it: thrown deep in a
/// route, with developer text (SQL, paths, type names) that must reach the log and never the client.

/// A unique-constraint violation, as a database layer reports it: developer text only.
struct ConstraintViolation: Error, CustomStringConvertible {
    var statement: String
    var reason: String

    var description: String { "\(reason) — while running \(statement)" }
}

/// The app's own error for a taken user name: what a person reads, with the database's error as its
/// cause (a child of its tree, so the developer report shows both).
enum AccountError: PresentableError {
    case nameTaken(String, text: DemoText, cause: ConstraintViolation)

    var title: String? {
        switch self {
        case .nameTaken(_, let text, _): text("demo.server.error.nameTaken.title")
        }
    }

    var message: String {
        switch self {
        case .nameTaken(let name, let text, _): text("demo.server.error.nameTaken.message", name)
        }
    }

    var category: ErrorCategory { .invalidInput }
}

/// The request's session token is missing or expired.
struct SessionExpired: Error, CustomStringConvertible {
    var token: String?
    /// The words of the answer, in the request's language.
    var text: DemoText

    var description: String { "SessionExpired(token: \(token ?? "none")) in SessionStore.validate(_:)" }
}

/// Too many reports are being built at once: the server asks the client to come back later.
struct ReportQueueFull: Error, CustomStringConvertible {
    var retryAfter: Duration
    var waiting: Int

    var description: String { "ReportQueue full: \(waiting) jobs waiting; retry after \(retryAfter)" }
}

/// An error nobody expected: a query against a column that doesn't exist, with the statement and the
/// source file in its text.
struct InvoiceQueryFailure: Error, CustomStringConvertible {
    var description: String {
        #"SQLITE_ERROR: no such column: invoices.totl in "SELECT id, totl FROM invoices WHERE customer_id = 42" "#
            + "(/srv/remedy-demo/Sources/Billing/InvoiceStore.swift:87)"
    }
}
