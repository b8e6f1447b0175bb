import Foundation
import Remedy
import RemedyTerminal

@main
struct Notes {
    static func main() async {
        let root = ErrorScope.root(
            presenter: TerminalPresenter(),  // alerts as prompts, on standard error
            logger: .file("notes.log")  // Remedy's records, kept out of the person's way
        )
        let notes = await root.attempt("Loading the notes") {
            try String(contentsOfFile: "notes.txt", encoding: .utf8)
        }
        guard let notes else { exit(1) }  // the person was told why; notes.log has the details
        print(notes)  // standard output stays the tool's own
    }
}
