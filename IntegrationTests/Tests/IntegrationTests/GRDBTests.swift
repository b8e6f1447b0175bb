import IntegrationSupport
import Remedy
import Testing

/// SQLite failures through GRDB 7: constraint, busy, read-only, can't open, not a database, a syntax error.
@Suite(.timeLimit(.minutes(5)))
struct GRDBTests {
    @Test("A UNIQUE violation is invalid input or a conflict, never retried; the report keeps the SQL")
    func uniqueConstraint() async throws {
        let seen = try await observe("grdb.unique")
        expectPersonFacing(seen, codes: [19, 2067], alsoForbidden: ["UNIQUE constraint", "player.email"])
        let category = seen.presentation.category
        #expect([ErrorCategory.invalidInput, ErrorCategory("conflict")].contains(category))
        expectNoRetry(seen)
        expectReport(
            seen,
            keeps: ["INSERT INTO player (email) VALUES (?)", "UNIQUE constraint failed: player.email", "2067"]
        )
    }

    @Test("A busy database is transient; the report keeps the SQL and SQLite's message")
    func busy() async throws {
        let seen = try await observe("grdb.busy")
        expectPersonFacing(seen, codes: [5])
        expectRecognised(seen)
        let isTransient = seen.interpretation.isTransient
        #expect(isTransient)
        expectReport(seen, keeps: ["BEGIN IMMEDIATE TRANSACTION", "database is locked"])
    }

    @Test("Writing a read-only database is recognised and not retried")
    func readOnly() async throws {
        let seen = try await observe("grdb.readonly")
        expectPersonFacing(seen, codes: [8])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectReport(seen, keeps: ["INSERT INTO note (text) VALUES ('draft')", "attempt to write a readonly database"])
    }

    @Test("A database that can't be opened is recognised and not retried")
    func cantOpen() async throws {
        let seen = try await observe("grdb.cantOpen")
        expectPersonFacing(seen, codes: [14])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectReport(seen, keeps: ["unable to open database file"])
    }

    @Test("A file that isn't a database is recognised and not retried")
    func notADatabase() async throws {
        let seen = try await observe("grdb.notADatabase")
        expectPersonFacing(seen, codes: [26])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectReport(seen, keeps: ["file is not a database"])
    }

    @Test("An SQL syntax error is a programmer's mistake: an internal problem, not retried; the report keeps the SQL")
    func syntaxError() async throws {
        let seen = try await observe("grdb.syntax")
        expectPersonFacing(seen, codes: [1], alsoForbidden: ["SELEC", "syntax error"])
        expectKind(seen, .internalProblem)
        expectReport(seen, keeps: ["SELEC 1", "syntax error"])
    }
}
