import IntegrationSupport
import Remedy
import Testing

/// Parse errors of YAML (Yams), TOML (TOMLKit) and JSON (JSONDecoder): input that fails the same way every
/// time, so never Try Again; the message names the line when the error carries one.
@Suite(.timeLimit(.minutes(5)))
struct DataFormatTests {
    @Test("Bad YAML indentation: can't read, not retried, names line 3; the report keeps Yams's text")
    func yamlIndentation() async throws {
        let seen = try await observe("yams.indentation")
        expectPersonFacing(seen, alsoForbidden: ["did not find expected key", "parser"])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "line 3")
        expectReport(seen, keeps: ["did not find expected key"])
    }

    @Test("An unclosed YAML quote: can't read, not retried, names a line; the report keeps Yams's text")
    func yamlUnclosedQuote() async throws {
        let seen = try await observe("yams.unclosedQuote")
        expectPersonFacing(seen, alsoForbidden: ["found unexpected end of stream", "scanner"])
        expectRecognised(seen)
        expectNoRetry(seen)
        // The quote opens on line 2; Yams reports the end of the stream, line 4.
        let message = seen.presentation.message
        #expect(message.contains("line 2") || message.contains("line 4"), "names no line")
        expectReport(seen, keeps: ["found unexpected end of stream"])
    }

    @Test("A TOML key without a value: can't read, not retried, names line 2; the report keeps TOMLKit's text")
    func toml() async throws {
        let seen = try await observe("toml.parse")
        expectPersonFacing(seen, alsoForbidden: ["key-value pair", "expected value"])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "line 2")
        expectReport(seen, keeps: ["expected value"])
    }

    /// A bare `DecodingError` doesn't say where its data came from — a server's response, most often —
    /// so it reads as data the app can't read (its advice: update the app), never "try again"; the
    /// configuration file a person edited is the `.inFile` case below, which names the file.
    @Test("Malformed JSON from anywhere: not retried, no “try again”")
    func malformedJSON() async throws {
        let seen = try await observe("json.malformed")
        expectPersonFacing(seen)
        expectRecognised(seen)
        expectNoRetry(seen)
        for text in seen.personTexts {
            #expect(!text.localizedCaseInsensitiveContains("try again"), "“\(text)”")
        }
        expectReport(seen, keeps: ["not valid JSON"])
    }

    /// The key of data from anywhere means nothing to a person; in a file they can open it does (below).
    @Test("A missing key: not retried, the key left to the report")
    func missingKey() async throws {
        let seen = try await observe("json.missingKey")
        expectPersonFacing(seen, alsoForbidden: ["port"])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectReport(seen, keeps: ["port"])
    }

    @Test("Malformed JSON rethrown with its file: names “config.json”, not retried, no “update the app”")
    func malformedJSONInFile() async throws {
        let seen = try await observe("json.malformed.inFile")
        expectPersonFacing(seen, codes: [259, 4864])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "config.json")
        for text in seen.personTexts {
            #expect(!text.localizedCaseInsensitiveContains("update the app"), "“\(text)”")
        }
        expectReport(seen, keeps: ["config.json", "not valid JSON"])
    }

    @Test("A missing key rethrown with its file: names “config.json” and the key, not retried")
    func missingKeyInFile() async throws {
        let seen = try await observe("json.missingKey.inFile")
        expectPersonFacing(seen, codes: [259, 4865])
        expectRecognised(seen)
        expectNoRetry(seen)
        expectMessage(seen, names: "config.json")
        expectMessage(seen, names: "port")
        expectReport(seen, keeps: ["config.json", "port"])
    }
}
