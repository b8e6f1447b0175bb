import Foundation
import NIOCore
import PostgresNIO

extension Failures {
    // MARK: - PostgreSQL (postgres-nio)

    /// Failures of a real PostgreSQL server (``PostgresServer``) through postgres-nio's `PostgresConnection`:
    /// each error is a `PSQLError`, whose description hides everything ("Generic description to prevent
    /// accidental leakage…") and whose details live in a private backing class.
    static let postgres: [FailureCase] = [
        PostgresServer.failureCase(
            "postgres.unique",
            summary: "INSERT a duplicate email into a column with a UNIQUE constraint (SQLSTATE 23505)"
        ) { workspace in
            try await PostgresServer.withConnection(for: "postgres.unique") { connection in
                try await connection.run(
                    """
                    CREATE TEMPORARY TABLE player (
                        id serial PRIMARY KEY, email text NOT NULL CONSTRAINT player_email_key UNIQUE)
                    """,
                    "INSERT INTO player (email) VALUES ('ada@example.com')"
                )
                let email = "ada@example.com"
                return try await workspace.failure {
                    try await connection.query(
                        "INSERT INTO player (email) VALUES (\(email))",
                        logger: PostgresServer.logger
                    )
                }
            }
        },
        PostgresServer.failureCase(
            "postgres.password",
            summary: "connect as remedy with a wrong password (scram-sha-256; SQLSTATE 28P01)"
        ) { workspace in
            try await PostgresServer.requireServer(for: "postgres.password")
            return try await workspace.failure {
                try await PostgresServer.connect(PostgresServer.configuration(password: "not the password"))
            }
        },
        PostgresServer.failureCase(
            "postgres.refused",
            summary: "connect to a loopback port nothing listens on (the NIO error inside PSQLError)"
        ) { workspace in
            let port = try await LoopbackServer.closedPort()
            return try await workspace.failure {
                try await PostgresServer.connect(PostgresServer.configuration(port: port))
            }
        },
        PostgresServer.failureCase(
            "postgres.syntax",
            summary: "run `SELEC id FROM player`, a statement with a typo (SQLSTATE 42601)"
        ) { workspace in
            try await PostgresServer.withConnection(for: "postgres.syntax") { connection in
                try await workspace.failure {
                    try await connection.query("SELEC id FROM player", logger: PostgresServer.logger)
                }
            }
        },
        PostgresServer.failureCase(
            "postgres.serialization",
            summary: "UPDATE a row in a SERIALIZABLE transaction after another one updated and committed it "
                + "(SQLSTATE 40001)"
        ) { workspace in
            try await serializationFailure(in: workspace)
        },
        PostgresServer.failureCase(
            "postgres.deadlock",
            summary: "two transactions each update the row the other updated first (SQLSTATE 40P01)"
        ) { workspace in
            try await deadlock(in: workspace)
        },
        PostgresServer.failureCase(
            "postgres.valueTooLong",
            summary: "INSERT a 19-character name into a varchar(8) column (SQLSTATE 22001)"
        ) { workspace in
            try await PostgresServer.withConnection(for: "postgres.valueTooLong") { connection in
                try await connection.run("CREATE TEMPORARY TABLE tag (name varchar(8) NOT NULL)")
                let name = "a-name-far-too-long"
                return try await workspace.failure {
                    try await connection.query("INSERT INTO tag (name) VALUES (\(name))", logger: PostgresServer.logger)
                }
            }
        },
        PostgresServer.failureCase(
            "postgres.tooManyConnections",
            summary: "connect a second time as a role with CONNECTION LIMIT 1 (SQLSTATE 53300)"
        ) { workspace in
            try await tooManyConnections(in: workspace)
        },
        PostgresServer.failureCase(
            "postgres.adminShutdown",
            summary: "query on a connection that a second connection ended with pg_terminate_backend "
                + "(SQLSTATE 57P01)"
        ) { workspace in
            try await adminShutdown(in: workspace)
        },
    ]

    /// Two SERIALIZABLE transactions update one row: the second to write fails with 40001, "could not
    /// serialize access due to concurrent update". No waiting: the first commits before the second writes.
    private static func serializationFailure(in workspace: Workspace) async throws -> any Error {
        let caseID = "postgres.serialization"
        let table = PostgresServer.uniqueName("note")
        return try await PostgresServer.withConnection(for: caseID) { first in
            try await first.run(
                PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id integer PRIMARY KEY, body text NOT NULL)"),
                PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 'draft')")
            )
            do {
                let error = try await PostgresServer.withConnection(for: caseID) { second in
                    // The first transaction's snapshot is taken by its first statement.
                    try await first.run(
                        "BEGIN ISOLATION LEVEL SERIALIZABLE",
                        PostgresQuery(unsafeSQL: "SELECT body FROM \(table) WHERE id = 1")
                    )
                    try await second.run(
                        "BEGIN ISOLATION LEVEL SERIALIZABLE",
                        PostgresQuery(unsafeSQL: "UPDATE \(table) SET body = 'second' WHERE id = 1"),
                        "COMMIT"
                    )
                    return try await workspace.failure {
                        try await first.query(
                            PostgresQuery(unsafeSQL: "UPDATE \(table) SET body = 'first' WHERE id = 1"),
                            logger: PostgresServer.logger
                        )
                    }
                }
                try await first.run("ROLLBACK", PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
                return error
            } catch {
                try? await first.run("ROLLBACK", PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
                throw error
            }
        }
    }

