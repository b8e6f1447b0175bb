import Foundation

/// Remedy's own string tables, loaded once per language and kept for the life of the process.
///
/// Every `.strings` file of a language's folder is merged into one table (`Remedy.strings` for the
/// model, `Catalog.strings` for the catalog, and so on); keys carry a prefix per area and never clash.
/// Tables are read with `PropertyListSerialization` from the language's `.lproj` folder, found with
/// `Bundle.module.path(forResource:ofType:)`, which works on Linux where `Bundle.localizations` does not.
final class StringTables: Sendable {
    static let shared = StringTables()

    private let cache = LockedValue<[String: [String: String]]>([:])

    func table(for language: String) -> [String: String] {
        if let table = cache.withLock({ $0[language] }) { return table }
        let loaded = Self.loadBuiltIn(language: language)
        cache.withLock { $0[language] = loaded }
        return loaded
    }

    private static func loadBuiltIn(language: String) -> [String: String] {
        guard let path = lprojPath(for: language, in: .module) else { return [:] }
        let folder = URL(fileURLWithPath: path)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var merged: [String: String] = [:]
        for file in files.sorted() where file.hasSuffix(".strings") {
            let table = String(file.dropLast(".strings".count))
            merged.merge(load(table: table, at: folder) ?? [:]) { first, _ in first }
        }
        // Read on every presentation, written once: at a load factor under a half, a lookup probes about
        // one slot, where a nearly full table compares its long, shared-prefix keys several times over.
        var spacious = [String: String](minimumCapacity: merged.count * 2)
        spacious.merge(merged) { first, _ in first }
        return spacious
    }

    /// The path of a language's `.lproj` folder in a bundle.
    ///
    /// SwiftPM copies `.lproj` folders under lower-case names (`zh-hans.lproj`), and Linux file systems
    /// tell case apart, so the lower-case name is tried too.
    static func lprojPath(for language: String, in bundle: Bundle) -> String? {
        bundle.path(forResource: language, ofType: "lproj")
            ?? bundle.path(forResource: language.lowercased(), ofType: "lproj")
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
