import Foundation
import RemedyTesting
import Testing

@testable import Remedy

/// Failures read by their kind, whichever library reports them: a cause kept in a library's private
/// storage, grouping keys that separate what an opaque type hides, a summary that skips a deliberately
/// vague description, and a generic text that asks to try again only when Try Again is offered.
@Suite(.timeLimit(.minutes(10)))
struct KindRecognitionTests {
    let english = Localization(locale: Locale(identifier: "en"))

    @Test func aCauseInALibrarysPrivateStorageIsFoundAndSpeaks() throws {
        // postgres-nio keeps the refusal in the private class behind `PSQLError`.
        let refused = StandInPSQLError(.connectionError, underlying: POSIXError(.ECONNREFUSED))
        let tree = Array(ErrorTree(refused))
        #expect(tree.count == 2)
        #expect(tree.last?.error is POSIXError)
        let presentation = ErrorResolver(localization: english).presentation(for: refused)
        let bare = ErrorResolver(localization: english).presentation(for: POSIXError(.ECONNREFUSED))
        #expect(presentation.title == bare.title)
        #expect(presentation.message == bare.message)
        #expect(ErrorResolver(localization: english).interpretation(of: refused).isTransient)
    }

    @Test func anObjectDeeperThanTheErrorsOwnStateIsNotSearched() {
        // Somebody else's object, held inside a value the error keeps: a field, never searched.
        final class Session: @unchecked Sendable { let lastError: any Error = POSIXError(.ECONNREFUSED) }
        struct Holder: Error, @unchecked Sendable {
            struct Context { let session: Session }
            let context: Context
        }
        #expect(Array(ErrorTree(Holder(context: .init(session: Session())))).count == 1)
    }

    @Test func anActorAnErrorHoldsIsNeverRead() {
        // Its state belongs to the actor: reading it from the walk would race with the actor's own work.
        actor Session { let lastError: any Error = POSIXError(.ECONNREFUSED) }
        struct SessionFailed: Error { let session: Session }
        #expect(Array(ErrorTree(SessionFailed(session: Session()))).count == 1)
    }

    @Test func aLibrarysErrorOfAKnownKindIsFoundByItsName() {
        #expect(EcosystemFamily(qualifiedName: "PostgresNIO.PSQLError") == .sql)
        #expect(EcosystemFamily(qualifiedName: "MySQLNIO.MySQLError") == .sql)
        #expect(EcosystemFamily(qualifiedName: "Crypto.CryptoKitError") == .crypto)
        #expect(EcosystemFamily(qualifiedName: "ZIPFoundation.Archive.ArchiveError") == .archive)
        #expect(EcosystemFamily(qualifiedName: "CompressNIO.CompressNIOError") == .archive)
        #expect(EcosystemFamily(qualifiedName: "SystemPackage.Errno") == .systemErrno)
        // SQLite's codes aren't SQLSTATEs, whatever the driver; an app's plain types aren't libraries' kinds.
        #expect(EcosystemFamily(qualifiedName: "SQLite.SQLiteError") == .sqlite)
        #expect(EcosystemFamily(qualifiedName: "MyApp.SyncFailure") == nil)
        #expect(EcosystemFamily(qualifiedName: "MyApp.ArchiveView") == nil)
    }

