import ArgumentParser
import Foundation

extension Failures {
    // MARK: - swift-argument-parser

    /// A command line that swift-argument-parser refuses, parsed the way a tool's `main` does with
    /// `parseAsRoot(_:)`: the errors are the package's internal `CommandError`, which only the command's
    /// `message(for:)` turns into text; and a request for help, which is no failure.
    static let argumentParser: [FailureCase] = [
        FailureCase(
            "argumentParser.badValue", library: "swift-argument-parser",
            summary: "parse `export --format pdf` where the format is csv or json"
        ) { workspace in
            try await workspace.failure { try ExportCommand.parseAsRoot(["--format", "pdf", "notes"]) }
        },
        FailureCase(
            "argumentParser.validation", library: "swift-argument-parser",
            summary: "parse `export --limit 0 notes`, which validate() refuses with a ValidationError"
        ) { workspace in
            try await workspace.failure { try ExportCommand.parseAsRoot(["--limit", "0", "notes"]) }
        },
        // Not a failure: the person asked for help, and a tool prints the help and exits with 0. `parseAsRoot`
        // returns a help command for `--help`; `parse` throws the parser's `helpRequested`.
        FailureCase(
            "argumentParser.help", library: "swift-argument-parser",
            summary: "parse(`--help`) (not a failure: a request for help, exit code 0)"
        ) { workspace in
            try await workspace.failure { try ExportCommand.parse(["--help"]) }
        },
    ]
}

/// The command the cases parse: `export [--format csv|json] [--limit N] <notebook>`.
public struct ExportCommand: ParsableCommand {
    /// The formats the command writes.
    public enum Format: String, ExpressibleByArgument, Sendable {
        case csv, json
    }

    public static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Exports a notebook."
    )

    /// The format to write.
    @Option(help: "The format to write.")
    public var format: Format = .csv

    /// How many notes to export at most.
    @Option(help: "How many notes to export at most.")
    public var limit: Int = 100

    /// The notebook to export.
    @Argument(help: "The notebook to export.")
    public var notebook: String

    public init() {}

    public func validate() throws {
        guard limit > 0 else {
            throw ValidationError("Please specify a limit of at least 1 note.")
        }
    }
}
