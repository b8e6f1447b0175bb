import IntegrationSupport
import Remedy
import Testing

/// A kind of failure reads the same whichever way it reaches Remedy (bare, in an app's enum, inside context
/// layers) and whichever widely used package produced it.
@Suite(.timeLimit(.minutes(5)))
struct KindAcrossLibrariesTests {
    /// Each case with the kind a person must read, bare and every other way: these, and issue 35's.
    static let kinds = established + Kind.vocabularies

    /// The kinds of issue 26.
    static let established: [(caseID: String, kind: Kind)] = [
        ("grdb.unique", .integrity),
        ("postgres.unique", .integrity),
        ("postgres.password", .invalidAuthorization),
        ("postgres.valueTooLong", .invalidValue),
        ("postgres.serialization", .busy),
        ("postgres.deadlock", .busy),
        ("grdb.busy", .busy),
        ("postgres.tooManyConnections", .databaseUnavailable),
        ("postgres.adminShutdown", .databaseUnavailable),
        ("nio.refused.host", .cannotConnect),
        ("postgres.refused", .cannotConnect),
        ("postgres.syntax", .internalProblem),
        ("grdb.syntax", .internalProblem),
        ("crypto.keySize", .internalProblem),
        ("tls.certificate", .untrustedServer),
        ("tls.handshake", .secureConnectionFailed),
        ("crypto.authentication", .unverifiable),
        ("zip.damaged", .corruptFile),
        ("zip.crc", .corruptFile),
        ("zip.compressionMethod", .corruptFile),
        ("argumentParser.badValue", .commandLine),
        ("argumentParser.validation", .commandLine),
    ]

    @Test(
        "Each kind reads the same bare, in an app's enum, in a WrappingError enum and inside context", arguments: kinds)
    func sameEveryWay(caseID: String, kind: Kind) async throws {
        let failureCase = try #require(Failures.named(caseID))
        let ways = await WrappedObservations(of: try await failureCase.error())
        for (wrapping, observation) in ways.observations {
            expectKind(observation, kind)
            #expect(!observation.personTexts.isEmpty, "\(wrapping)")
        }
        let expected = Reading(ways.bare)
        for (wrapping, reading) in ways.disagreements {
            Issue.record("\(caseID) \(wrapping) reads \(reading); bare reads \(expected)")
        }
    }

    @Test("The developer report keeps PostgreSQL's details every way: SQLSTATE, message, constraint, query")
    func postgresReportKeepsDetailsEveryWay() async throws {
        let failureCase = try #require(Failures.named("postgres.unique"))
        let ways = await WrappedObservations(of: try await failureCase.error())
        for (wrapping, observation) in ways.observations {
            for fragment in ["23505", "player_email_key", "INSERT INTO player (email) VALUES ($1)"] {
                #expect(observation.report.contains(fragment), "\(wrapping): the report lost “\(fragment)”")
            }
            expectPersonFacing(observation, alsoForbidden: postgresFragments + ["player_email_key", "23505"])
        }
    }

    @Test("SQLite's and PostgreSQL's unique violations read the same")
    func uniqueViolationsReadTheSame() async throws {
        let sqlite = Reading(try await observe("grdb.unique"))
        let postgres = Reading(try await observe("postgres.unique"))
        #expect(sqlite == postgres, "SQLite reads \(sqlite); PostgreSQL reads \(postgres)")
    }

    @Test("A refused connection reads the same from SwiftNIO bare and through postgres-nio, and both are transient")
    func refusalReadsTheSameBareAndThroughPostgres() async throws {
        let nio = try await observe("nio.refused.host")
        let postgres = try await observe("postgres.refused")
        #expect(Reading(nio) == Reading(postgres), "NIO reads \(Reading(nio)); postgres-nio reads \(Reading(postgres))")
        let nioIsTransient = nio.interpretation.isTransient
        let postgresIsTransient = postgres.interpretation.isTransient
        #expect(nioIsTransient && postgresIsTransient)
    }
}
