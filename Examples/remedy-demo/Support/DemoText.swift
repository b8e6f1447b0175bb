import Foundation
import Remedy

/// The demo's own words — menu, scenarios, narration, its errors and options — in the language of
/// Remedy's texts, from the string tables in `Resources/<language>.lproj/Demo.strings`.
///
/// The table is chosen by ``Localization/language`` explicitly, not by `Bundle.preferredLocalizations`:
/// on Linux `Locale.current` is `en_001` whatever the environment says. A key missing from a language
/// falls back to English, then to the key itself (so a missing text shows in tests). Numbers follow the
/// POSIX environment's locale (`LC_ALL`, `LC_NUMERIC`, `LANG`) when it is of the texts' language, else the
/// language's own conventions, so "0,13 s" stands beside "21,5 °C" in German.
struct DemoText: Sendable {
    /// The language of the texts, one of ``Localization/supportedLanguages``.
    let language: String
    /// The locale numbers are written in.
    let locale: Locale
    private let table: [String: String]
    private let english: [String: String]

    init(_ localization: Localization) {
        language = localization.language
        locale = Self.numberLocale(language: localization.language, environment: ProcessInfo.processInfo.environment)
        english = Self.load("en")
        table = language == "en" ? english : Self.load(language)
    }

    /// A number as the locale writes it, with at most `fractionDigits` digits after the decimal separator.
    func number(_ value: Double, fractionDigits: Int = 0) -> String {
        value.formatted(.number.precision(.fractionLength(0...fractionDigits)).locale(locale))
    }

    /// A count as the locale writes it ("1.200" in German).
    func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// The POSIX environment's locale for numbers when it speaks `language` (`de_CH.UTF-8` for German), else
    /// the language's own. Foundation's `Locale.current` can't tell: on Linux it is `en_001` whatever is set.
    static func numberLocale(language: String, environment: [String: String]) -> Locale {
        let posix = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let identifier = posix.map { String($0.prefix { $0 != "." && $0 != "@" }) } ?? ""
        let base = language.split(separator: "-").first.map(String.init) ?? language
        if identifier.split(separator: "_").first.map(String.init) == base {
            return Locale(identifier: identifier)
        }
        return Locale(identifier: language)
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
