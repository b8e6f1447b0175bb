import IntegrationSupport
import Remedy
import Testing

/// The English title of one of the built-in catalog's entries (`network.cannotConnect`).
func catalogTitle(_ entry: String) -> String {
    Observation.english.string(forKey: "catalog.\(entry).title")
}

/// How a kind of failure reads, whichever package it comes from (issue 26): the entry's English title, the
/// category, and whether retrying helps.
struct Kind: Sendable, CustomStringConvertible {
    /// Whether retrying can help.
    enum Retry: Sendable {
        /// It can: transient, retried on its own, Try Again offered inside `attempt`.
        case transient
        /// It can't: permanent, not transient, no Try Again.
        case permanent
        /// No Try Again, not transient; the entry doesn't say it is permanent.
        case noTryAgain
        /// Try Again offered, but not transient: a retry may help, not on its own (a service's internal error,
        /// a full disk).
        case offersTryAgain
        /// The kind leaves it open (the entry's own, checked elsewhere against another reading).
        case unspecified
    }

    var name: String
    /// The title a person reads, or `nil` where the kind has no title of its own.
    var title: String?
    /// The category, or `nil` where the kind fixes only what it is not (``excludedCategory``).
    var category: ErrorCategory?
    var retry: Retry
    /// A category the kind must not have (a closed pipe is no network failure).
    var excludedCategory: ErrorCategory? = nil
    /// The severity, where the kind fixes one.
    var severity: Severity? = nil

    var description: String { name }

    /// A UNIQUE, foreign key, NOT NULL or CHECK violation (SQLite 19, SQLSTATE 23xxx): the person's input
    /// conflicts with what is saved.
    static let integrity = Kind(
        name: "integrity", title: "Can't Save Changes", category: .invalidInput, retry: .permanent)
    /// A value too long, out of range or malformed (SQLSTATE 22xxx): the person's input can't be saved as it is.
    static let invalidValue = Kind(
        name: "invalid value", title: "Can't Save This Value", category: .invalidInput, retry: .permanent)
    /// Wrong password or user (SQLSTATE 28xxx).
    static let invalidAuthorization = Kind(
        name: "invalid authorization", title: "Can't Sign In to the Database", category: .permissionDenied,
        retry: .permanent)
    /// A serialization failure (40001) or a deadlock (40P01): the same transaction run again may succeed.
    static let busy = Kind(
        name: "busy", title: "Data Is Busy", category: .externalSystemUnavailable, retry: .transient)
    /// Too many connections (53300), an administrator's shutdown (57P01).
    static let databaseUnavailable = Kind(
        name: "database unavailable", title: "Database Unavailable", category: .externalSystemUnavailable,
        retry: .transient)
    /// A refused connection, by SwiftNIO bare or through a client built on it.
    static let cannotConnect = Kind(
        name: "cannot connect", title: catalogTitle("network.cannotConnect"),
        category: .externalSystemUnavailable, retry: .transient)
    /// A programmer's mistake: SQL syntax (42601, SQLite's syntax error), a key of the wrong size.
    static let internalProblem = Kind(
        name: "internal problem", title: "Internal Problem", category: .internalInconsistency, retry: .permanent)
    /// A server certificate that can't be verified.
    static let untrustedServer = Kind(
        name: "untrusted server", title: catalogTitle("network.untrustedServer"),
        category: .externalSystemUnexpected, retry: .noTryAgain)
    /// A TLS handshake that fails (the other side doesn't speak TLS, no common protocol).
    static let secureConnectionFailed = Kind(
        name: "secure connection failed", title: catalogTitle("network.secureConnectionFailed"),
        category: .externalSystemUnavailable, retry: .permanent)
    /// Data whose authentication tag doesn't match: changed, or sealed with another key.
    static let unverifiable = Kind(
        name: "unverifiable", title: "Data Can't Be Verified", category: .externalSystemUnexpected,
        retry: .permanent)
    /// A file that is damaged or in a format the app can't read.
    static let corruptFile = Kind(
        name: "corrupt file", title: catalogTitle("file.corrupt"), category: .externalSystemUnexpected,
        retry: .permanent)
    /// A command line the parser refuses: the parser's own text is the message.
    static let commandLine = Kind(name: "command line", title: nil, category: .invalidInput, retry: .permanent)
}

/// A person reads the kind: its title, its category, and Try Again exactly where retrying helps.
func expectKind(_ seen: Observation, _ kind: Kind, sourceLocation: SourceLocation = #_sourceLocation) {
    let title = seen.presentation.title
    let category = seen.presentation.category
    if let expected = kind.title {
        #expect(title == expected, "read as “\(title)”, “\(seen.presentation.message)”", sourceLocation: sourceLocation)
    }
    if let expected = kind.category {
        #expect(category == expected, "“\(title)” is \(category)", sourceLocation: sourceLocation)
    }
    if let excluded = kind.excludedCategory {
        #expect(category != excluded, "“\(title)” is \(category)", sourceLocation: sourceLocation)
    }
    #expect(category != .unknown, "“\(title)” is \(category)", sourceLocation: sourceLocation)
    if let severity = kind.severity {
        let seen = seen.presentation.severity
        #expect(seen == severity, "“\(title)” is \(seen)", sourceLocation: sourceLocation)
    }
    switch kind.retry {
    case .transient:
        let isTransient = seen.interpretation.isTransient
        let offersTryAgain = seen.offersTryAgain
        #expect(isTransient, "“\(title)” is not transient", sourceLocation: sourceLocation)
        #expect(offersTryAgain, "no Try Again: \(seen.optionTitles)", sourceLocation: sourceLocation)
    case .permanent:
        let isPermanent = seen.interpretation.isPermanent
        #expect(isPermanent, "“\(title)” is not permanent", sourceLocation: sourceLocation)
        expectNoRetry(seen, sourceLocation: sourceLocation)
    case .noTryAgain:
        expectNoRetry(seen, sourceLocation: sourceLocation)
    case .offersTryAgain:
        let isTransient = seen.interpretation.isTransient
        let offersTryAgain = seen.offersTryAgain
        #expect(!isTransient, "“\(title)” is transient", sourceLocation: sourceLocation)
        #expect(offersTryAgain, "no Try Again: \(seen.optionTitles)", sourceLocation: sourceLocation)
    case .unspecified:
        break
    }
}

/// The report's summary line says what happened, not postgres-nio's "Generic description to prevent
/// accidental leakage of sensitive data".
func expectSpecificSummary(_ seen: Observation, sourceLocation: SourceLocation = #_sourceLocation) {
    let summary = ErrorReport(seen.error).summary
    #expect(
        !summary.contains("Generic description"),
        "the summary is postgres-nio's placeholder: \(summary)",
        sourceLocation: sourceLocation
    )
}

/// Text of PostgreSQL and postgres-nio that must never reach a person.
let postgresFragments = [
    "PSQLError", "PostgresNIO", "Generic description", "SQLSTATE", "sqlState", "serverInfo", "postgres.c",
]
