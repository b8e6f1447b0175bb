import Foundation

/// swift-argument-parser's errors, recognised by their structure — the module-qualified type name, the
/// parser error's case, the fields `message` and `rawValue` — so that Remedy's library products need no
/// dependency on the parser.
///
/// What the person typed is theirs to read: a command line the parser can't use, and a `ValidationError`
/// a tool throws, are invalid input with the parser's own text (after the trust policy's checks), never
/// offered again as they are. `--help`, `--version`, `CleanExit` and `ExitCode` are no failures to show:
/// they are silent, and ``ProcessExitStatus`` ends the tool with the status they ask for.
///
/// The types, as swift-argument-parser 1.x declares them:
///
/// - `CommandError` (internal): what `parseAsRoot` throws, `commandStack` and a `parserError`.
/// - `ParserError` (internal): an enum; its cases name the kind (`unknownOption`, `unableToParseValue`,
///   `helpRequested`, `userValidationError(Error)`…).
/// - `ValidationError`: a tool's own message for its person, in `message`.
/// - `CleanExit`: help, a message, or a dump of the help, exiting with 0.
/// - `ExitCode`: a status in `rawValue`, for a tool that told the person why itself.
enum CommandLineErrors {
    /// What an error of the parser says about how the tool ends.
    enum Kind: Equatable {
        /// No failure: a help, version or completion request, `CleanExit`, or `ExitCode.success`.
        case cleanExit
        /// The tool ends with this status and has told the person why itself (`ExitCode`).
        case exitCode(Int32)
        /// The command line can't be used; with the `ValidationError`'s message when there is one.
        case usage(message: String?)
        /// The parser's own programming error (`invalidState`, `notImplemented`).
        case parserBug
    }

    /// The type names of the parser's errors, in the module `ArgumentParser`.
    static let typeNames: Set<Substring> = ["CommandError", "ParserError", "ValidationError", "CleanExit", "ExitCode"]

    /// The parser error cases that are requests, answered with text and the status 0, not failures.
    private static let requests: Set<String> = [
        "helpRequested", "versionRequested", "dumpHelpRequested", "completionScriptRequested",
        "completionScriptCustomResponse",
    ]

    /// What one of the parser's errors says, or `nil` for any other error and for a `ParserError` that
    /// only carries a tool's own error from `validate()` (that error speaks for itself, one node deeper).
    static func kind(of error: any Error) -> Kind? {
        let info = ErrorTypeInfo.of(error)
        guard info.ecosystemFamily == .commandLine else { return nil }
        return kind(of: error, typeName: info.name)
    }

    private static func kind(of value: Any, typeName: String, depth: Int = 0) -> Kind? {
        switch typeName {
        case "ValidationError":
            return .usage(message: Reflection.field("message", of: value) as? String)
        case "CleanExit":
            return .cleanExit
        case "ExitCode":
            guard let code = (Reflection.field("rawValue", of: value)).flatMap(Reflection.integer) else { return nil }
            return code == 0 ? .cleanExit : .exitCode(Int32(truncatingIfNeeded: code))
        case "CommandError":
            guard let parserError = Reflection.field("parserError", of: value) else { return nil }
            return kind(ofParserError: parserError, depth: depth)
        case "ParserError":
            return kind(ofParserError: value, depth: depth)
        default:
            return nil
        }
    }

    private static func kind(ofParserError value: Any, depth: Int) -> Kind? {
        guard let name = Reflection.caseName(of: value) else { return nil }
        if requests.contains(name) { return .cleanExit }
        switch name {
        case "notImplemented", "invalidState":
            return .parserBug
        case "userValidationError":
            // The error `validate()` threw: the parser's own kinds are read, a tool's error speaks for itself.
            guard depth < 2, let inner = Mirror(reflecting: value).children.first?.value as? any Error else {
                return nil
            }
            let info = ErrorTypeInfo.of(inner)
            guard info.ecosystemFamily == .commandLine else { return nil }
            return kind(of: inner, typeName: info.name, depth: depth + 1)
        default:
            return .usage(message: nil)
        }
    }

    // MARK: - Interpretation

    /// The interpretation of one of the parser's errors.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - localization: The language of Remedy's texts.
    ///   - trust: The app's declaration for the error's type (``ErrorCatalog/setTextTrust(_:for:)``), or `nil`
    ///     for the default policy: the text is shown unless it reads like developer text.
    /// - Returns: The interpretation, or `nil` for an error the parser only carries.
    static func interpretation(
        of error: any Error,
        localization: Localization,
        trust: ErrorCatalog.TextTrust? = nil
    ) -> ErrorInterpretation? {
        switch kind(of: error) {
        case .cleanExit?, .exitCode?:
            // Not shown: the parser prints the help, and a tool that throws `ExitCode` said why itself.
            return ErrorInterpretation(severity: .minor, isSilent: true)
        case .usage(let message)?:
            return usage(message, localization: localization, trust: trust)
        case .parserBug?:
            return ErrorInterpretation(category: .internalInconsistency, isPermanent: true)
        case nil:
            return nil
        }
    }

    /// Invalid input on the command line: the parser's or the tool's text when a person may read it, else
    /// Remedy's, with the text as detail (where the trust policy puts texts a person may not read as the
    /// message).
    static func usage(
        _ text: String?,
        localization: Localization,
        trust: ErrorCatalog.TextTrust? = nil
    ) -> ErrorInterpretation {
        let text = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        var interpretation = ErrorInterpretation(
            title: localization.string(forKey: "commandLine.usage.title"),
            message: localization.string(forKey: "commandLine.usage.message"),
            category: .invalidInput,
            isPermanent: true
        )
        guard let text, !text.isEmpty else { return interpretation }
        if (trust ?? (DeveloperText.detects(text) ? .untrusted : .trusted)) == .trusted {
            interpretation.message = text
        } else {
            interpretation.detail = text
        }
        return interpretation
    }
}

extension ErrorCatalog {
    /// Shows swift-argument-parser's own message for a command line it can't use, as the parser words it.
    ///
    /// Remedy recognises the parser's errors without depending on it: a `ValidationError` reads with its
    /// message, `--help`, `--version`, `CleanExit` and `ExitCode` are never shown, and any other command
    /// line the parser can't use reads "Check the Command". The parser's message for such an error (an
    /// unknown option, a value that isn't one of an enumeration's) is made by the command, with its usage,
    /// so pass it the command's `message(for:)`:
    ///
    /// ```swift
    /// var catalog = ErrorCatalog.standard
    /// catalog.registerCommandLineMessages(Export.message(for:))
    /// ```
    ///
    /// A person then reads "The value 'pdf' is invalid for '--format <format>'. Please provide one of 'csv'
    /// and 'json'." The text passes the trust policy's developer-text screen first (``TextTrust``): one that
    /// reads like developer text is Remedy's "Check the Command" instead. The function is asked only about
    /// the parser's errors for a command line it can't use (those `parse()` and `parseAsRoot()` throw), never
    /// about help requests, clean exits or errors of other kinds.
    ///
    /// - Parameter message: The command's `message(for:)`: the parser's message for one of its errors.
    public mutating func registerCommandLineMessages(_ message: @escaping @Sendable (any Error) -> String) {
        register { error, localization in
            let info = ErrorTypeInfo.of(error)
            guard info.ecosystemFamily == .commandLine, info.name == "CommandError",
                case .usage? = CommandLineErrors.kind(of: error)
            else { return nil }
            let text = message(error).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !DeveloperText.detects(text) else { return nil }
            return CommandLineErrors.usage(text, localization: localization, trust: .trusted)
        }
    }
}
