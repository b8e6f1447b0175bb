import Foundation
import Remedy
import Testing

/// The samples of the error-trees article, word for word (``CodeSampleCoverageTests`` checks that), run and
/// checked against the values their comments promise.
@Suite(.timeLimit(.minutes(10)))
struct ErrorTreesSampleTests {
    // MARK: - Stand-ins for the article's placeholders

    struct Forecast: Equatable {}
    struct City {}

    struct ForecastService {
        var failure: (any Error)?
        func forecast(for city: City) async throws -> Forecast {
            if let failure { throw failure }
            return Forecast()
        }
    }

    struct Draft {}

    struct Drafts {
        func save(_ draft: Draft) async throws { throw CocoaError(.fileWriteOutOfSpace) }
    }

    static let decodingError = DecodingError.keyNotFound(
        AnyKey(stringValue: "temp"),
        DecodingError.Context(codingPath: [], debugDescription: "No value associated with key temp.")
    )

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // MARK: - Trees form by themselves

    enum DataServiceError: Error { case transport(URLError), parsing(DecodingError) }
    enum ForecastServiceError: Error { case data(DataServiceError) }
    enum ViewModelError: Error { case forecast(ForecastServiceError) }

    // swift-format-ignore
    @SampleValues func typedLayers(_ decodingError: DecodingError) -> [Any] {
        let tree = ErrorTree(ViewModelError.forecast(.data(.parsing(decodingError))))
        tree.count        // 4
        tree.rootCause    // the DecodingError
    }

    // MARK: - Stating causes and case names

    enum ServiceError: WrappingError {
        case transport(URLError)
        case parsing(DecodingError)

        var underlyingErrors: [any Error] {
            switch self {
            case .transport(let error): [error]
            case .parsing(let error): [error]
            }
        }

        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            switch self {
            case .transport(let error): body(error)
            case .parsing(let error): body(error)
            }
        }

        var declaredCaseName: String? {
            switch self {
            case .transport: "transport"
            case .parsing: "parsing"
            }
        }
    }

    @Test
    func statedCaseNamesAreTheReportsCaseNames() {
        let error = ServiceError.parsing(Self.decodingError)
        let report = ErrorReport(error)
        #expect(report.document.nodes.map(\.kind) == ["ServiceError.parsing", "DecodingError.keyNotFound"])
        #expect(ErrorTree(error).count == 2)
        var lent: [any Error] = []
        error.forEachUnderlyingError { lent.append($0) }
        #expect(lent.count == 1 && lent.first is DecodingError)
    }

    // MARK: - One-line queries

    // swift-format-ignore
    @SampleValues func oneLineQueries(_ error: any Error) -> [Any] {
        let tree = ErrorTree(error)
        tree.contains(httpStatus: 401)              // a 401 anywhere: route to sign-in
        tree.containsCancellation                   // never show a cancellation
        tree.first(DecodingError.self)              // the first error of a type
        tree.compactMap { $0.error as? HTTPStatusError }  // every one of them
        tree.first { $0.error is URLError }?.depth  // with its place in the tree
        tree.contains { $0.error is POSIXError }    // any condition
        tree.filter(\.isLeaf)                       // the nodes with nothing below
        tree.rootCause                              // the end of the first path down
        tree.depth
        tree.count
    }

    // MARK: - Adding context

    struct ForecastViewModel {
        let forecastService: ForecastService
        let city = City()

        func load() async throws -> Forecast {
            try await withContext("Loading forecast") {
                try await forecastService.forecast(for: city)
            }
        }
    }

    func save(_ draft: Draft, to drafts: Drafts) async throws {
        try await withContext("Saving the draft", presentation: .init(title: "Draft Not Saved")) {
            try await drafts.save(draft)
        }
    }

    // MARK: - Tests

    @Test func typedEnumLayersFormATreeOfFour() {
        let values = typedLayers(Self.decodingError)
        #expect(values.count == 2)
        #expect(values[0] as? Int == 4)
        #expect(values[1] is DecodingError)
    }

    @Test func theOneLineQueriesAnswerAsCommented() throws {
        let error = ContextError(
            "Syncing",
            wrapping: ViewModelError.forecast(.data(.transport(URLError(.timedOut))))
        )
        let statusError = ContextError("Loading the feed", wrapping: HTTPStatusError(status: 401))
        let values = oneLineQueries(error)
        #expect(values.count == 10)
        #expect(values[0] as? Bool == false)
        #expect(values[1] as? Bool == false)
        #expect(values[2] as? DecodingError == nil)
        #expect((values[3] as? [HTTPStatusError])?.isEmpty == true)
        #expect(values[4] as? Int == 4)
        #expect(values[5] as? Bool == false)
        #expect((values[6] as? [ErrorTree.Node])?.count == 1)
        #expect(values[7] is URLError)
        #expect(values[8] as? Int == 4)
        #expect(values[9] as? Int == 5)
        #expect(oneLineQueries(statusError)[0] as? Bool == true)
        #expect(oneLineQueries(CancellationError())[1] as? Bool == true)
        #expect(oneLineQueries(POSIXError(.ENOSPC))[5] as? Bool == true)
    }

    @Test func loadAddsItsLayer() async throws {
        let model = ForecastViewModel(forecastService: ForecastService(failure: URLError(.timedOut)))
        let error = try await #require(throws: ContextError.self) { try await model.load() }
        #expect(error.outermostLayer.message == "Loading forecast")
        #expect(error.underlying is URLError)
        #expect(try await ForecastViewModel(forecastService: ForecastService()).load() == Forecast())
    }

    @Test func theOuterOverrideSetsTheTitle() async throws {
        let error = try await #require(throws: ContextError.self) { try await save(Draft(), to: Drafts()) }
        #expect(ErrorResolver().presentation(for: error).title == "Draft Not Saved")
    }
}
