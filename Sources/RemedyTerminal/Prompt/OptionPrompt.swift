import Foundation
import Remedy

/// The options of a presentation as a terminal prompt: each with a number and a key, and the rules for
/// turning a typed answer into an option.
///
/// Numbers count from 1 in the presentation's order. Keys are letters: each option takes the first
/// letter of its title that no earlier option took (usually its initial), so every key is unique; an
/// option whose title has no free letter has only its number. Only Latin letters (with their accents,
/// as on European keyboards) become keys: `再` or `キ` can't be typed with one key press, so options
/// titled in Japanese or Chinese are chosen by number.
package struct OptionPrompt: Sendable {
    /// One option of the prompt.
    package struct Entry: Sendable {
        /// The option's number, from 1.
        package let number: Int
        /// The option's letter key, lower-cased, or `nil` when it has none.
        package let key: Character?
        /// The option.
        package let option: RecoveryOption
    }

    /// The entries, in the presentation's order.
    package let entries: [Entry]
    /// The option chosen by an empty answer (Return / Enter), if any.
    package let defaultOption: RecoveryOption?

    /// Creates the prompt of a presentation.
    ///
    /// - Parameter presentation: The presentation whose options to offer.
    package init(_ presentation: Presentation) {
        self.init(options: presentation.options, defaultOption: presentation.defaultOption)
    }

    /// Creates a prompt of options.
    ///
    /// - Parameters:
    ///   - options: The options, in order.
    ///   - defaultOption: The option an empty answer chooses, or `nil`.
    package init(options: [RecoveryOption], defaultOption: RecoveryOption?) {
        var taken = Set<Character>()
        var entries: [Entry] = []
        entries.reserveCapacity(options.count)
        for (index, option) in options.enumerated() {
            // Only the start of a title is searched, so a huge title costs nothing.
            let key = option.title.prefix(200).lazy
                .flatMap { $0.lowercased() }
                .first { $0.isTypableKey && !taken.contains($0) }
            if let key { taken.insert(key) }
            entries.append(Entry(number: index + 1, key: key, option: option))
        }
        self.entries = entries
        self.defaultOption = defaultOption
    }

    /// The entry of the default option, if any.
    package var defaultEntry: Entry? {
        guard let defaultOption else { return nil }
        return entries.first { Self.isSame($0.option, defaultOption) }
    }

    /// The option an answer stands for, or `nil` when it fits none.
    ///
    /// Answers are trimmed and compared case-insensitively, in this order:
    /// 1. empty: the default option (none when there is no default);
    /// 2. a number: the option with that number (other numbers go on to the titles);
    /// 3. one letter: the option with that key;
    /// 4. an option's title;
    /// 5. a role: `cancel` the cancel option (the only option when there is one), `recommended` or
    ///    `default` the default option,
    ///    `destructive` the only destructive option.
    ///
    /// - Parameter answer: What was typed, without the line ending.
    /// - Returns: The chosen option, or `nil`.
    package func option(forAnswer answer: String) -> RecoveryOption? {
        // Titles are short; a huge answer can't match one and isn't worth lower-casing whole.
        guard answer.utf8.count <= 1_000 else { return nil }
        let trimmed = answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.isEmpty { return defaultOption }
        if let number = Int(trimmed), let entry = entries.first(where: { $0.number == number }) {
            return entry.option
        }
        if trimmed.count == 1, let letter = trimmed.first {
            if let entry = entries.first(where: { $0.key == letter }) { return entry.option }
        }
        if let entry = entries.first(where: { $0.option.title.trimmedLowercased == trimmed }) {
            return entry.option
        }
        switch trimmed {
        case "cancel":
            // Dismissing an alert whose only option is OK acknowledges it.
            let cancel = entries.first { $0.option.role == .cancel }?.option
            return cancel ?? (entries.count == 1 ? entries[0].option : nil)
        case "recommended", "default":
            return defaultOption
        case "destructive":
            let destructive = entries.filter { $0.option.role == .destructive }
            return destructive.count == 1 ? destructive[0].option : nil
        default:
            return nil
        }
    }

    static func isSame(_ lhs: RecoveryOption, _ rhs: RecoveryOption) -> Bool {
        lhs.title == rhs.title && lhs.role == rhs.role
    }
}

extension Character {
    /// A Latin letter (Basic Latin to Latin Extended-B), which a keyboard of the language types in one press.
    fileprivate var isTypableKey: Bool {
        isLetter && unicodeScalars.count == 1 && unicodeScalars.allSatisfy { $0.value < 0x250 }
    }
}

extension String {
    fileprivate var trimmedLowercased: String {
        trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
