import Foundation
import SQLiteNIO

extension Failures {
    // MARK: - SQLiteNIO

    /// SQLiteNIO (Vapor's SQLite driver, its own copy of SQLite) on a database file in the workspace: each
    /// constraint SQLite checks, a syntax error, and a database in a folder that doesn't exist.
    static let sqliteNIO: [FailureCase] = [
        sqliteCase(
            "sqlitenio.notNull", "INSERT a note without its NOT NULL title", "INSERT INTO note (body) VALUES ('draft')"),
        sqliteCase(
            "sqlitenio.unique", "INSERT a second notebook with the same UNIQUE name",
            "INSERT INTO notebook (name) VALUES ('Work')"),
        sqliteCase(
            "sqlitenio.check", "INSERT a note whose priority breaks CHECK (priority BETWEEN 1 AND 5)",
            "INSERT INTO note (title, priority) VALUES ('Plan', 9)"),
        sqliteCase(
            "sqlitenio.foreignKey", "INSERT a note into notebook 99, which doesn't exist (foreign_keys on)",
            "INSERT INTO note (title, notebook_id) VALUES ('Plan', 99)"),
        sqliteCase("sqlitenio.syntax", "SELEC * FROM note (a syntax error)", "SELEC * FROM note"),
        FailureCase(
            "sqlitenio.cantOpen", library: "SQLiteNIO",
            summary: "open a database file in a folder that doesn't exist"
        ) { workspace in
            try await workspace.failure {
                try await SQLiteConnection.open(storage: .file(path: workspace.path("missing/notes.sqlite")))
            }
        },
    ]

    private static let schema = [
        "PRAGMA foreign_keys = ON",
        "CREATE TABLE notebook (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
        """
        CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT,
            priority INTEGER NOT NULL DEFAULT 3 CHECK (priority BETWEEN 1 AND 5),
            notebook_id INTEGER REFERENCES notebook (id))
        """,
        "INSERT INTO notebook (name) VALUES ('Work')",
    ]

    /// A case that runs one statement against the notes schema.
    private static func sqliteCase(_ id: String, _ summary: String, _ statement: String) -> FailureCase {
        FailureCase(id, library: "SQLiteNIO", summary: summary) { workspace in
            let connection = try await SQLiteConnection.open(storage: .file(path: workspace.path("notes.sqlite")))
            do {
                for setup in schema { _ = try await connection.query(setup) }
                let error = try await workspace.failure { try await connection.query(statement) }
                try await connection.close()
                return error
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }
}
