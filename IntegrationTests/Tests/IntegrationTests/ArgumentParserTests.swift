import ArgumentParser
import IntegrationSupport
import Remedy
import RemedyTerminal
import Testing

/// Command lines that swift-argument-parser refuses through `parseAsRoot(_:)`: its errors are the package's
/// internal `CommandError`; a person reads the parser's own text, as the tool would print it.
@Suite(.timeLimit(.minutes(5)))
struct ArgumentParserTests {
    @Test("A bad option value: invalid input with the parser's own text, no Try Again")
    func badValue() async throws {
        let seen = try await observe("argumentParser.badValue")
        let parserText = ExportCommand.message(for: seen.error)
        #expect(parserText.contains("The value 'pdf' is invalid"), "the parser says: \(parserText)")
        expectPersonFacing(seen, alsoForbidden: ["CommandError", "ParserError", "unableToParseValue", "InputKey"])
        expectKind(seen, .commandLine)
        // Without the command's own message function, Remedy's calm text, which points to the help.
        #expect(seen.presentation.message.contains("--help"), "the person reads “\(seen.presentation.message)”")
        // With it, as the command-line article shows: the parser's words.
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages(ExportCommand.message(for:))
        let told = ErrorResolver(catalog: catalog, localization: Observation.english).presentation(for: seen.error)
        #expect(
            told.message.contains(parserText), "the person reads “\(told.message)”, the parser says “\(parserText)”")
        #expect(told.category == .invalidInput)
        let tryAgain = RecoveryOption.retry.localizedTitle(in: Observation.english)
        #expect(!told.options.contains { $0.localizedTitle(in: Observation.english) == tryAgain })
        expectReport(seen, keeps: ["CommandError", "unableToParseValue", "pdf"])
    }

    @Test("A ValidationError from validate(): invalid input with its message, no Try Again")
    func validationError() async throws {
        let seen = try await observe("argumentParser.validation")
        expectPersonFacing(seen, alsoForbidden: ["CommandError", "ParserError", "userValidationError"])
        expectKind(seen, .commandLine)
        let message = seen.presentation.message
        #expect(message.contains("Please specify a limit of at least 1 note."), "the person reads “\(message)”")
        expectReport(seen, keeps: ["ValidationError", "Please specify a limit of at least 1 note."])
    }

    /// `--help` (the parser's `helpRequested`, thrown by `parse`) and an app's `CleanExit` are no failures:
    /// the tool prints the help or the message and exits with 0.
    @Test("A request for help is not presented as a failure")
    func helpIsNotAFailure() async throws {
        let failureCase = try #require(Failures.named("argumentParser.help"))
        let parsed = try await failureCase.error()
        #expect(ExportCommand.exitCode(for: parsed) == .success)
        for error in [parsed, CleanExit.helpRequest(ExportCommand.self)] {
            let seen = await Observation(of: error)
            let isSilent = seen.interpretation.isSilent
            #expect(isSilent, "\(type(of: error)) reads “\(seen.presentation.title)”, “\(seen.presentation.message)”")
            #expect(seen.attempted == nil, "attempt presented “\(seen.attempted?.title ?? "")”")
        }
    }
}
