import Foundation
import Remedy

/// swift-argument-parser's errors, recognised by their structure — the module-qualified type name, the
/// parser error's case, the fields `message` and `rawValue` — so that RemedyTerminal needs no dependency
/// on the parser.
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

    /// The parser error cases that are requests, answered with text and the status 0, not failures.
    private static let requests: Set<String> = [
        "helpRequested", "versionRequested", "dumpHelpRequested", "completionScriptRequested",
        "completionScriptCustomResponse",
    ]

    /// The name of one of the parser's error types (`CommandError`), or `nil` for any other type: only the
    /// parser's own module names the family, an app's `ValidationError` is the app's.
    static func typeName(of value: Any) -> String? {
        let qualified = String(reflecting: type(of: value))
        guard qualified.hasPrefix("ArgumentParser.") else { return nil }
        let name = String(qualified.dropFirst("ArgumentParser.".count))
        return ["CommandError", "ParserError", "ValidationError", "CleanExit", "ExitCode"].contains(name) ? name : nil
    }

    /// What one of the parser's errors says, or `nil` for any other error and for a `ParserError` that
    /// only carries a tool's own error from `validate()` (that error speaks for itself, one node deeper).
    static func kind(of error: any Error) -> Kind? {
        typeName(of: error).flatMap { kind(of: error, typeName: $0) }
    }

    private static func kind(of value: Any, typeName: String, depth: Int = 0) -> Kind? {
        switch typeName {
        case "ValidationError":
            return .usage(message: field("message", of: value) as? String)
        case "CleanExit":
            return .cleanExit
        case "ExitCode":
            guard let code = field("rawValue", of: value) as? Int32 else { return nil }
            return code == 0 ? .cleanExit : .exitCode(code)
        case "CommandError":
            guard let parserError = field("parserError", of: value) else { return nil }
            return kind(ofParserError: parserError, depth: depth)
        case "ParserError":
            return kind(ofParserError: value, depth: depth)
        default:
            return nil
        }
    }

    private static func kind(ofParserError value: Any, depth: Int) -> Kind? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        // A case with a payload is the mirror's one child, named after it; a case without one is its description.
        let name = mirror.children.first?.label ?? String(String(describing: value).prefix { $0 != "(" })
        if requests.contains(name) { return .cleanExit }
        switch name {
        case "notImplemented", "invalidState":
            return .parserBug
        case "userValidationError":
            // The error `validate()` threw: the parser's own kinds are read, a tool's error speaks for itself.
            guard depth < 2, let inner = mirror.children.first?.value as? any Error,
                let typeName = typeName(of: inner)
            else { return nil }
            return kind(of: inner, typeName: typeName, depth: depth + 1)
        default:
            return .usage(message: nil)
        }
    }

    /// A stored property of a value, by label.
    private static func field(_ label: String, of value: Any) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }

    // MARK: - Interpretation

    /// The interpretation of one of the parser's errors, or `nil` for an error the parser only carries.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - localization: The language of Remedy's texts.
    ///   - trust: The app's declaration for the error's type (``ErrorCatalog/setTextTrust(_:for:)``), or `nil`
    ///     for the default policy: the text is shown unless it reads like developer text.
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
        if (trust ?? (ErrorCatalog.readsAsDeveloperText(text) ? .untrusted : .trusted)) == .trusted {
            interpretation.message = text
        } else {
            interpretation.detail = text
        }
        return interpretation
    }
}

extension ErrorCatalog {
    /// The standard catalog, with swift-argument-parser's errors recognised: a command line the parser
    /// can't use and a `ValidationError` read "Check the Command" (a `ValidationError` with its message),
    /// invalid input that is never retried; `--help`, `--version`, `CleanExit` and `ExitCode` are never
    /// shown.
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), catalog: .commandLine)
    /// ```
    public static var commandLine: ErrorCatalog {
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineErrors()
        return catalog
    }

    /// Recognises swift-argument-parser's errors as ``commandLine`` does, among the built-in entries: the
    /// app's entries answer first, and its trust declarations for the parser's types apply.
    mutating func registerCommandLineErrors() {
        registerBuiltIn { error, localization, trust in
            CommandLineErrors.interpretation(of: error, localization: localization, trust: trust)
        }
    }

    /// Recognises swift-argument-parser's errors (as ``commandLine`` does) and shows the parser's own message
    /// for a command line it can't use, as the parser words it.
    ///
    /// A `ValidationError` reads with its message, `--help`, `--version`, `CleanExit` and `ExitCode` are never
    /// shown, and any other command line the parser can't use reads "Check the Command". The parser's message
    /// for such an error (an unknown option, a value that isn't one of an enumeration's) is made by the
    /// command, with its usage, so pass it the command's `message(for:)`:
    ///
    /// ```swift
    /// var catalog = ErrorCatalog.standard
    /// catalog.registerCommandLineMessages(Export.message(for:))
    /// ```
    ///
    /// A person then reads "The value 'pdf' is invalid for '--format <format>'. Please provide one of 'csv'
    /// and 'json'." The text passes the trust policy's developer-text screen first (`ErrorCatalog.TextTrust`): one that
    /// reads like developer text is Remedy's "Check the Command" instead. The function is asked only about
    /// the parser's errors for a command line it can't use (those `parse()` and `parseAsRoot()` throw), never
    /// about help requests, clean exits or errors of other kinds.
    ///
    /// - Parameter message: The command's `message(for:)`: the parser's message for one of its errors.
    public mutating func registerCommandLineMessages(_ message: @escaping @Sendable (any Error) -> String) {
        registerCommandLineErrors()
        register { error, localization in
            guard CommandLineErrors.typeName(of: error) == "CommandError",
                case .usage? = CommandLineErrors.kind(of: error)
            else { return nil }
            let text = message(error).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !ErrorCatalog.readsAsDeveloperText(text) else { return nil }
            return CommandLineErrors.usage(text, localization: localization, trust: .trusted)
        }
    }
}
