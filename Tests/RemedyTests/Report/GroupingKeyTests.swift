import Foundation
import Remedy
import Testing

/// The stable grouping key.
@Suite(.timeLimit(.minutes(10)))
struct GroupingKeyTests {
    typealias Leaf = TreeFixtures.Leaf

    private func key(_ error: any Error) -> String {
        let key = ErrorReport.groupingKey(of: error)
        // A debug record's key, made from the walk that resolved the error, is the same key.
        #expect(ErrorResolver().resolve(error).facts.groupingKey == key)
        return key
    }

    @Test func aResolutionUnderOtherCapsMakesNoKey() {
        let error = ContextError("Loading", wrapping: TreeFixtures.forecastTree())
        #expect(ErrorResolver(limits: ErrorLimits(maximumDepth: 1)).resolve(error).facts.groupingKey == nil)
        #expect(ErrorResolver(limits: .default).resolve(error).facts.groupingKey == key(error))
    }

    enum RequestError: Error {
        case failed(url: URL, id: Int, underlying: any Error)
        case throttled(retries: Int)
    }

    @Test func theKeyIsSixteenHexadecimalDigits() {
        let value = key(TreeFixtures.forecastTree())
        #expect(value.count == 16)
        #expect(value.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(ErrorReport(TreeFixtures.forecastTree()).groupingKey == value)
    }

