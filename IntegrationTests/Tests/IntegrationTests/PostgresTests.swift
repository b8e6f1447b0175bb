import IntegrationSupport
import Remedy
import Testing

/// Failures of a real PostgreSQL server (Scripts/postgres.sh, 127.0.0.1) through postgres-nio's
/// `PostgresConnection`: every error is a `PSQLError`, whose description hides everything and whose server
/// fields (SQLSTATE, message, constraint) live in a private backing class.
@Suite(.timeLimit(.minutes(5)))
struct PostgresTests {
    @Test("A unique violation (23505) reads as the kind; the report keeps SQLSTATE, message, constraint, query")
    func uniqueViolation() async throws {
        let seen = try await observe("postgres.unique")
        expectPersonFacing(
            seen,
            codes: [23505],
            alsoForbidden: postgresFragments + ["player_email_key", "duplicate key", "ada@example.com", "$1"]
        )
        expectKind(seen, .integrity)
        expectReport(
            seen,
            keeps: [
                "23505", "duplicate key value violates unique constraint \"player_email_key\"",
                "player_email_key", "INSERT INTO player (email) VALUES ($1)",
            ]
        )
        expectSpecificSummary(seen)
    }

    @Test("A wrong password (28P01) reads as the kind; the report keeps SQLSTATE and the server's message")
    func wrongPassword() async throws {
        let seen = try await observe("postgres.password")
        expectPersonFacing(
            seen,
            alsoForbidden: postgresFragments + ["28P01", "password authentication failed", "remedy"]
        )
        expectKind(seen, .invalidAuthorization)
        expectReport(seen, keeps: ["28P01", "password authentication failed for user \"remedy\""])
        expectSpecificSummary(seen)
    }

    @Test("A refused connection reads as the NIO refusal does; the report keeps the errno under PSQLError")
    func refused() async throws {
        let seen = try await observe("postgres.refused")
        expectPersonFacing(seen, codes: [111], alsoForbidden: postgresFragments + ["Connection refused"])
        expectKind(seen, .cannotConnect)
        expectReport(seen, keeps: ["connectionError"])
        expectReport(seen, keepsErrno: .ECONNREFUSED)
        expectSpecificSummary(seen)
    }

    @Test("An SQL syntax error (42601) is a programmer's mistake; the report keeps the statement and the message")
    func syntaxError() async throws {
        let seen = try await observe("postgres.syntax")
        expectPersonFacing(seen, alsoForbidden: postgresFragments + ["42601", "SELEC", "syntax error"])
        expectKind(seen, .internalProblem)
        expectReport(seen, keeps: ["42601", "syntax error at or near \"SELEC\"", "SELEC id FROM player"])
        expectSpecificSummary(seen)
    }

    @Test("A serialization failure (40001) is busy data: transient, Try Again; the report keeps the message")
    func serializationFailure() async throws {
        let seen = try await observe("postgres.serialization")
        expectPersonFacing(seen, alsoForbidden: postgresFragments + ["40001", "serialize", "UPDATE"])
        expectKind(seen, .busy)
        expectReport(seen, keeps: ["40001", "could not serialize access due to concurrent update", "UPDATE note_"])
        expectSpecificSummary(seen)
    }

    @Test("A deadlock (40P01) is busy data: transient, Try Again; the report keeps the server's detail")
    func deadlock() async throws {
        let seen = try await observe("postgres.deadlock")
        expectPersonFacing(seen, alsoForbidden: postgresFragments + ["40P01", "deadlock", "ShareLock", "Process"])
        expectKind(seen, .busy)
        expectReport(seen, keeps: ["40P01", "deadlock detected", "waits for ShareLock on transaction"])
        expectSpecificSummary(seen)
    }

    @Test("A value too long for its column (22001) reads as a value that can't be saved, never retried")
    func valueTooLong() async throws {
        let seen = try await observe("postgres.valueTooLong")
        expectPersonFacing(
            seen, alsoForbidden: postgresFragments + ["22001", "varying", "varchar", "a-name-far-too-long"])
        expectKind(seen, .invalidValue)
        expectReport(
            seen,
            keeps: ["22001", "value too long for type character varying(8)", "INSERT INTO tag (name) VALUES ($1)"]
        )
        expectSpecificSummary(seen)
    }

    @Test("Too many connections (53300) is an unavailable database: transient, Try Again")
    func tooManyConnections() async throws {
        let seen = try await observe("postgres.tooManyConnections")
        expectPersonFacing(
            seen, alsoForbidden: postgresFragments + ["53300", "too many connections", "remedy_limited"])
        expectKind(seen, .databaseUnavailable)
        expectReport(seen, keeps: ["53300", "too many connections for role \"remedy_limited_"])
        expectSpecificSummary(seen)
    }

    @Test("An administrator's shutdown (57P01) is an unavailable database: transient, Try Again")
    func adminShutdown() async throws {
        let seen = try await observe("postgres.adminShutdown")
        expectPersonFacing(seen, alsoForbidden: postgresFragments + ["57P01", "administrator command"])
        expectKind(seen, .databaseUnavailable)
        expectReport(seen, keeps: ["57P01", "terminating connection due to administrator command"])
        expectSpecificSummary(seen)
    }

    @Test("A wrong password, a unique violation and a refused connection have three different grouping keys")
    func groupingKeysTellTheFailuresApart() async throws {
        var keys: [String: String] = [:]
        for id in ["postgres.password", "postgres.unique", "postgres.refused"] {
            let failureCase = try #require(Failures.named(id))
            keys[id] = ErrorReport(try await failureCase.error()).groupingKey
        }
        #expect(Set(keys.values).count == 3, "\(keys)")
    }

    @Test("Without a server, a case's setup fails and says how to start one (the case can't pass silently)")
    func noServerIsASetupFailure() async throws {
        let port = try await LoopbackServer.closedPort()
        let failure = await #expect(throws: SetupFailure.self) {
            try await PostgresServer.requireServer(for: "postgres.unique", port: port)
        }
        #expect(failure?.reason.contains("Scripts/postgres.sh start") == true, "\(String(describing: failure))")
    }
}
