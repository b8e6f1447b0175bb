import Foundation
import Remedy
import Testing

/// The DocC article's tables of entries say what the code does.
struct CatalogArticleTests {
    struct Row {
        var cells: [String: String]
    }

    /// The rows of every table in the article whose first column is `entry`, by column name.
    static func rows() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/Remedy/Documentation.docc/Articles/Catalog.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var header: [String]?
        var rows: [Row] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                header = nil
                continue
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if header == nil {
                header = cells
            } else if let header, header.first == "entry", !cells.allSatisfy({ $0.allSatisfy { $0 == "-" } }) {
                rows.append(Row(cells: Dictionary(zip(header, cells), uniquingKeysWith: { first, _ in first })))
            }
        }
        return rows
    }

    @Test func articleListsEveryEntry() throws {
        let documented = Set(try Self.rows().compactMap { $0.cells["entry"]?.trimmingCharacters(in: ["`"]) })
        let names = Set(ErrorCatalog.builtInEntries.map(\.name))
        #expect(names.subtracting(documented).sorted() == [], "entries the article leaves out")
        #expect(documented.subtracting(names).sorted() == [], "entries the article invents")
    }

    @Test func articleTablesMatchTheEntries() throws {
        for row in try Self.rows() {
            let name = try #require(row.cells["entry"]?.trimmingCharacters(in: ["`"]))
            let entry = try #require(ErrorCatalog.builtInEntry(named: name))
            if let category = row.cells["category"] {
                #expect(Self.identifier(of: category) == entry.category.identifier, "\(name): category")
            }
            if let severity = row.cells["severity"] {
                #expect(severity == (entry.severity ?? entry.category.defaultSeverity).description, "\(name): severity")
            } else {
                // The tables without the column say "all follow their category's severity".
                #expect(entry.severity == nil, "\(name): severity")
            }
            if let transient = row.cells["transient"] {
                #expect((transient == "yes") == entry.isTransient, "\(name): transient")
            } else {
                // The tables without the column say "None of these is transient".
                #expect(!entry.isTransient, "\(name): transient")
            }
            if let permanent = row.cells["permanent"] {
                #expect((permanent == "yes") == entry.isPermanent, "\(name): permanent")
            }
            if let retry = row.cells["Try Again"] {
                #expect((retry == "yes") == entry.offersRetry, "\(name): Try Again")
            }
        }
    }

    /// "Naming the thing" lists the entries that name a file, a server or a place in the document, since
    /// `BuiltInEntry.names` is no longer public.
    @Test func articleSaysWhichEntriesNameWhat() {
        let entries = ErrorCatalog.builtInEntries
        func naming(_ thing: ErrorCatalog.BuiltInEntry.NamedThing) -> Set<String> {
            Set(entries.filter { $0.names.contains(thing) }.map(\.name))
        }
        let fileEntries = Set(entries.map(\.name).filter { $0.hasPrefix("file.") })
        #expect(naming(.file) == fileEntries.subtracting(["file.readOnlyVolume"]).union(["data.unreadable"]))
        #expect(
            naming(.host) == [
                "network.timedOut", "network.hostNotFound", "network.cannotConnect", "network.secureConnectionFailed",
                "network.untrustedServer",
            ])
        #expect(naming(.location) == ["file.unreadableFormat", "data.unreadable"])
    }

    /// "external system unavailable" → "externalSystemUnavailable".
    static func identifier(of words: String) -> String {
        let parts = words.split(separator: " ").map(String.init)
        guard let first = parts.first else { return "" }
        return first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
