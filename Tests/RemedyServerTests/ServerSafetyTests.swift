#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import HTTPTypes
import Remedy
import RemedyTesting
import Testing

@testable import RemedyServer

/// What every integration's answer passes through (``ProblemResolver``): no action a client must refuse, and
/// no "update the app" for the server's own failure.
@Suite(.timeLimit(.minutes(2)))
struct ServerSafetyTests {
    /// A framework with no status errors of its own: every answer is the shared code's.
    static let framework = ServerFramework(
        statedStatus: { _ in nil },
        statement: { _ in nil },
        loneStatus: { _ in nil },
        statusError: { HTTPStatusError(status: $0) }
    )

    /// An app error whose options the configuration gives requests.
    struct Locked: PresentableError {
        var title: String? { "Order Locked" }
        var message: String { "Someone else is changing this order." }
        var category: ErrorCategory { .invalidInput }
        var recoveryOptions: [RecoveryOption] {
            ["script", "data", "elsewhere", "help", "view", "own"].map { id in
                RecoveryOption(id: id, title: id.capitalized) { .notRecovered }
            }
        }
    }

    /// Answers an error through the shared resolver, as an API client (Problem Details) on `shop.example`.
    static func answer(
        _ error: any Error,
        configuration: ProblemDetailsConfiguration = ProblemDetailsConfiguration(),
        language: String = "en",
        log: LogRecording = LogRecording()
    ) async throws -> (status: Int, problem: ProblemDetails, text: String) {
        let resolver = ProblemResolver(configuration, framework: framework)
        let request = FailedRequest(
            acceptLanguage: language, prefersPage: false, logger: log.logger(label: "server"), route: "",
            target: nil, authority: "shop.example")
        let answer = await resolver.answer(error, to: request, canRerun: false) { _ in HTTPFields() }
        guard case .response(let response) = answer else {
            Issue.record("no response")
            throw CancellationError()
        }
        let body = Data(response.body.readableBytesView)
        let problem = try ProblemDetails(decoding: body, contentType: response.headers[.contentType])
        return (Int(response.status.code), problem, String(decoding: body, as: UTF8.self))
    }

