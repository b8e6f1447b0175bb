import Foundation
import Remedy
import RemedyTerminal

@main
struct Notes {
    static func main() async {
        let root = ErrorScope.root(
            presenter: TerminalPresenter(),  // alerts as prompts, on standard error
            logger: .stateFile("notes.log", tool: "notes")  // Remedy's records, in ~/.local/state/notes
        )
        let notes = await root.attemptOrExit("Loading the notes") {
            try String(contentsOfFile: "notes.txt", encoding: .utf8)
        }  // without notes: the person is told why, and the tool exits with its status (66, no input)
        print(notes)  // standard output stays the tool's own
    }
}
