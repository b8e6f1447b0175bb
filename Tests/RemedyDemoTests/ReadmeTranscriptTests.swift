import Foundation
import Testing

/// Every transcript of the demo in README.md (a fence whose first line is `$ swift run remedy-demo …`) is
/// checked against the built demo, run with the same arguments at 80 columns, standard output and
/// standard error interleaved as on a terminal. What changes from run to run — the port, the support
/// references, source lines, grouping keys — is compared as a placeholder. A transcript whose second
/// line is `…` is an excerpt: the run must contain it; any other must be the run's whole output.
@Suite(.timeLimit(.minutes(10)))
struct ReadmeTranscriptTests {
    struct Transcript: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var lines: [String]
        var isExcerpt: Bool

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's transcripts of the demo.
    static func transcripts() throws -> [Transcript] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var transcripts: [Transcript] = []
        var fence: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let lines = fence, let command = lines.first, command.hasPrefix("$ swift run remedy-demo") {
                    let body = Array(lines.dropFirst())
                    transcripts.append(
                        Transcript(
                            arguments: shellWords(String(command.dropFirst("$ swift run remedy-demo".count))),
                            lines: body.first == "…" ? Array(body.dropFirst()) : body,
                            isExcerpt: body.first == "…"
                        ))
                }
                fence = fence == nil ? [] : nil
            } else {
                fence?.append(line)
            }
        }
        return transcripts
    }

    /// Words as a shell splits them, for the README's simple commands (double quotes only).
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                word = word ?? ""
            } else if character == " " && !quoted {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        return words
    }

    /// The text with what changes from run to run replaced by placeholders.
    static func normalized(_ text: String) -> String {
        text.replacing(#/127\.0\.0\.1:\d+/#, with: "127.0.0.1:PORT")
            .replacing(#/\b[0-9A-Z]{4}-[0-9A-Z]{4}\b/#, with: "XXXX-XXXX")
            .replacing(#/\.swift:\d+/#, with: ".swift:LINE")
            .replacing(#/groupingKey: [0-9a-f]+/#, with: "groupingKey: KEY")
    }

    @Test func theReadmeHasTranscriptsOfTheDemo() throws {
        let transcripts = try Self.transcripts()
        #expect(transcripts.count >= 2)
        #expect(transcripts.contains { $0.arguments.contains("--report") })
    }

    @Test(arguments: try transcripts())
    func transcriptIsWhatTheDemoPrints(_ transcript: Transcript) async throws {
        let run = try await DemoProcess.run(transcript.arguments, mergesStandardError: true)
        let output = Self.normalized(run.stdout)
        let expected = Self.normalized(transcript.lines.joined(separator: "\n"))
        if transcript.isExcerpt {
            #expect(output.contains(expected + "\n"), "README's excerpt isn't in the output:\n\(output)")
        } else {
            #expect(output == expected + "\n", "README's transcript differs from the output:\n\(output)")
        }
    }

    @Test func placeholdersHideOnlyWhatChanges() {
        #expect(Self.normalized("GET http://127.0.0.1:42309/feed") == "GET http://127.0.0.1:PORT/feed")
        #expect(Self.normalized("Reference HY4C-DA54") == "Reference XXXX-XXXX")
        #expect(Self.normalized("Loaded 3 posts") == "Loaded 3 posts")
        #expect(Self.shellWords(#" feed --answer "Try Again""#) == ["feed", "--answer", "Try Again"])
    }
}
