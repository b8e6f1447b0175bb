import Foundation
import Testing

/// Every ```` ```swift ```` sample of the README and the DocC catalogs is compiled by a test, word for word,
/// so the documentation can't drift from the code.
///
/// A sample is covered when one Swift file under `Tests/`, `Examples/`, `UICheck/Tests/` or
/// `IntegrationTests/Tests/` contains each of its paragraphs (runs of lines between blank lines) as consecutive
/// lines, compared without their indentation and imports, and imports every module the sample imports.
/// (`IntegrationTests/Tests/` holds the samples of the Hummingbird integration: the root package builds
/// RemedyHummingbird only with its trait, the integration tests always do, and `.ci/run` runs them.) Paragraphs
/// may sit in different places of that file — a type
/// at the top level, the statements in a test function — and the file may add lines around them (stubs for
/// the sample's placeholders, assertions). A line `@main` is left out of the comparison, because a test
/// target has an entry point of its own; the README's command-line tool is compared byte for byte with
/// `Examples/notes/Notes.swift` instead, where it is the real entry point. `UICheck/` compiles the shipped
/// `Sources/RemedyUI` files as the module `CheckedRemedyUI` (SwiftPM wants target names unique across a
/// package graph, and UICheck depends on this package), so in its tests that import stands for
/// `import RemedyUI`.
struct CodeSampleCoverageTests {
    /// A fenced sample in a Markdown file.
    struct Sample: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String

        var description: String { "\(file):\(line)" }

        /// The modules the sample imports.
        var imports: [String] {
            text.split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                return words.count == 2 && words[0] == "import" ? String(words[1]) : nil
            }
        }

        /// The paragraphs to find, each as its lines without indentation, imports and `@main`.
        var paragraphs: [[String]] {
            var paragraphs: [[String]] = [[]]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    paragraphs.append([])
                } else if trimmed != "@main" && !trimmed.hasPrefix("import ") {
                    paragraphs[paragraphs.count - 1].append(trimmed)
                }
            }
            return paragraphs.filter { !$0.isEmpty }
        }
    }

    /// A Swift file that may hold samples.
    struct SourceFile {
        var path: String
        var text: String
        var lines: [String]

        init(path: String, text: String) {
            self.path = path
            self.text = text
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }

        func imports(_ module: String) -> Bool {
            let module = path.hasPrefix("UICheck/") && module == "RemedyUI" ? "CheckedRemedyUI" : module
            return lines.contains { $0 == "import \(module)" || $0.hasSuffix(" import \(module)") }
        }

        func contains(_ paragraph: [String]) -> Bool {
            // Imports are compared by `imports(_:)`, on both sides, so a sample may show an import inside
            // `#if canImport(…)` as the file has it.
            let code = lines.filter { !$0.hasPrefix("import ") }
            guard paragraph.count <= code.count else { return false }
            return (0...(code.count - paragraph.count)).contains { start in
                code[start..<(start + paragraph.count)].elementsEqual(paragraph)
            }
        }

        func covers(_ sample: Sample) -> Bool {
            sample.imports.allSatisfy(imports) && sample.paragraphs.allSatisfy(contains)
        }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README and every Markdown file of the DocC catalogs under `Sources/`.
    static func markdownFiles() -> [String] {
        ["README.md"] + files(under: "Sources", extension: "md").filter { $0.contains(".docc/") }
    }

    /// The paths, relative to the package, of the files with an extension under a folder.
    static func files(under folder: String, extension pathExtension: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == pathExtension }
            .map { folder + "/" + $0.path.dropFirst(base.path.count + 1) }
            .sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The ```` ```swift ```` fences of a Markdown file.
    static func samples(in path: String) throws -> [Sample] {
        var samples: [Sample] = []
        var fence: (line: Int, lines: [Substring])?
        for (index, line) in try read(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed == "```" {
                    samples.append(Sample(file: path, line: open.line, text: open.lines.joined(separator: "\n")))
                    fence = nil
                } else {
                    fence?.lines.append(line)
                }
            } else if trimmed.hasPrefix("```swift") {
                fence = (index + 1, [])
            }
        }
        return samples
    }

    static func allSamples() throws -> [Sample] {
        try markdownFiles().flatMap(samples(in:))
    }

    static func sourceFiles() throws -> [SourceFile] {
        let folders = ["Tests", "Examples", "UICheck/Tests", "IntegrationTests/Tests"]
        return try folders.flatMap { files(under: $0, extension: "swift") }.map {
            SourceFile(path: $0, text: try read($0))
        }
    }

    @Test func theDocumentationHasSamples() throws {
        let samples = try Self.allSamples()
        #expect(samples.count >= 30)
        #expect(Set(samples.map(\.file)).count >= 7)
        #expect(samples.allSatisfy { !$0.paragraphs.isEmpty })
    }

    @Test func everySampleIsCompiledByATestWordForWord() throws {
        let sources = try Self.sourceFiles()
        for sample in try Self.allSamples() {
            let covered = sources.contains { $0.covers(sample) }
            // Name the paragraph no file has, to show where the sample and its test part.
            let missing = sample.paragraphs.first { paragraph in !sources.contains { $0.contains(paragraph) } }
            let imports = sample.imports.isEmpty ? "" : " and imports \(sample.imports.joined(separator: ", "))"
            #expect(
                covered,
                """
                \(sample) isn't compiled by a test: no file under Tests/, Examples/, UICheck/Tests/ or \
                IntegrationTests/Tests/ holds all its paragraphs\(imports); \
                \(missing.map { "no file has the lines starting “\($0[0])”" } ?? "they are in different files")
                """
            )
        }
    }

    @Test func theReadmesCommandLineToolIsTheNotesExample() throws {
        let example = try Self.read("Examples/notes/Notes.swift")
        let samples = try Self.samples(in: "README.md")
        #expect(samples.contains { $0.text + "\n" == example }, "README's tool differs from Examples/notes")
    }

    @Test func theCheckerFindsASampleThatDrifted() throws {
        let source = SourceFile(
            path: "Test.swift", text: "import Remedy\n\nfunc f() {\n    let a = 1\n    let b = 2\n}\n")
        #expect(source.covers(Sample(file: "A.md", line: 1, text: "import Remedy\n\nlet a = 1\nlet b = 2")))
        #expect(!source.covers(Sample(file: "A.md", line: 1, text: "let a = 1\nlet b = 3")))
        #expect(!source.covers(Sample(file: "A.md", line: 1, text: "let a = 1\n\nlet c = 2")))
        #expect(!source.covers(Sample(file: "A.md", line: 1, text: "import RemedyTerminal\n\nlet a = 1")))
        #expect(!source.covers(Sample(file: "A.md", line: 1, text: "let b = 2\nlet a = 1")))
    }

    @Test func onlyUICheckStandsInForRemedyUI() {
        let text = "import CheckedRemedyUI\n\nlet a = 1\n"
        let sample = Sample(file: "A.md", line: 1, text: "import RemedyUI\n\nlet a = 1")
        #expect(SourceFile(path: "UICheck/Tests/UICheckTests/A.swift", text: text).covers(sample))
        #expect(!SourceFile(path: "Tests/RemedyTests/A.swift", text: text).covers(sample))
        #expect(!SourceFile(path: "UICheck/Tests/UICheckTests/A.swift", text: "let a = 1\n").covers(sample))
    }
}
