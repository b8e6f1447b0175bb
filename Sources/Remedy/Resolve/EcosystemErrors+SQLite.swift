import Foundation

/// SQLite's result codes and messages, from any driver: an extended result code (GRDB's `CustomNSError` code,
/// a `resultCode` or `code` field), a reason named after it (SQLiteNIO's `constraintNotNullFailed`), or SQLite's
/// own message (`NOT NULL constraint failed: player.name`) where a driver keeps only the primary code.
extension EcosystemFamily {
    /// The entry of an SQLite failure; `.some(nil)` for an interruption (a cancellation), `nil` when
    /// the code can't be read.
    static func sqlite(_ error: any Error, info: ErrorTypeInfo) -> Entry?? {
        if let custom = info.asCustomNSError?(error) {
            return .some(sqliteEntry(code: custom.errorCode, message: nil))
        }
        let fields = SharedVocabularies.labelledFields(of: error)
        let message = fields.first { $0.0 == "message" }?.1 as? String
        if let reason = fields.first(where: { $0.0 == "reason" })?.1, let name = Reflection.caseName(of: reason) {
            return .some(sqliteEntry(reason: name, message: message))
        }
        for (label, value) in fields where ["extendedResultCode", "resultCode", "code", "errorCode"].contains(label) {
            if let code = Reflection.integer(value) { return .some(sqliteEntry(code: code, message: message)) }
        }
        return nil
    }

    /// The entry of an extended result code; the primary code is its low byte.
    static func sqliteEntry(code: Int, message: String?) -> Entry? {
        switch code {
        case 2067, 1555, 2579: return BuiltInCatalog.databaseConstraint  // UNIQUE, PRIMARY KEY, ROWID
        case 1299: return BuiltInCatalog.databaseMissingValue  // SQLITE_CONSTRAINT_NOTNULL
        case 275: return BuiltInCatalog.databaseInvalidValue  // SQLITE_CONSTRAINT_CHECK
        case 787: return BuiltInCatalog.databaseReference  // SQLITE_CONSTRAINT_FOREIGNKEY
        default: break
        }
        if code & 0xFF == 19, let message, let entry = constraintEntry(message: message) { return entry }
        return sqliteEntry(primaryCode: code & 0xFF)
    }

    /// The primary result code is the low byte of an extended code.
    static func sqliteEntry(primaryCode code: Int) -> Entry? {
        switch code {
        case 9: nil  // SQLITE_INTERRUPT: the operation was cancelled.
        case 19: BuiltInCatalog.databaseConstraint  // SQLITE_CONSTRAINT
        case 5, 6: BuiltInCatalog.databaseBusy  // SQLITE_BUSY, SQLITE_LOCKED
        case 8: BuiltInCatalog.databaseReadOnly  // SQLITE_READONLY
        case 13: BuiltInCatalog.storageFull  // SQLITE_FULL
        case 11, 26: BuiltInCatalog.databaseCorrupt  // SQLITE_CORRUPT, SQLITE_NOTADB
        case 14: BuiltInCatalog.databaseCannotOpen  // SQLITE_CANTOPEN
        case 3, 23: BuiltInCatalog.fileNoPermission  // SQLITE_PERM, SQLITE_AUTH
        // SQLITE_ERROR (a syntax error, no such table or column), SQLITE_MISMATCH, SQLITE_MISUSE, SQLITE_RANGE
        case 1, 20, 21, 25: BuiltInCatalog.programmingError
        default: BuiltInCatalog.databaseDefault
        }
    }

    /// SQLite's words for the constraint that failed, in the message every driver passes on.
    static func constraintEntry(message: String) -> Entry? {
        if message.contains("NOT NULL constraint") { return BuiltInCatalog.databaseMissingValue }
        if message.contains("FOREIGN KEY constraint") { return BuiltInCatalog.databaseReference }
        if message.contains("CHECK constraint") { return BuiltInCatalog.databaseInvalidValue }
        return nil
    }

    /// The entry of a reason named after a result code (SQLiteNIO's), by the start of its name:
    /// `constraintNotNullFailed` is a missing value, `error` a mistake in the statement.
    static func sqliteEntry(reason: String, message: String?) -> Entry? {
        let exact: [String: Entry] = [
            "constraintNotNullFailed": BuiltInCatalog.databaseMissingValue,
            "constraintForeignKeyFailed": BuiltInCatalog.databaseReference,
            "constraintCheckFailed": BuiltInCatalog.databaseInvalidValue,
            "error": BuiltInCatalog.programmingError, "mismatch": BuiltInCatalog.programmingError,
            "misuse": BuiltInCatalog.programmingError, "range": BuiltInCatalog.programmingError,
        ]
        if let entry = exact[reason] { return entry }
        if reason == "constraint", let message, let entry = constraintEntry(message: message) { return entry }
        let prefixes: [(String, Entry?)] = [
            ("interrupt", nil), ("constraint", BuiltInCatalog.databaseConstraint),
            ("busy", BuiltInCatalog.databaseBusy), ("locked", BuiltInCatalog.databaseBusy),
            ("readOnly", BuiltInCatalog.databaseReadOnly), ("full", BuiltInCatalog.storageFull),
            ("corrupt", BuiltInCatalog.databaseCorrupt), ("notADatabase", BuiltInCatalog.databaseCorrupt),
            ("cantOpen", BuiltInCatalog.databaseCannotOpen), ("permission", BuiltInCatalog.fileNoPermission),
            ("auth", BuiltInCatalog.fileNoPermission),
        ]
        for (prefix, entry) in prefixes where reason.hasPrefix(prefix) { return entry }
        return BuiltInCatalog.databaseDefault
    }
}