    /// Two transactions each update one row, then the other's: each waits for the other, and PostgreSQL ends
    /// one of them with 40P01, "deadlock detected" (after `deadlock_timeout`, 10 ms here instead of 1 s); the
    /// other then goes on. The error is the ended one's, whichever it is.
    private static func deadlock(in workspace: Workspace) async throws -> any Error {
        let caseID = "postgres.deadlock"
        let table = PostgresServer.uniqueName("note")
        let update: @Sendable (Int) -> PostgresQuery = { row in
            PostgresQuery(unsafeSQL: "UPDATE \(table) SET body = 'mine' WHERE id = \(row)")
        }
        return try await PostgresServer.withConnection(for: caseID) { first in
            try await first.run(
                PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id integer PRIMARY KEY, body text NOT NULL)"),
                PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 'first'), (2, 'second')")
            )
            do {
                let error = try await PostgresServer.withConnection(for: caseID) { second in
                    for (connection, row) in [(first, 1), (second, 2)] {
                        try await connection.run("SET deadlock_timeout = '10ms'", "BEGIN", update(row))
                    }
                    let errors = await withTaskGroup(of: (any Error)?.self) { group in
                        for (connection, row) in [(first, 2), (second, 1)] {
                            group.addTask {
                                do {
                                    try await connection.run(update(row))
                                    return nil
                                } catch {
                                    return error
                                }
                            }
                        }
                        return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
                    }
                    return try await workspace.failure {
                        if let error = errors.first { throw error }
                        return "both updates went through"
                    }
                }
                try await first.run("ROLLBACK", PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
                return error
            } catch {
                try? await first.run("ROLLBACK", PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
                throw error
            }
        }
    }

    /// A role of its own with `CONNECTION LIMIT 1` (limits don't apply to superusers): one connection holds
    /// the slot, a second fails with 53300, "too many connections for role". The role is dropped after.
    private static func tooManyConnections(in workspace: Workspace) async throws -> any Error {
        let caseID = "postgres.tooManyConnections"
        let role = PostgresServer.uniqueName("remedy_limited")
        return try await PostgresServer.withConnection(for: caseID) { admin in
            try await admin.run(
                PostgresQuery(unsafeSQL: "CREATE ROLE \(role) LOGIN PASSWORD 'remedy' CONNECTION LIMIT 1")
            )
            let limited = PostgresServer.configuration(username: role)
            do {
                let holder = try await PostgresServer.connect(limited)
                let error = try await workspace.failure { try await PostgresServer.connect(limited) }
                try? await holder.close()
                try await admin.run(PostgresQuery(unsafeSQL: "DROP ROLE \(role)"))
                return error
            } catch {
                try? await admin.run(PostgresQuery(unsafeSQL: "DROP ROLE \(role)"))
                throw error
            }
        }
    }

    /// A second connection ends the first with `pg_terminate_backend` while the first runs a query, which
    /// fails with 57P01, "terminating connection due to administrator command".
    ///
    /// Advisory locks order the two without a clock: the victim holds lock A, the administrator lock B; the
    /// victim's query releases A, then waits for B; the administrator, waiting for A, goes on only once that
    /// query runs, and terminates it. (A query sent on a connection the server has already closed never
    /// completes in postgres-nio 1.33.2, so the victim must be inside its query when it is ended.)
    private static func adminShutdown(in workspace: Workspace) async throws -> any Error {
        let caseID = "postgres.adminShutdown"
        let lockA = Int64.random(in: 1...Int64.max)
        let lockB = lockA == Int64.max ? 1 : lockA + 1
        return try await PostgresServer.withConnection(for: caseID) { administrator in
            let victim = try await PostgresServer.connect(for: caseID)
            do {
                try await victim.run("SELECT pg_advisory_lock(\(lockA))")
                try await administrator.run("SELECT pg_advisory_lock(\(lockB))")
                guard let pid = try await victim.value("SELECT pg_backend_pid()", as: Int32.self) else {
                    throw SetupFailure(caseID: caseID, reason: "pg_backend_pid() returned no row")
                }
                async let failure = workspace.failure {
                    try await victim.run("SELECT pg_advisory_unlock(\(lockA)), pg_advisory_lock(\(lockB))")
                }
                try await administrator.run(
                    "SELECT pg_advisory_lock(\(lockA))",
                    "SELECT pg_terminate_backend(\(pid))"
                )
                let error = try await failure
                // postgres-nio asserts that a connection is closed before it is released.
                try? await victim.close()
                try await administrator.run("SELECT pg_advisory_unlock_all()")
                return error
            } catch {
                try? await victim.close()
                throw error
            }
        }
    }
}