    @Test func dynamicValuesDoNotChangeTheKey() {
        let first = RequestError.failed(
            url: URL(string: "https://a.example/1")!, id: 1,
            underlying: HTTPStatusError(status: 500, url: URL(string: "https://a.example/1")))
        let second = RequestError.failed(
            url: URL(string: "https://b.example/2")!, id: 2,
            underlying: HTTPStatusError(status: 500, body: Data("x".utf8)))
        #expect(key(first) == key(second))
        #expect(key(RequestError.throttled(retries: 1)) == key(RequestError.throttled(retries: 9)))
        #expect(
            key(TreeFixtures.ForecastServiceError.outOfRange(1)) == key(TreeFixtures.ForecastServiceError.outOfRange(2))
        )
    }

    @Test func theShapeChangesTheKey() {
        #expect(key(Leaf.timeout) != key(Leaf.notFound))
        #expect(key(RequestError.throttled(retries: 1)) != key(Leaf.timeout))
        #expect(key(HTTPStatusError(status: 500)) != key(HTTPStatusError(status: 503)))
        #expect(key(NSError(domain: "A", code: 1)) != key(NSError(domain: "A", code: 2)))
        #expect(key(NSError(domain: "A", code: 1)) != key(NSError(domain: "B", code: 1)))
        #expect(key(URLError(.timedOut)) != key(URLError(.notConnectedToInternet)))
        #expect(
            key(TreeFixtures.forecastTree()) != key(TreeFixtures.ViewModelError.forecast(.data(.unexpectedStatus(500))))
        )
        #expect(key(ContextError("x", wrapping: Leaf.timeout)) != key(Leaf.timeout))
    }

    @Test func contextMessagesDoNotCountButTheirPlaceDoes() {
        func load(_ city: String) -> ContextError {
            ContextError("Loading the forecast for \(city)", wrapping: Leaf.timeout)
        }
        #expect(key(load("Berlin")) == key(load("Tokyo")))
        let elsewhere = ContextError("Loading the forecast for Berlin", wrapping: Leaf.timeout)
        #expect(key(elsewhere) != key(load("Berlin")))
    }

    @Test func aRunOfLayersAddedAtOnePlaceCountsOnce() {
        func retried(_ attempts: Int) -> any Error {
            var error: any Error = Leaf.timeout
            for attempt in 0..<attempts { error = ContextError("Attempt \(attempt)", wrapping: error) }
            return error
        }
        #expect(key(retried(1)) == key(retried(5)))
    }

    @Test func siblingsCountAsASet() {
        let three = TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.timeout, HTTPStatusError(status: 500)])
        let four = TreeFixtures.Batch(failures: [
            HTTPStatusError(status: 500), Leaf.timeout, Leaf.timeout, Leaf.timeout,
        ])
        #expect(key(three) == key(four))
        #expect(key(three) != key(TreeFixtures.Batch(failures: [Leaf.timeout])))
        #expect(
            key(TreeFixtures.Batch(failures: [Leaf.timeout, Leaf.notFound]))
                != key(TreeFixtures.Batch(failures: [Leaf.timeout])))
    }

    @Test func structureCountsNotJustTheNodes() {
        // The same nodes, hanging differently.
        let nested = TreeFixtures.Batch(failures: [TreeFixtures.Batch(failures: [Leaf.timeout]), Leaf.notFound])
        let flat = TreeFixtures.Batch(failures: [TreeFixtures.Batch(failures: []), Leaf.timeout, Leaf.notFound])
        #expect(key(nested) != key(flat))
    }

    @Test func decodingErrorsGroupByCaseAndPathWithoutIndices() throws {
        struct Forecast: Decodable { var days: [Day] }
        struct Day: Decodable { var temp: Double }
        func decodingError(_ json: String) -> DecodingError? {
            let result = Result { try JSONDecoder().decode(Forecast.self, from: Data(json.utf8)) }
            guard case .failure(let error) = result else { return nil }
            return error as? DecodingError
        }
        let first = try #require(decodingError(#"{"days": [{"t": 1}]}"#))
        let third = try #require(decodingError(#"{"days": [{"temp": 1}, {"temp": 2}, {"t": 3}]}"#))
        let mismatch = try #require(decodingError(#"{"days": [{"temp": "warm"}]}"#))
        #expect(key(first) == key(third))
        #expect(key(first) != key(mismatch))
    }

    @Test func cyclesHaveAStableKey() {
        let a = TreeFixtures.LinkError("a")
        let b = TreeFixtures.LinkError("b", next: a)
        a.next = b
        defer { a.next = nil }
        #expect(key(a) == key(a))
        #expect(key(a) != key(TreeFixtures.LinkError("a", next: TreeFixtures.LinkError("b"))))
    }

    /// A key made in another process is the key made here: the hash isn't seeded per process.
    @Test func theKeyIsTheSameInEveryProcess() async {
        let here = key(TreeFixtures.forecastTree())
        await #expect(processExitsWith: .success) { [here = here as String] in
            guard ErrorReport.groupingKey(of: TreeFixtures.forecastTree()) == here else { exit(1) }
        }
    }

    /// Two trees built apart from the same values share a key; trees that differ in a type, a case, a code,
    /// a status or their depth don't.
    @Test func equalTreesShareAKeyAndDifferentShapesDont() {
        #expect(key(TreeFixtures.forecastTree()) == key(TreeFixtures.forecastTree()))
        let shapes: [any Error] = [
            Leaf.timeout, Leaf.notFound, PrivateError.failed, HTTPStatusError(status: 503),
            HTTPStatusError(status: 404), NSError(domain: "A", code: 1), NSError(domain: "A", code: 2),
            NSError(domain: "B", code: 1), URLError(.timedOut), URLError(.notConnectedToInternet),
            TreeWalkTests.Lending.one(Leaf.timeout), TreeWalkTests.Lending.one(TreeWalkTests.Lending.one(Leaf.timeout)),
            TreeFixtures.forecastTree(),
        ]
        let keys = shapes.map(key)
        #expect(Set(keys).count == keys.count)
    }

    /// A message is never part of the key: the same error with other words shares it.
    @Test func messagesDoNotCount() {
        #expect(key(MessageError("The disk is full.")) == key(MessageError("No room left.")))
        #expect(
            key(NSError(domain: "A", code: 1, userInfo: [NSLocalizedDescriptionKey: "one"]))
                == key(NSError(domain: "A", code: 1, userInfo: [NSLocalizedDescriptionKey: "two"])))
    }

    /// A decoding error counts by its case and its coding path without array indices.
    @Test func decodingErrorsCountByCaseAndPath() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) {
                stringValue = String(intValue)
                self.intValue = intValue
            }
        }
        func context(_ index: Int, _ last: String = "temp") -> DecodingError.Context {
            .init(codingPath: [Key("days"), Key(intValue: index)!, Key(last)], debugDescription: "No value \(index).")
        }
        let errors: [DecodingError] = [
            .keyNotFound(Key("unit"), context(0)), .valueNotFound(Double.self, context(0)),
            .typeMismatch(Double.self, context(0)), .dataCorrupted(context(0)), .dataCorrupted(context(0, "wind")),
            .dataCorrupted(.init(codingPath: [], debugDescription: "")),
        ]
        let keys = errors.map(key)
        #expect(Set(keys).count == keys.count)
        #expect(
            key(DecodingError.keyNotFound(Key("unit"), context(0)))
                == key(DecodingError.keyNotFound(Key("unit"), context(7))))
    }

    @Test func depthChangesTheKey() {
        var errors: [any Error] = [Leaf.timeout]
        for _ in 1..<9 { errors.append(TreeWalkTests.Lending.one(errors[errors.count - 1])) }
        #expect(Set(errors.map(key)).count == errors.count)
    }

    @Test func anHTTPStatusCountsAloneAndInsideAnEnum() {
        // The key compares an enum's case before looking for a status: a status must still count.
        #expect(key(HTTPStatusError(status: 503)) != key(HTTPStatusError(status: 404)))
        let inside = { (status: Int) in TreeWalkTests.Lending.one(HTTPStatusError(status: status)) }
        #expect(key(inside(503)) != key(inside(404)))
        #expect(key(inside(503)) == key(inside(503)))
    }

    @Test func privateAndLocalTypesHaveStableKeys() {
        enum Local: Error { case failed }
        #expect(key(Local.failed) == key(Local.failed))
        #expect(key(PrivateError.failed) == key(PrivateError.failed))
        #expect(key(Local.failed) != key(PrivateError.failed))
    }
}

private enum PrivateError: Error { case failed }
