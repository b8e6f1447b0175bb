import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The PostgreSQL server the cases connect to: the one `Scripts/postgres.sh start` runs on 127.0.0.1, as the
/// superuser `remedy` (password `remedy`) in the database `remedy`.
///
/// `REMEDY_POSTGRES_PORT` chooses the port (54329 unless set). Every case but the refused connection needs the
/// server: when none answers, its setup throws a ``SetupFailure`` that says how to start one, so the tests fail
/// rather than pass without a database.
public enum PostgresServer {
    /// The server's address: loopback only.
    public static let host = "127.0.0.1"

    /// The server's port: `REMEDY_POSTGRES_PORT`, or 54329.
    public static var port: Int {
        ProcessInfo.processInfo.environment["REMEDY_POSTGRES_PORT"].flatMap(Int.init) ?? 54329
    }

    /// postgres-nio logs each connection's life at debug and trace; the cases keep it quiet.
    static let logger = Logger(label: "remedy.integration.postgres") { _ in SwiftLogNoOpLogHandler() }

    /// A connection's configuration: no TLS, a connect timeout of 2 s.
    static func configuration(
        username: String = "remedy",
        password: String = "remedy",
        port: Int? = nil
    ) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host,
            port: port ?? self.port,
            username: username,
            password: password,
            database: "remedy",
            tls: .disable
        )
        // A refused connection fails at once; the time out bounds a connection the server is slow to accept, as
        // on a CI machine busy with the suite's other cases (2 s timed out there).
        configuration.options.connectTimeout = .seconds(20)
        return configuration
    }

    /// Opens a connection with a configuration (the operation under test, when it is the one that fails).
    static func connect(_ configuration: PostgresConnection.Configuration) async throws -> PostgresConnection {
        try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// Opens a connection as `remedy`, for a case's setup.
    ///
    /// - Parameters:
    ///   - caseID: The case that sets up.
    ///   - port: The server's port; ``port`` unless given.
    /// - Throws: ``SetupFailure`` when no server answers, with how to start one.
    static func connect(for caseID: String, port: Int? = nil) async throws -> PostgresConnection {
        do {
            return try await connect(configuration(port: port))
        } catch {
            throw SetupFailure(
                caseID: caseID,
                reason: "no PostgreSQL server answers as remedy on \(host):\(port ?? self.port): start it with "
                    + "Scripts/postgres.sh start (\(String(reflecting: error)))"
            )
        }
    }

    /// Checks that a server answers as `remedy`: connects and closes.
    ///
    /// - Parameters:
    ///   - caseID: The case that sets up.
    ///   - port: The server's port; ``port`` unless given.
    /// - Throws: ``SetupFailure`` when no server answers, with how to start one.
    package static func requireServer(for caseID: String, port: Int? = nil) async throws {
        let connection = try await connect(for: caseID, port: port)
        try? await connection.close()
    }

    /// Runs `body` with a connection as `remedy`, closed after it.
    ///
    /// - Throws: ``SetupFailure`` when no server answers; what `body` throws.
    static func withConnection<T>(
        for caseID: String,
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection = try await connect(for: caseID)
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    // MARK: - Cases

    /// A case of PostgresNIO that runs when fewer than ``concurrentCases`` others do: the test suites
    /// trigger each case several times in parallel, and every run holds up to three connections, so the
    /// gate keeps them under the server's `max_connections` (50).
    static func failureCase(
        _ id: String,
        summary: String,
        run: @escaping @Sendable (Workspace) async throws -> any Error
    ) -> FailureCase {
        FailureCase(id, library: "PostgresNIO", summary: summary) { workspace in
            await gate.enter()
            do {
                let error = try await run(workspace)
                await gate.leave()
                return error
            } catch {
                await gate.leave()
                throw error
            }
        }
    }

    /// How many PostgreSQL cases run at once.
    static let concurrentCases = 4

    private static let gate = Gate(capacity: concurrentCases)

    /// A name no other run of a case uses at the same time: `prefix_` and 12 hexadecimal digits.
    static func uniqueName(_ prefix: String) -> String {
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        return "\(prefix)_\(suffix)"
    }
}

extension PostgresConnection {
    /// Runs statements one after the other (the extended protocol takes one statement per query), each to
    /// its end: an error the server sends after the first row comes while the rows are read.
    func run(_ statements: PostgresQuery...) async throws {
        for statement in statements {
            for try await _ in try await query(statement, logger: PostgresServer.logger) {}
        }
    }

    /// The first column of the first row, decoded.
    func value<T: PostgresDecodable & Sendable>(_ statement: PostgresQuery, as type: T.Type) async throws -> T? {
        for try await value in try await query(statement, logger: PostgresServer.logger).decode(T.self) {
            return value
        }
        return nil
    }
}

/// Lets at most `capacity` tasks in at a time; the others wait in order of arrival.
private actor Gate {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        available = capacity
    }

    func enter() async {
        guard available == 0 else {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
