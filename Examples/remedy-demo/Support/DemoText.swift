import Foundation
import Remedy

/// The demo's own words — menu, scenarios, narration, its errors and options — in the language of
/// Remedy's texts, from the string tables in `Resources/<language>.lproj/Demo.strings`.
///
/// The table is chosen by ``Localization/language`` explicitly, not by `Bundle.preferredLocalizations`:
/// on Linux `Locale.current` is `en_001` whatever the environment says. A key missing from a language
/// falls back to English, then to the key itself (so a missing text shows in tests).
struct DemoText: Sendable {
    /// The language of the texts, one of ``Localization/supportedLanguages``.
    let language: String
    private let table: [String: String]
    private let english: [String: String]

    init(_ localization: Localization) {
        language = localization.language
        english = Self.load("en")
        table = language == "en" ? english : Self.load(language)
    }

    /// The text for a key, with `%@` or `%1$@`, `%2$@`… replaced by the arguments in order.
    func callAsFunction(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
        var text = table[key] ?? english[key] ?? key
        for (index, argument) in arguments.enumerated() {
            let positional = "%\(index + 1)$@"
            if text.contains(positional) {
                text = text.replacingOccurrences(of: positional, with: argument.description)
            } else if let range = text.range(of: "%@") {
                text.replaceSubrange(range, with: argument.description)
            }
        }
        return text
    }

    /// A word of the server's data that the app knows (a city, a plan, a post's title) in the demo's
    /// language: the key `demo.<group>.<value>`, else the value as it came.
    func word(_ value: String, in group: String) -> String {
        let key = "demo.\(group).\(value)"
        let text = self(key)
        return text == key ? value : text
    }

    /// The table of a language in the demo's resources, or empty.
    private static func load(_ language: String) -> [String: String] {
        // SwiftPM copies `.lproj` folders under lower-case names (`zh-hans.lproj`) on Linux.
        let folder =
            Bundle.module.path(forResource: language, ofType: "lproj")
            ?? Bundle.module.path(forResource: language.lowercased(), ofType: "lproj")
        guard let folder,
            let data = FileManager.default.contents(atPath: folder + "/Demo.strings"),
            let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        else { return [:] }
        return table
    }
}
