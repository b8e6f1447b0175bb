import Foundation
import Remedy
import Testing

/// The JSON document for logs and crash reporters.
struct ErrorReportJSONTests {
    typealias Leaf = TreeFixtures.Leaf

    @Test func aSmallTreeEncodesWithStableFieldNames() {
        let line = #line + 1
        let error = ContextError(
            "Loading forecast", wrapping: TreeFixtures.ViewModelError.forecast(.data(.unexpectedStatus(503))))
        let report = ErrorReport(error)
        let file = "RemedyTests/ErrorReportJSONTests.swift"
        #expect(
            report.json
                == #"{"groupingKey":"\#(report.groupingKey)","isTruncated":false,"nodes":["#
                + #"{"depth":0,"index":0,"kind":"ContextError","layers":[{"fileID":"\#(file)","line":\#(line),"#
                + #""message":"Loading forecast"}],"type":"ContextError"},"#
                + #"{"depth":1,"index":1,"kind":"ViewModelError.forecast","label":"cause","parent":0,"type":"ViewModelError"},"#
                + #"{"depth":2,"index":2,"kind":"ForecastServiceError.data","label":"forecast","parent":1,"#
                + #""type":"ForecastServiceError"},"#
                + #"{"depth":3,"index":3,"kind":"DataServiceError.unexpectedStatus","label":"data","#
                + #""message":"DataServiceError.unexpectedStatus(503)","parent":2,"type":"DataServiceError"}],"#
                + #""summary":"Loading forecast: DataServiceError.unexpectedStatus(503)"}"#
        )
    }

    @Test func theDocumentRoundTrips() throws {
        let error = NSError(
            domain: "Storage",
            code: 7,
            userInfo: [
                NSLocalizedDescriptionKey: "Not saved.\nTry again.",
                NSLocalizedFailureReasonErrorKey: "The disk is full.",
                NSFilePathErrorKey: "/tmp/a",
                NSUnderlyingErrorKey: TreeFixtures.decodingError(),
            ]
        )
        let report = ErrorReport(error)
        let decoded = try JSONDecoder().decode(ErrorReport.Document.self, from: Data(report.json.utf8))
        #expect(decoded == report.document)
        let root = try #require(decoded.nodes.first)
        #expect(root.message == "Not saved.\nTry again.")  // JSON keeps the text; it escapes it itself
        #expect(root.domain == "Storage")
        #expect(root.code == 7)
        #expect(root.reason == "The disk is full.")
        #expect(root.userInfo == ["NSFilePath": "\"/tmp/a\""])
        #expect(decoded.nodes[1].codingPath == "days[0]")
        #expect(decoded.nodes[1].kind == "DecodingError.keyNotFound")
        #expect(decoded.nodes[1].debugDescription?.hasPrefix("No value associated with key") == true)
    }

    @Test func markersAreFieldsOnlyWhenSet() throws {
        let error = TreeFixtures.SelfReferencingNSError()
        let document = ErrorReport(error).document
        #expect(document.nodes.map(\.isCycle) == [false, true])
        #expect(document.nodes[1].firstOccurrence == 0)
        let json = ErrorReport(error).json
        #expect(json.components(separatedBy: "\"isCycle\":true").count == 2)
        #expect(!json.contains("isRepeated"))
        #expect(!json.contains("isDepthLimited"))

        let wide = ErrorReport(
            TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.notFound]), limits: .init(maximumWidth: 1))
        #expect(wide.document.nodes[0].omittedChildCount == 1)
        let decoded = try JSONDecoder().decode(
            ErrorReport.Document.self,
            from: Data(
                #"{"summary":"s","groupingKey":"k","isTruncated":false,"nodes":[{"index":0,"depth":0,"type":"T","kind":"T"}]}"#
                    .utf8))
        #expect(decoded.nodes[0].omittedChildCount == 0)
        #expect(!decoded.nodes[0].isDepthLimited)
    }

    @Test func aLargeTreeStaysWithinTheByteCap() {
        let wide = TreeFixtures.Batch(
            failures: Array(repeating: TreeFixtures.Message(String(repeating: "m", count: 900)), count: 500))
        let report = ErrorReport(wide, limits: .init(maximumReportBytes: 16_384))
        #expect(report.json.utf8.count <= 16_384)
        #expect(report.document.isTruncated)
        #expect(report.document.nodes.count > 1)
        #expect(report.document.nodes.count < 501)
    }

    @Test func aHundredThousandLayersShowTheOutermostAndInnermost() {
        var error: any Error = Leaf.timeout
        for index in 0..<100_000 { error = ContextError("layer \(index)", wrapping: error) }
        let document = ErrorReport(error).document
        let layers = document.nodes.first?.layers ?? []
        #expect(layers.count == 100)
        #expect(layers.first?.message == "layer 99999")
        #expect(layers.last?.message == "layer 0")
        #expect(document.nodes.first?.omittedLayerCount == 99_900)
        #expect(!document.isTruncated)
        #expect(ErrorReport(error).json.utf8.count <= ErrorLimits.default.maximumReportBytes)
    }

    @Test func aDeepTreeIsAFlatListThatDecodesWithoutRecursion() throws {
        let chain = TreeFixtures.LinkError.chain(count: 5_000)
        defer { chain.dismantle() }
        let report = ErrorReport(chain, limits: .init(maximumReportBytes: 10_000_000))
        let decoded = try JSONDecoder().decode(ErrorReport.Document.self, from: Data(report.json.utf8))
        #expect(decoded.nodes.count == 5_000)
        #expect(decoded.nodes.last?.parent == 4_998)
        #expect(decoded.nodes.last?.depth == 4_999)
    }
}