    @Test("Problem Details carry only actions a client may carry out; the record names the others")
    func unsafeActionsAreLeftOut() async throws {
        var configuration = ProblemDetailsConfiguration()
        configuration.actionRequests = [
            "script": .init(method: "GET", href: "javascript:alert(document.cookie)"),
            "data": .init(method: "GET", href: "data:text/html,<script>alert(1)</script>"),
            "elsewhere": .init(method: "POST", href: "https://elsewhere.example/orders/9"),
            "help": .init(method: "GET", href: "https://help.example.com/orders"),
            "view": .init(method: "GET", href: "/orders/9"),
            "own": .init(method: "POST", href: "http://shop.example/orders/9/refresh"),
        ]
        configuration.allowedActionOrigins = ["https://help.example.com"]
        let log = LogRecording()
        let (status, problem, _) = try await Self.answer(Locked(), configuration: configuration, log: log)
        #expect(status == 422)
        #expect(problem.actions.map(\.id) == ["help", "view", "own"])
        #expect(
            problem.actions.compactMap(\.request?.href)
                == ["https://help.example.com/orders", "/orders/9", "http://shop.example/orders/9/refresh"])
        let record = try #require(log.entries.first { $0.message.hasPrefix("Answered") })
        #expect(
            record["dropped"]
                == "script javascript:alert(document.cookie), data data:text/html,<script>alert(1)</script>, "
                + "elsewhere https://elsewhere.example/orders/9")
    }

    @Test("The record names three dropped actions at most, each cut and on one line, and counts the rest")
    func droppedActionsAreBounded() async throws {
        var configuration = ProblemDetailsConfiguration()
        let long = "javascript:" + String(repeating: "x", count: 5_000)
        configuration.actionRequests = [
            "script": .init(method: "GET", href: "java\nscript:alert(1)"),
            "data": .init(method: "GET", href: long),
            "elsewhere": .init(method: "GET", href: "https://elsewhere.example/"),
            "help": .init(method: "GET", href: "https://help.example.com/"),
            "view": .init(method: "GET", href: "/orders/9"),
        ]
        let log = LogRecording()
        let (_, problem, _) = try await Self.answer(Locked(), configuration: configuration, log: log)
        #expect(problem.actions.map(\.id) == ["view", "own"])
        let dropped = try #require(log.entries.first { $0.message.hasPrefix("Answered") }?["dropped"])
        #expect(!dropped.contains("\n"))
        #expect(dropped.hasPrefix(#"script java\nscript:alert(1), data javascript:xxx"#))
        #expect(dropped.hasSuffix("…, elsewhere https://elsewhere.example/, and 1 more"))
        #expect(dropped.utf8.count < 400)
    }

    @Test("An answer whose actions are all safe names nothing dropped")
    func safeAnswerDropsNothing() async throws {
        var configuration = ProblemDetailsConfiguration()
        configuration.actionRequests = ["view": .init(method: "GET", href: "/orders/9")]
        let log = LogRecording()
        let (_, problem, _) = try await Self.answer(Locked(), configuration: configuration, log: log)
        #expect(problem.actions.count == 6)
        #expect(log.entries.first { $0.message.hasPrefix("Answered") }?["dropped"] == nil)
    }

    /// Data the server itself read and couldn't decode: a `DecodingError` of `JSONDecoder` and of
    /// `PropertyListDecoder`, JSON and property list serialization errors, and a `CocoaError` of reading.
    static func unreadableData() -> [(label: String, error: any Error)] {
        struct Signup: Decodable { var age: Int }
        var errors: [(label: String, error: any Error)] = []
        func add(_ label: String, _ body: () throws -> Void) {
            do {
                try body()
                Issue.record("\(label) didn't fail")
            } catch {
                errors.append((label: label, error: error))
            }
        }
        add("JSONDecoder typeMismatch") { _ = try JSONDecoder().decode(Signup.self, from: Data(#"{"age":"x"}"#.utf8)) }
        add("JSONDecoder keyNotFound") { _ = try JSONDecoder().decode(Signup.self, from: Data("{}".utf8)) }
        add("JSONDecoder malformed") { _ = try JSONDecoder().decode(Signup.self, from: Data("{".utf8)) }
        add("PropertyListDecoder") { _ = try PropertyListDecoder().decode(Signup.self, from: Data("<".utf8)) }
        add("JSONSerialization") { _ = try JSONSerialization.jsonObject(with: Data("{]".utf8)) }
        add("PropertyListSerialization") {
            _ = try PropertyListSerialization.propertyList(from: Data("<plist".utf8), format: nil)
        }
        errors.append((label: "CocoaError", error: CocoaError(.propertyListReadCorrupt)))
        errors.append(
            (
                label: "DecodingError in a context layer",
                error: ContextError("Loading the catalog", wrapping: errors[0].error)
            ))
        return errors
    }

    @Test("Data the server read and couldn't decode is its own failure: 500, the service has a problem, no update")
    func unreadableDataIsTheServersFailure() async throws {
        for language in ["en", "de"] {
            let localization = Localization(language: language)
            let title = localization.string(forKey: "catalog.http.internalServerError.title")
            let message = localization.string(forKey: "catalog.http.internalServerError.message")
            let unreadable = localization.string(forKey: "catalog.data.unreadable.message")
            for (label, error) in Self.unreadableData() {
                let (status, problem, text) = try await Self.answer(error, language: language)
                #expect(status == 500, "\(label)")
                #expect(problem.title == title, "\(label)")
                #expect(problem.detail == message, "\(label)")
                #expect(problem.supportReference != nil, "\(label)")
                #expect(!text.contains(unreadable), "\(label)")
                #expect(!text.localizedCaseInsensitiveContains("update"), "\(label)")
            }
        }
    }

    @Test("A request body marked as the client's stays the client's: 400 with its field")
    func requestBodyStaysTheClients() async throws {
        let decoding = try #require(
            Self.unreadableData().first { $0.label == "JSONDecoder typeMismatch" }?.error as? DecodingError)
        let (status, problem, _) = try await Self.answer(RequestBodyError(decoding))
        #expect(status == 400)
        #expect(problem.fieldErrors.map(\.field) == ["#/age"])
    }

    @Test("An app reading data it can't decode is still told to update the app")
    func appsStillReadUpdateTheApp() {
        let decoding = Self.unreadableData()[0].error
        let presentation = ErrorResolver(localization: Localization(language: "en")).presentation(for: decoding)
        #expect(presentation.message == Localization(language: "en").string(forKey: "catalog.data.unreadable.message"))
    }
}
#endif
