import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal
import RemedyTesting
import Testing

/// swift-argument-parser's real errors, which the library products recognise by their structure alone: a
/// command line the parser can't use reads "Check the Command" with the parser's own words, after the trust
/// policy; `--help`, `--version` and clean exits are never presented; each ends with its exit status.
@Suite(.timeLimit(.minutes(10)))
struct ArgumentParserErrorTests {
    /// A notes exporter: an enumeration, a transform that validates, a `validate()` and a version.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "convert", version: "1.2.0")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case csv, json
        }

        @Option var format: Format = .csv

        @Option(transform: Convert.positive)
        var count = 1

        @Argument var input: String

        static func positive(_ text: String) throws -> Int {
            guard let count = Int(text), count > 0 else { throw ValidationError("The count must be positive.") }
            return count
        }

        func validate() throws {
            if input == "settings.txt" { throw SettingsError() }
            guard input.hasSuffix(".txt") else { throw ValidationError("The notes file must be a .txt file.") }
        }
    }

    /// A tool's own error thrown from `validate()`.
    struct SettingsError: PresentableError {
        var message: String { "The settings can't be exported." }
        var category: ErrorCategory { ErrorCategory("configuration") }
    }

    /// An app's layer enum around the parser's error.
    enum ToolError: Error {
        case arguments(any Error)
    }

    /// The error parsing and running the command line throws, as a tool's `main()` catches it.
    static func error(_ arguments: [String]) throws -> any Error {
        do {
            var command = try Convert.parseAsRoot(arguments)
            try command.run()
        } catch {
            return error
        }
        throw CancellationError()  // the command line was fine: no error to test
    }

    static let english = Localization(language: "en")

    static var catalog: ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages(Convert.message(for:))
        return catalog
    }

    static func presentation(_ error: any Error, catalog: ErrorCatalog = .commandLine) -> Presentation {
        ErrorResolver(catalog: catalog, localization: english).presentation(for: error)
    }

    static let usageTitle = "Check the Command"
    static let usageMessage =
        "The command can't run with these options or arguments. Run it with --help to see what it accepts."

    // MARK: - The shapes Remedy reads

    /// Remedy reads the parser's errors by module-qualified type name and field: if swift-argument-parser
    /// renames them, this fails first.
    @Test func theParsersErrorsHaveTheShapesRemedyReads() throws {
        let badValue = try Self.error(["--format", "pdf", "notes.txt"])
        #expect(String(reflecting: type(of: badValue)) == "ArgumentParser.CommandError")
        let parserError = try #require(Mirror(reflecting: badValue).children.first { $0.label == "parserError" })
        #expect(String(reflecting: type(of: parserError.value)) == "ArgumentParser.ParserError")
        #expect(Mirror(reflecting: parserError.value).children.first?.label == "unableToParseValue")
        let validation = ValidationError("Wrong.")
        #expect(String(reflecting: type(of: validation)) == "ArgumentParser.ValidationError")
        #expect(Mirror(reflecting: validation).children.first { $0.label == "message" }?.value as? String == "Wrong.")
        #expect(String(reflecting: ExitCode.self) == "ArgumentParser.ExitCode")
        #expect(Mirror(reflecting: ExitCode(3)).children.first { $0.label == "rawValue" }?.value as? Int32 == 3)
        #expect(String(reflecting: CleanExit.self) == "ArgumentParser.CleanExit")
        let help = try Self.error(["--help"])
        let request = try #require(Mirror(reflecting: help).children.first { $0.label == "parserError" })
        #expect(Mirror(reflecting: request.value).children.first?.label == "helpRequested")
    }

    /// Only the parser's own module names the family: an app's `ValidationError` is the app's.
    @Test func onlyTheParsersTypesAreItsFamily() {
        struct ValidationError: Error { var message: String }
        let presentation = Self.presentation(ValidationError(message: "The notes file must be a .txt file."))
        #expect(presentation.title != Self.usageTitle)
        #expect(presentation.message != "The notes file must be a .txt file.")
    }

    /// The standard catalog alone knows nothing of the parser: only a catalog that recognises its errors
    /// reads them.
    @Test func onlyACatalogThatRecognisesTheParserReadsItsErrors() throws {
        let error = try Self.error(["--fromat", "notes.txt"])
        #expect(Self.presentation(error, catalog: .standard).title != Self.usageTitle)
        #expect(Self.presentation(error, catalog: .commandLine).title == Self.usageTitle)
        var registered = ErrorCatalog.standard
        registered.registerCommandLineMessages(Convert.message(for:))
        #expect(Self.presentation(ValidationError("Wrong."), catalog: registered).message == "Wrong.")
    }

    // MARK: - What the person reads

    @Test func aValueOutsideTheEnumerationReadsAsTheParserWordsIt() throws {
        let error = try Self.error(["--format", "pdf", "notes.txt"])
        let presentation = Self.presentation(error, catalog: Self.catalog)
        #expect(presentation.title == Self.usageTitle)
        #expect(
            presentation.message
                == "The value 'pdf' is invalid for '--format <format>'. Please provide one of 'csv' and 'json'.")
        #expect(presentation.message == Convert.message(for: error))
        #expect(presentation.category == .invalidInput)
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test(arguments: [
        ["--fromat", "notes.txt"], [], ["notes.txt", "more.txt"], ["--count", "many", "notes.txt"],
    ])
    func eachCommandLineTheParserCantUseReadsAsItWordsIt(_ arguments: [String]) throws {
        let error = try Self.error(arguments)
        let presentation = Self.presentation(error, catalog: Self.catalog)
        #expect(presentation.title == Self.usageTitle)
        #expect(presentation.message == Convert.message(for: error))
        #expect(!presentation.message.isEmpty)
    }

    /// Without the command's messages, Remedy still knows the command line was wrong, and says so in the
    /// person's language.
    @Test func withoutTheCommandsMessagesABadCommandLineReadsCheckTheCommand() throws {
        let error = try Self.error(["--fromat", "notes.txt"])
        let presentation = Self.presentation(error)
        #expect(presentation.title == Self.usageTitle)
        #expect(presentation.message == Self.usageMessage)
        #expect(presentation.options.map(\.title) == ["OK"])
        let german = ErrorResolver(catalog: .commandLine, localization: Localization(language: "de"))
            .presentation(for: error)
        #expect(german.title == "Befehl prüfen")
        #expect(german.message.contains("--help"))
    }

    /// A `ValidationError` is the tool's own words for its person: thrown by `validate()`, bare, inside an
    /// app's enum or a context layer, it reads the same, and never offers Try Again.
    @Test func aValidationErrorReadsWithItsOwnTextHoweverItIsWrapped() async throws {
        let fromValidate = try Self.error(["notes.md"])
        let bare = ValidationError("The notes file must be a .txt file.")
        let errors: [any Error] = [
            fromValidate, bare, ToolError.arguments(fromValidate), ContextError("Exporting", wrapping: bare),
        ]
        for error in errors {
            let presentation = Self.presentation(error)
            #expect(presentation.title == Self.usageTitle, "\(error)")
            #expect(presentation.message == "The notes file must be a .txt file.", "\(error)")
            #expect(presentation.category == .invalidInput, "\(error)")
        }
        let harness = HandlingHarness(answers: [.title("OK")], catalog: .commandLine)
        let exported = await harness.scope.attempt("Exporting") { () throws -> Int in throw bare }
        #expect(exported == nil)
        #expect(harness.presentations.map(\.options).map { $0.map(\.title) } == [["OK"]])
    }

    /// A transform's `ValidationError`: its own text without the command's messages, the parser's whole
    /// sentence, which names the option, with them.
    @Test func aTransformsValidationErrorReadsWithTheOptionItConcerns() throws {
        let error = try Self.error(["--count", "0", "notes.txt"])
        #expect(Self.presentation(error).message == "The count must be positive.")
        #expect(
            Self.presentation(error, catalog: Self.catalog).message
                == "The value '0' is invalid for '--count <count>': The count must be positive.")
    }

    /// A tool's own error from `validate()` speaks for itself, one level below the parser's.
    @Test func aToolsOwnErrorFromValidateSpeaksForItself() throws {
        let error = try Self.error(["settings.txt"])
        for catalog in [ErrorCatalog.commandLine, Self.catalog] {
            let presentation = Self.presentation(error, catalog: catalog)
            #expect(presentation.message == "The settings can't be exported.")
            #expect(presentation.category.identifier == "configuration")
        }
        let root = ErrorScope.root(presenter: ScriptedPresenter(), logger: LogRecording().logger())
        #expect(root.exitStatus(for: error) == .configuration)
    }

    // MARK: - The trust policy

    /// Text that reads like a developer's — a source path, a type name — is only the detail.
    @Test(arguments: ["Failed in Sources/Convert/Convert.swift:12.", "A DecodingError was thrown."])
    func developerTextIsOnlyTheDetail(_ text: String) {
        let presentation = Self.presentation(ValidationError(text))
        #expect(presentation.title == Self.usageTitle)
        #expect(presentation.message == Self.usageMessage)
        #expect(presentation.detail == text)
    }

    /// The command's message goes through the same screen.
    @Test func developerTextFromTheMessagesFunctionIsNotTheMessage() throws {
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages { _ in "Parser state: `InputOrigin` at /Sources/Parser.swift:10" }
        let presentation = Self.presentation(try Self.error(["--fromat", "notes.txt"]), catalog: catalog)
        #expect(presentation.message == Self.usageMessage)
    }

    /// The app's declaration for `ValidationError` wins over the screen, either way.
    @Test func theAppsDeclarationForValidationErrorWins() {
        var untrusting = ErrorCatalog.commandLine
        untrusting.setTextTrust(.untrusted, for: ValidationError.self)
        let plain = Self.presentation(ValidationError("The notes file must be a .txt file."), catalog: untrusting)
        #expect(plain.message == Self.usageMessage)
        #expect(plain.detail == "The notes file must be a .txt file.")
        var trusting = ErrorCatalog.commandLine
        trusting.setTextTrust(.trusted, for: ValidationError.self)
        let path = Self.presentation(ValidationError("Write to ~/Sources/notes.csv instead."), catalog: trusting)
        #expect(path.message == "Write to ~/Sources/notes.csv instead.")
    }

    /// The command's message function is asked only about the parser's errors it can word.
    @Test func theMessagesFunctionIsAskedOnlyAboutACommandLineItCantUse() throws {
        let asked = LockedValue<[String]>([])
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages { error in
            asked.withLock { $0.append(String(describing: type(of: error))) }
            return Convert.message(for: error)
        }
        let resolver = ErrorResolver(catalog: catalog, localization: Self.english)
        for error in [
            try Self.error(["--help"]), try Self.error(["--version"]), try Self.error(["notes.md"]),
            CocoaError(.fileReadNoSuchFile), ValidationError("Wrong."), CleanExit.message("Done."),
        ] as [any Error] {
            _ = resolver.presentation(for: error)
        }
        // Once: for `validate()`'s error, which the parser wraps; never for help, a version or other errors.
        #expect(asked.withLock { $0 } == ["CommandError"])
        _ = resolver.presentation(for: try Self.error(["--format", "pdf", "notes.txt"]))
        #expect(asked.withLock { $0 }.count == 2)
    }

    // MARK: - Clean exits and statuses

    /// `--help`, `--version`, `CleanExit` and `ExitCode.success` are no failures: silent, never shown, 0.
    @Test(arguments: ["--help", "-h", "--version", "clean", "success"])
    func cleanExitsAreNeverPresented(_ argument: String) async throws {
        let error: any Error =
            switch argument {
            case "clean": CleanExit.message("Exported.")
            case "success": ExitCode.success
            default: try Self.error([argument])
            }
        let harness = HandlingHarness(catalog: Self.catalog)
        #expect(await harness.scope.handle(error).value == .silenced)
        #expect(harness.presentations.isEmpty)
        #expect(harness.scope.exitStatus(for: error) == .success)
        #expect(harness.scope.exitStatus(for: ContextError("Exporting", wrapping: error)) == .success)
    }

    /// A tool that throws `ExitCode` told the person why itself: nothing is shown, and the status is its.
    @Test(arguments: [Int32(3), 64, 1])
    func anExitCodeIsNotPresentedAndIsTheStatus(_ code: Int32) async {
        let harness = HandlingHarness(catalog: .commandLine)
        #expect(await harness.scope.handle(ExitCode(code)).value == .silenced)
        #expect(harness.presentations.isEmpty)
        #expect(harness.scope.exitStatus(for: ExitCode(code)) == ProcessExitStatus(rawValue: code))
    }

    /// Every command line the parser can't use ends with 64, as the parser's own `exit(withError:)` does.
    @Test(arguments: [
        ["--format", "pdf", "notes.txt"], ["--fromat", "notes.txt"], [], ["notes.txt", "more.txt"],
        ["notes.md"], ["--count", "0", "notes.txt"],
    ])
    func aCommandLineTheParserCantUseEndsWithUsage(_ arguments: [String]) throws {
        let error = try Self.error(arguments)
        let root = ErrorScope.root(presenter: ScriptedPresenter(), logger: LogRecording().logger())
        #expect(root.exitStatus(for: error) == .usage)
        #expect(root.exitStatus(for: error).rawValue == Convert.exitCode(for: error).rawValue)
        #expect(root.exitStatus(for: ToolError.arguments(error)) == .usage)
    }
}
