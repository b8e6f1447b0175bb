import Foundation

/// Remedy's own string tables, loaded once per language and kept for the life of the process.
///
/// Tables are read with `PropertyListSerialization` from the language's `.lproj` folder, found with
/// `Bundle.module.path(forResource:ofType:)`, which works on Linux where `Bundle.localizations` does not.
final class StringTables: Sendable {
    static let shared = StringTables()

    /// The name of Remedy's table (`Remedy.strings`).
    static let tableName = "Remedy"

    private let cache = LockedValue<[String: [String: String]]>([:])

    func table(for language: String) -> [String: String] {
        if let table = cache.withLock({ $0[language] }) { return table }
        let loaded = Self.loadBuiltIn(language: language)
        cache.withLock { $0[language] = loaded }
        return loaded
    }

    private static func loadBuiltIn(language: String) -> [String: String] {
        guard let path = Bundle.module.path(forResource: language, ofType: "lproj") else { return [:] }
        return load(table: tableName, at: URL(fileURLWithPath: path)) ?? [:]
    }

    /// Reads a `.strings` table from an `.lproj` folder.
    static func load(table: String, at lproj: URL) -> [String: String]? {
        let url = lproj.appendingPathComponent("\(table).strings")
        guard let data = try? Data(contentsOf: url),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        else { return nil }
        return plist as? [String: String]
    }
}