    @Test func theSameViolationReadsTheSameFromSQLiteAndPostgreSQL() throws {
        let sqlite = try #require(
            EcosystemFamily.sqlite.interpretation(of: DatabaseErrorStandIn(extendedResultCode: 2067, sql: "INSERT")))
        let postgres = try #require(
            EcosystemFamily.sql.interpretation(of: StandInPSQLError(sqlState: "23505", message: "duplicate key")))
        #expect(postgres.title == sqlite.title)
        #expect(postgres.message == sqlite.message)
        #expect(postgres.isPermanent && sqlite.isPermanent)
        #expect(!postgres.options.contains { $0.isRetry })
    }

    @Test func aCancelledQueryIsSilent() throws {
        let cancelled = try #require(
            EcosystemFamily.sql.interpretation(of: StandInPSQLError(sqlState: "57014", message: "canceling statement")))
        #expect(cancelled.isSilent)
        #expect(try #require(EcosystemFamily.sql.interpretation(of: StandInPSQLError(.queryCancelled))).isSilent)
        #expect(
            try #require(EcosystemFamily.archive.interpretation(of: ArchiveErrorStandIn.cancelledOperation)).isSilent)
    }

    @Test func aClientFailureWithoutAKnownCodeLeavesItToItsCause() {
        #expect(EcosystemFamily.sql.interpretation(of: StandInPSQLError(.connectionError)) == nil)
        #expect(
            EcosystemFamily.crypto.interpretation(of: CryptoKitErrorStandIn.underlyingCoreCryptoError(error: 3)) == nil)
    }

    @Test func anSQLStateIsOnlyFiveDigitsOrCapitals() {
        #expect(SQLState.isValid("23505") && SQLState.isValid("40P01") && SQLState.isValid("XX000"))
        #expect(!SQLState.isValid("2350") && !SQLState.isValid("235055") && !SQLState.isValid("4op01"))
        #expect(SQLState(in: StandInPSQLError(sqlState: "not a state", message: "x")) == nil)
    }

    // MARK: - Grouping keys and summaries

    @Test func failuresBehindOneOpaqueTypeGetDifferentKeys() {
        let password = StandInPSQLError(sqlState: "28P01", message: "password authentication failed")
        let unique = StandInPSQLError(sqlState: "23505", message: "duplicate key", constraint: "users_email_key")
        let refused = StandInPSQLError(.connectionError, underlying: POSIXError(.ECONNREFUSED))
        let keys = [password, unique, refused].map { ErrorReport.groupingKey(of: $0) }
        #expect(Set(keys).count == 3)
        // The same failure with other dynamic values keeps its key.
        let otherUnique = StandInPSQLError(sqlState: "23505", message: "duplicate key value", constraint: "orders_pkey")
        #expect(ErrorReport.groupingKey(of: otherUnique) == keys[1])
    }

    @Test func theSummarySkipsADeliberatelyVagueDescription() {
        let unique = StandInPSQLError(
            sqlState: "23505", message: "duplicate key value violates unique constraint \"users_email_key\"")
        let summary = ErrorReport(unique).summary
        #expect(summary.contains("duplicate key value violates unique constraint"))
        #expect(summary.contains("SQLSTATE 23505"))
        #expect(!summary.contains("Generic description"))
        let refused = ErrorReport(StandInPSQLError(.connectionError, underlying: POSIXError(.ECONNREFUSED))).summary
        #expect(!refused.contains("Generic description"))
        #expect(refused.contains("code: connectionError"))
        // The developer report keeps every detail the error has.
        let text = ErrorReport(unique).description
        #expect(text.contains("INSERT INTO users"))
        #expect(text.contains("23505"))
    }

    // MARK: - The generic fallback

    struct Unknown: Error {}

    @Test func theGenericMessageAsksToTryAgainOnlyWhenTryAgainIsOffered() async throws {
        let presenter = ScriptedPresenter([.role(.cancel), .role(.cancel)])
        let root = ErrorScope.root(
            presenter: presenter, localization: english, logger: LogRecording().logger(), clock: TestClock(),
            configuration: ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: .disabled))
        root.handle(Unknown())
        _ = await root.attempt("Syncing") { () throws -> Int in throw Unknown() }
        let shown = await presenter.waitForPresentations(2)
        #expect(shown[0].options.map(\.title) == ["OK"])
        #expect(shown[0].message == "The action couldn't be finished.")
        #expect(shown[1].options.contains { $0.isRetry })
        #expect(shown[1].message == "The action couldn't be finished. Try again in a moment.")
    }

    @Test(arguments: ["network.default", "database.default", "cocoa.default", "system.default", "http.serverError"])
    func aGenericEntryWithoutTryAgainDoesntAskForIt(_ name: String) throws {
        let entry = try #require(ErrorCatalog.builtInEntry(named: name))
        for language in CatalogFixtures.languages {
            let localization = CatalogFixtures.localization(language)
            let without = try #require(entry.messageWithoutRetry(in: localization))
            #expect(without != localization.string(forKey: entry.messageKey))
            #expect(localization.string(forKey: entry.messageKey).hasPrefix(String(without.prefix(8))))
        }
    }
}
