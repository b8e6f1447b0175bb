import ArgumentParser
import Foundation
import Remedy
import RemedyTerminal

@main
struct Export: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Option(help: "The format to write: csv or json.")
    var format: Format = .csv

    @Argument(help: "The notes file to export, one note a line.")
    var input: String

    func validate() throws {
        guard input.hasSuffix(".txt") else { throw ValidationError("The notes file must be a .txt file.") }
    }

    func run() async throws {
        let notes = try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n").map(String.init)
        switch format {
        case .csv: print(notes.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: "\n"))
        case .json: print(String(decoding: try JSONEncoder().encode(notes), as: UTF8.self))
        }
    }

    static func main() async {
        var catalog = ErrorCatalog.standard
        catalog.registerCommandLineMessages(message(for:))  // the parser's own words for a bad command line
        let root = ErrorScope.root(
            presenter: TerminalPresenter(), catalog: catalog, logger: .stateFile("export.log", tool: "export"))
        do {
            let command = try parse()
            try await command.run()
        } catch let error where exitCode(for: error) == .success {
            exit(withError: error)  // --help and --version: the parser prints them, and exits with 0
        } catch {
            await root.exit(withError: error)  // presented, recorded, and the status of how it ended
        }
    }
}
