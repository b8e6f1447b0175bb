import Logging
import RemedyTesting
import Testing

@Suite(.timeLimit(.minutes(10)))
struct LogRecordingTests {
    @Test func recordsLevelMessageAndMergedMetadata() throws {
        let recording = LogRecording()
        var logger = recording.logger(label: "test", level: .info)
        logger[metadataKey: "request"] = "42"
        logger.debug("hidden")
        logger.error("visible", metadata: ["outcome": "silenced"])
        let entry = try #require(recording.entries.first)
        #expect(recording.entries.count == 1)
        #expect(entry.level == .error)
        #expect(entry.message == "visible")
        #expect(entry["request"] == "42")
        #expect(entry.outcome == .silenced)
        #expect(entry.label == "test")
        #expect(recording.handledErrors.count == 1)
        recording.removeAll()
        #expect(recording.entries.isEmpty)
    }

    @Test func waitsForHandledErrorsWithoutSleeping() async {
        let recording = LogRecording()
        let logger = recording.logger()
        let task = Task { await recording.waitForHandledErrors(2) }
        logger.notice("one", metadata: ["outcome": "presented"])
        logger.notice("other")
        logger.notice("two", metadata: ["outcome": "gaveUp"])
        #expect(await task.value)
        #expect(recording.entries(outcome: .gaveUp).map(\.message) == ["two"])
    }
}
