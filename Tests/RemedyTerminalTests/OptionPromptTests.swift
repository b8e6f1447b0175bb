import Remedy
import RemedyTerminal
import Testing

struct OptionPromptTests {
    func option(_ title: String, _ role: RecoveryOption.Role = .normal) -> RecoveryOption {
        RecoveryOption(title: title, role: role) { .notRecovered }
    }

    @Test func keysAreInitialsThenTheNextFreeLetter() {
        let prompt = OptionPrompt(
            options: [option("Sign In"), option("Save"), option("Sync"), option("Cancel", .cancel)],
            defaultOption: nil
        )
        #expect(prompt.entries.map(\.key) == ["s", "a", "y", "c"])
        #expect(prompt.entries.map(\.number) == [1, 2, 3, 4])
    }

    @Test func optionWithoutAFreeLetterHasOnlyANumber() {
        let prompt = OptionPrompt(options: [option("A"), option("a!"), option("42")], defaultOption: nil)
        #expect(prompt.entries.map(\.key) == ["a", nil, nil])
        #expect(prompt.option(forAnswer: "2")?.title == "a!")
        #expect(prompt.option(forAnswer: "42")?.title == "42")
    }

    @Test func keysAreLowerCaseAndMatchEitherCase() {
        let prompt = OptionPrompt(options: [option("Übernehmen"), option("Ändern")], defaultOption: nil)
        #expect(prompt.entries.map(\.key) == ["ü", "ä"])
        #expect(prompt.option(forAnswer: "Ä")?.title == "Ändern")
    }

    @Test func emptyAnswerWithoutDefaultFitsNothing() {
        let prompt = OptionPrompt(options: [option("A"), option("B")], defaultOption: nil)
        #expect(prompt.option(forAnswer: "") == nil)
        #expect(prompt.defaultEntry == nil)
        #expect(prompt.option(forAnswer: "recommended") == nil)
        #expect(prompt.option(forAnswer: "cancel") == nil)
    }

    @Test func destructiveRoleFitsOnlyWhenThereIsExactlyOne() {
        let one = OptionPrompt(options: [option("Erase", .destructive), option("Keep")], defaultOption: nil)
        let two = OptionPrompt(
            options: [option("Erase", .destructive), option("Wipe", .destructive)],
            defaultOption: nil
        )
        #expect(one.option(forAnswer: "destructive")?.title == "Erase")
        #expect(two.option(forAnswer: "destructive") == nil)
    }

    @Test func hugeAnswerFitsNothing() {
        let prompt = OptionPrompt(options: [option("A")], defaultOption: nil)
        #expect(prompt.option(forAnswer: String(repeating: "a", count: 2_000)) == nil)
    }
}
