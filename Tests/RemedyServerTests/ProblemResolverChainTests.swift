#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Remedy
import Testing

@testable import RemedyServer

/// The shared answering code in a chain of services (issue 36): each answer's own reference and its cause, the
/// level of its record, and the language bound while a request is handled.
@Suite(.timeLimit(.minutes(5)))
struct ProblemResolverChainTests {
    /// A framework whose only status errors are Remedy's own `HTTPStatusError`s.
    static let framework = ServerFramework(
        statedStatus: { _ in nil }, statement: { _ in nil }, loneStatus: { _ in nil },
        statusError: { HTTPStatusError(status: $0) })

    /// The records of a resolver's answers, kept in memory.
    final class Records: Sendable {
        let entries = LockedValue<[(level: Logger.Level, metadata: Logger.Metadata)]>([])

        var logger: Logger {
            var logger = Logger(label: "server") { _ in Handler(records: self) }
            logger.logLevel = .trace
            return logger
        }

        struct Handler: LogHandler {
            let records: Records
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                records.entries.withLock { $0.append((event.level, event.metadata ?? [:])) }
            }
        }
    }

    /// A service's problem, as a client reads it from another service's answer.
    static func servicesProblem(status: Int = 503, _ json: String, language: String? = nil) -> any Error {
        var headers = ["Content-Type": ProblemDetails.mediaType]
        headers["Content-Language"] = language
        return ProblemDetailsError.error(
            status: status, header: { headers[$0] }, body: Data(json.utf8),
            url: URL(string: "http://127.0.0.1:8081/stock/42"))
    }

    /// What a resolver answered: the response, its problem, and the level and metadata of its one record.
    typealias Answered = (
        response: ProblemResponse, problem: ProblemDetails, level: Logger.Level, metadata: Logger.Metadata
    )

    /// Answers an error as a middleware would, and reads the problem it sent and its one record.
    static func answer(
        _ error: any Error,
        acceptLanguage: String? = nil,
        _ configuration: ProblemDetailsConfiguration = ProblemDetailsConfiguration(),
        resolver given: ProblemResolver? = nil
    ) async throws -> Answered {
        let records = Records()
        let resolver = given ?? ProblemResolver(configuration, framework: framework)
        let request = FailedRequest(
            acceptLanguage: acceptLanguage, prefersPage: false, logger: records.logger, route: "/orders/42",
            target: nil)
        guard
            case .response(let response) = await resolver.answer(
                error, to: request, canRerun: false, statedHeaders: { _ in HTTPFields() })
        else {
            Issue.record("not answered")
            throw CancellationError()
        }
        let problem = try ProblemDetails(
            decoding: Data(response.body.readableBytesView), contentType: ProblemDetails.mediaType)
        let entries = records.entries.withLock { $0 }
        try #require(entries.count == 1)
        return (response, problem, entries[0].level, entries[0].metadata)
    }

    @Test("An answer has a reference of its own; the one its error arrived with is the cause, in body, record and type")
    func ownReferenceAndCause() async throws {
        let error = Self.servicesProblem(#"{"title":"Service Unavailable","reference":"AB12-CD34"}"#)
        let answered = try await Self.answer(error)
        let own = try #require(answered.problem.supportReference)
        #expect(own != SupportReference("AB12-CD34"))
        #expect(answered.problem.causeReference == SupportReference("AB12-CD34"))
        #expect(answered.metadata["reference"] == "\(own)")
        #expect(answered.metadata["cause.reference"] == "AB12-CD34")
        #expect(answered.level == .info)
        // An error that came with no reference has no cause.
        let plain = try await Self.answer(HTTPStatusError(status: 404))
        #expect(plain.problem.supportReference != nil && plain.problem.causeReference == nil)
        #expect(plain.metadata["cause.reference"] == nil)
    }

    @Test(
        "Every answer's record is at info, the default level; clientErrorLogLevel opts 4xx down; silenced stays debug",
        arguments: [404, 422, 409, 401, 503, 500])
    func recordLevel(status: Int) async throws {
        #expect(try await Self.answer(HTTPStatusError(status: status)).level == .info)
        let optedDown = ProblemDetailsConfiguration(clientErrorLogLevel: .debug)
        // A status the app stated is an answer it chose: opted down too.
        #expect(try await Self.answer(HTTPStatusError(status: status), optedDown).level == .debug)
        let silencing = ProblemDetailsConfiguration(rules: [.httpStatus(status, .silence)])
        #expect(try await Self.answer(HTTPStatusError(status: status), silencing).level == .debug)
    }

    @Test("A 5xx the app didn't answer itself stays at info whatever the opt-down")
    func unexpectedFailureStaysInfo() async throws {
        struct Broken: Error {}
        let answered = try await Self.answer(Broken(), ProblemDetailsConfiguration(clientErrorLogLevel: .debug))
        #expect(answered.response.status == .internalServerError)
        #expect(answered.level == .info)
    }

    @Test("The localization bound for a request is the answer's; without a binding, its Accept-Language decides")
    func boundLocalization() async throws {
        let resolver = ProblemResolver(ProblemDetailsConfiguration(), framework: Self.framework)
        #expect(resolver.localization(acceptLanguage: "ja, en;q=0.5").language == "ja")
        #expect(resolver.localization(acceptLanguage: "pt-BR").language == "en")
        #expect(resolver.localization(acceptLanguage: nil).language == "en")
        let bound = resolver.localization(acceptLanguage: "de")
        // A middleware binds it while the route runs and while its error is answered: the answer is in it, the
        // header not read again.
        let answered = try await Localization.$answering.withValue(bound) {
            try await Self.answer(HTTPStatusError(status: 404), acceptLanguage: "ja", resolver: resolver)
        }
        #expect(answered.response.headers[.contentLanguage] == "de")
        // A localization that isn't one of the resolver's own: the header decides.
        let foreign = try await Localization.$answering.withValue(Localization(language: "fr")) {
            try await Self.answer(HTTPStatusError(status: 404), acceptLanguage: "ja", resolver: resolver)
        }
        #expect(foreign.response.headers[.contentLanguage] == "ja")
    }
}
#endif
