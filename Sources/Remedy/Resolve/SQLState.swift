import Foundation

/// An SQLSTATE, the five-character code that SQL databases (PostgreSQL, MySQL and others, after the SQL
/// standard) give every failure, and the built-in entry of its kind.
///
/// The first two characters are the class: `23` integrity constraint violation, `28` invalid
/// authorization, `40` transaction rollback, `42` syntax error or access rule violation, `53`
/// insufficient resources, `57` operator intervention, `08` connection exception.
struct SQLState: Equatable {
    let code: String
    let message: String?

    /// A field named `sqlState`, or a dictionary entry whose key is named so, as in postgres-nio's
    /// `PSQLError` (`backing.serverInfo.underlying.fields[.sqlState]`): breadth first, a few levels deep.
    init?(in error: any Error) {
        var level: [Any] = [error]
        var looked = 0
        for _ in 0..<6 {
            var next: [Any] = []
            for candidate in level {
                let mirror = Mirror(reflecting: candidate)
                if mirror.displayStyle == .dictionary, let found = Self.fromEntries(mirror) {
                    self = found
                    return
                }
                for child in mirror.children {
                    looked += 1
                    guard looked < 512 else { return nil }
                    let value = Reflection.unwrapped(child.value)
                    if let label = child.label, Self.isStateName(label), let code = value as? String, Self.isValid(code)
                    {
                        self = SQLState(code: code, message: nil)
                        return
                    }
                    if !(value is String), !(value is Substring), Reflection.integer(value) == nil {
                        next.append(value)
                    }
                }
            }
            guard !next.isEmpty else { return nil }
            level = next
        }
        return nil
    }

    init(code: String, message: String?) {
        self.code = code
        self.message = message
    }

    /// A key names the field by its case name, or by its raw value when that is PostgreSQL's protocol type
    /// byte (`C` the code, `M` the message), as postgres-nio's keys do.
    private static func fromEntries(_ mirror: Mirror) -> SQLState? {
        var code: String?
        var message: String?
        for entry in mirror.children.prefix(64) {
            let pair = Mirror(reflecting: entry.value).children.map(\.value)
            guard pair.count == 2, let text = pair[1] as? String else { continue }
            let key = pair[0]
            let typeByte = ((key as? any RawRepresentable)?.rawValue).flatMap { $0 as? UInt8 }
            let name = key is String ? key as? String : Reflection.caseName(of: key)
            if (name.map(isStateName) ?? false || typeByte == UInt8(ascii: "C")), isValid(text) { code = text }
            if name == "message" || typeByte == UInt8(ascii: "M") { message = text }
        }
        return code.map { SQLState(code: $0, message: message) }
    }

    private static func isStateName(_ name: String) -> Bool {
        ["sqlState", "sqlstate", "SQLSTATE", "sqlStateCode"].contains(name)
    }

    static func isValid(_ code: String) -> Bool {
        code.utf8.count == 5 && code.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) }
    }

    var classCode: Substring { code.prefix(2) }

    /// The built-in entry of this state's kind; `nil` for a cancelled query (`57014`), which is silent.
    var entry: ErrorCatalog.BuiltInEntry? {
        switch code {
        case "57014": return nil  // query_canceled
        case "40001", "40P01", "55P03", "55006": return BuiltInCatalog.databaseBusy  // serialization, deadlock, lock
        case "53100": return BuiltInCatalog.storageFull  // disk_full
        case "42501": return BuiltInCatalog.databaseNoPermission  // insufficient_privilege
        case "25006": return BuiltInCatalog.databaseReadOnly  // read_only_sql_transaction
        case "57P01", "57P02", "57P03", "53300": return BuiltInCatalog.databaseUnavailable
        case "3D000": return BuiltInCatalog.databaseCannotOpen  // invalid_catalog_name: no such database
        case "22012": return BuiltInCatalog.programmingError  // division_by_zero
        // The integrity constraints read apart, as SQLite's extended result codes are.
        case "23502": return BuiltInCatalog.databaseMissingValue  // not_null_violation
        case "23503": return BuiltInCatalog.databaseReference  // foreign_key_violation
        case "23514": return BuiltInCatalog.databaseInvalidValue  // check_violation
        default: break
        }
        switch classCode {
        case "23": return BuiltInCatalog.databaseConstraint  // integrity constraint violation
        case "22": return BuiltInCatalog.databaseInvalidValue  // data exception: too long, out of range, malformed
        case "28": return BuiltInCatalog.databaseCredentials  // invalid authorization
        case "40": return BuiltInCatalog.databaseBusy  // transaction rollback
        case "08", "53", "57": return BuiltInCatalog.databaseUnavailable
        case "42", "0A", "25", "26", "2B", "2D", "34", "3F", "0B", "24", "21":
            // Syntax, undefined objects, unsupported features, a transaction or cursor in the wrong state.
            return BuiltInCatalog.programmingError
        default: return BuiltInCatalog.databaseDefault
        }
    }
}
