import Foundation
import GRPCCore
import GRPCProtobuf
import Remedy
import RemedyGRPC
import RemedyTesting
import Testing

/// The whole gRPC round trip: a method's error answered by `ErrorDetailsServerInterceptor` on a real server, read
/// by `ErrorDetailsClientInterceptor` on a real client, and presented by the client's scope in the person's
/// language with working actions: Try Again after the server's retry delay, the app's sign-in rule.
@Suite(.timeLimit(.minutes(5)))
struct GRPCRoundTripTests {
    /// A client root scope.
    static func root(
        _ presenter: ScriptedPresenter,
        language: String = "en",
        clock: any Clock<Duration> = ContinuousClock(),
        retryPolicy: Remedy.RetryPolicy = .disabled,
        rules: [ErrorRule] = []
    ) -> ErrorScope {
        ErrorScope.root(
            "Client", presenter: presenter, rules: rules, localization: Localization(language: language),
            clock: clock, configuration: ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: retryPolicy))
    }

    @Test("The client asks in its language; the server answers the LocalizedMessage in it", arguments: ["de", "ja"])
    func localizedMessageInTheClientsLanguage(language: String) async throws {
        let presenter = ScriptedPresenter([.role(.cancel)])
        let root = Self.root(presenter, language: language)
        try await GRPCTrip.with(localization: Localization(language: language)) { text, metadata in
            #expect(metadata[stringValues: "accept-language"].first { _ in true } == language)
            throw RPCError(code: .notFound, message: "row \(text) missing")
        } _: { trip in
            let failure = try await CallFailure.of { try await trip.call("7") }
            let message = try #require(StringsFile.text("catalog.http.notFound.message", language: language))
            #expect(message != StringsFile.text("catalog.http.notFound.message", language: "en"))
            #expect(failure.localizedMessage?.locale == language)
            #expect(failure.localizedMessage?.message == message)
            let value = await root.attempt("Loading the record") { try await trip.call("7") }
            #expect(value == nil)
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.title == StringsFile.text("catalog.http.notFound.title", language: language))
            #expect(presentation.message == message)
            // The same reference on both sides: on the screen and in the server's record.
            #expect(trip.record(of: presentation.supportReference) != nil)
        }
    }

    @Test("Invalid input with two fields reaches the client as two field violations, in its language")
    func fieldViolations() async throws {
        let presenter = ScriptedPresenter([.role(.cancel)])
        let root = Self.root(presenter, language: "de")
        try await GRPCTrip.with(localization: Localization(language: "de")) { _, _ in
            throw InvalidInputError([
                FieldError(field: "title", message: "Gib einen Titel ein."),
                FieldError(field: "year", message: "Gib das Jahr als Zahl ein."),
            ])
        } _: { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.rpcError.code == .invalidArgument)
            #expect(failure.errorInfo?.reason == "INVALID_INPUT")
            #expect(failure.badRequest?.violations.map(\.field) == ["title", "year"])
            #expect(
                failure.badRequest?.violations.map(\.localizedMessage?.message) == [
                    "Gib einen Titel ein.", "Gib das Jahr als Zahl ein.",
                ])
            _ = await root.attempt("Saving the record") { try await trip.call() }
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.category == .invalidInput)
            #expect(presentation.fieldErrors.map(\.field) == ["title", "year"])
            #expect(
                !presentation.options.contains { $0.id == RecoveryOption.retry.id }, "invalid input offers no Try Again"
            )
        }
    }

    @Test("attempt waits the server's RetryInfo before it tries again, on the scope's clock")
    func retryInfoIsHonoured() async throws {
        let calls = Counter()
        let clock = TestClock()
        let presenter = ScriptedPresenter()
        let retries = Remedy.RetryPolicy.exponential(maximumRetries: 1, randomFraction: { 0 })
        let root = Self.root(presenter, clock: clock, retryPolicy: retries)
        try await GRPCTrip.with { _, _ in
            guard calls.increment() > 1 else {
                throw RPCError(code: .unavailable, message: "draining", metadata: ["retry-after": "7"])
            }
            return "fresh"
        } _: { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.retryInfo?.delay == .seconds(7))
            #expect(failure.presentable?.retryAfter == .seconds(7))
            calls.reset()
            async let value = root.attempt("Loading the value") { try await trip.call() }
            #expect(await clock.waitForSleepRequest(of: .seconds(7)))
            #expect(calls.value == 1, "no second call before the delay")
            clock.advance(by: .seconds(7))
            #expect(await value == "fresh")
            #expect(calls.value == 2)
            #expect(presenter.presentations.isEmpty)
        }
    }

    @Test("unauthenticated goes to the app's sign-in rule, which signs in; the call then succeeds")
    func signInTakesOver() async throws {
        let signedIn = Counter()
        let presenter = ScriptedPresenter()
        let root = Self.root(
            presenter,
            rules: [.httpStatus(401, .takeOver { _ in signedIn.increment() > 0 ? .recovered : .notRecovered })])
        try await GRPCTrip.with { _, _ in
            guard signedIn.value > 0 else { throw RPCError(code: .unauthenticated, message: "no token") }
            return "account"
        } _: { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.errorInfo?.metadata["actions"]?.contains("signIn") == true)
            let value = await root.attempt("Loading the account") { try await trip.call() }
            #expect(value == "account")
            #expect(signedIn.value == 1)
            #expect(presenter.presentations.isEmpty, "the sign-in rule took the call over")
        }
    }

    @Test("A Help link on the service's web origin is an action; others are never sent")
    func helpLinks() async throws {
        let base = URL(string: "https://records.example.com/")!
        var configuration = ProblemDetailsConfiguration()
        configuration.actionRequests = [
            "status": .init(method: "GET", href: "/status"),
            "refresh": .init(method: "POST", href: "/refresh"),
            "script": .init(method: "GET", href: "javascript:alert(1)"),
            "elsewhere": .init(method: "GET", href: "https://elsewhere.example/status"),
        ]
        try await GRPCTrip.with(configuration: configuration, linkBase: base) { _, _ in
            throw ActionableFailure()
        } _: { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.help?.links.map(\.url) == ["https://records.example.com/status"])
            #expect(failure.presentable?.recoveryOptions.map(\.title).contains("Service Status") == true)
        }
    }
}

/// An app's error with its own actions: a page a person can open on the service's site, a form post, a script
/// and another host. Only the first is a `Help` link.
struct ActionableFailure: PresentableError {
    var message: String { "The records are being moved." }
    var category: ErrorCategory { .externalSystemUnavailable }
    var recoveryOptions: [RecoveryOption] {
        [
            RecoveryOption(id: "status", title: "Service Status") { .notRecovered },
            RecoveryOption(id: "refresh", title: "Refresh") { .notRecovered },
            RecoveryOption(id: "script", title: "Run") { .notRecovered },
            RecoveryOption(id: "elsewhere", title: "Elsewhere") { .notRecovered },
        ]
    }
}

/// A count shared by a test and its server.
final class Counter: Sendable {
    private let count = Locked(0)

    var value: Int { count.value }

    @discardableResult
    func increment() -> Int { count.update { $0 += 1 } }

    func reset() { count.update { $0 = 0 } }
}
