import Foundation
import GRPCCore
import GRPCProtobuf
import Remedy
import RemedyGRPC
import Testing

/// Each kind of failure a method throws reaches a real client with the gRPC code gRPC's HTTP mapping guide gives
/// its status, and the detailed error model: the texts of its kind, the reference, and no developer text.
@Suite(.timeLimit(.minutes(5)))
struct GRPCStatusKindTests {
    /// What a method throws, the code its client gets, and the catalog key of the title the client reads.
    struct Kind: Sendable, CustomStringConvertible {
        var name: String
        var error: @Sendable () -> any Error
        var code: RPCError.Code
        var titleKey: String
        var description: String { name }
    }

    /// A failure of the server's own resources: a file it needs, whose path the client never reads.
    static func missingConfiguration() -> any Error {
        CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/srv/records-db/config.json"])
    }

    static let kinds: [Kind] = [
        Kind(
            name: "invalid input",
            error: { InvalidInputError([FieldError(field: "title", message: "Enter a title.")]) },
            code: .invalidArgument, titleKey: "category.invalidInput.title"),
        Kind(
            name: "a malformed request (400)", error: { HTTPStatusError(status: 400) }, code: .invalidArgument,
            titleKey: "catalog.http.badRequest.title"),
        Kind(
            name: "unauthenticated", error: { RPCError(code: .unauthenticated, message: "token expired at 12:00") },
            code: .unauthenticated, titleKey: "catalog.auth.signInRequired.title"),
        Kind(
            name: "permission denied", error: { RPCError(code: .permissionDenied, message: "user 42 not in group") },
            code: .permissionDenied, titleKey: "catalog.http.forbidden.title"),
        Kind(
            name: "not found", error: { RPCError(code: .notFound, message: "row 7 missing in table records") },
            code: .notFound, titleKey: "catalog.http.notFound.title"),
        Kind(
            name: "already exists", error: { RPCError(code: .alreadyExists, message: "duplicate key records_pkey") },
            code: .alreadyExists, titleKey: "catalog.http.conflict.title"),
        Kind(
            name: "a conflict (409)", error: { HTTPStatusError(status: 409) }, code: .aborted,
            titleKey: "catalog.http.conflict.title"),
        Kind(
            name: "a failed precondition (412)", error: { HTTPStatusError(status: 412) }, code: .failedPrecondition,
            titleKey: "catalog.http.clientError.title"),
        Kind(
            name: "resource exhausted",
            error: { RPCError(code: .resourceExhausted, message: "quota", metadata: ["retry-after": "30"]) },
            code: .resourceExhausted, titleKey: "catalog.http.tooManyRequests.title"),
        Kind(
            name: "unimplemented", error: { RPCError(code: .unimplemented, message: "v2 only") },
            code: .unimplemented, titleKey: "catalog.http.serverError.title"),
        Kind(
            name: "unavailable", error: { RPCError(code: .unavailable, message: "draining") }, code: .unavailable,
            titleKey: "catalog.http.serviceUnavailable.title"),
        Kind(
            name: "a gateway timeout (504)", error: { HTTPStatusError(status: 504) }, code: .deadlineExceeded,
            titleKey: "catalog.http.gatewayTimeout.title"),
        Kind(
            name: "the server's own transient failure",
            error: { HTTPStatusError(status: 503, url: URL(string: "http://export.internal:9000/jobs")) },
            code: .unavailable, titleKey: "catalog.http.serviceUnavailable.title"),
        Kind(
            name: "the server's own failure", error: { missingConfiguration() }, code: .internalError,
            titleKey: "catalog.http.internalServerError.title"),
    ]

    @Test(
        "Each kind of failure answers its gRPC code and its texts, with the reference of the log line", arguments: kinds
    )
    func kindAnswersItsCode(kind: Kind) async throws {
        try await GRPCTrip.with(answer: { _, _ in throw kind.error() }) { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.rpcError.code == kind.code)
            let title = try #require(StringsFile.text(kind.titleKey, language: "en"))
            #expect(failure.errorInfo?.metadata["title"] == title)
            #expect(failure.presentable?.title == title)
            #expect(failure.localizedMessage?.locale == "en")
            #expect(failure.localizedMessage?.message.isEmpty == false)
            // The reference a person reads finds the server's record, at the default level.
            let reference = try #require(failure.presentable?.supportReference)
            #expect(failure.requestInfo?.requestID == reference.description)
            let record = try #require(trip.record(of: reference))
            #expect(record.level == .info)
            #expect(record["rpc.method"] == "remedy.tests.Scripted/Call")
            for text in [failure.localizedMessage?.message ?? "", failure.rpcError.message, title] {
                for leak in [
                    "config.json", "records-db", "/srv", "export.internal", "row 7", "user 42", "duplicate key",
                    "12:00",
                ] {
                    #expect(!text.contains(leak), "\(kind.name) sends \(leak)")
                }
            }
        }
    }

    @Test("The server's own failure says only that the service has a problem, and offers Try Again")
    func serverFailureSaysTheServiceHasAProblem() async throws {
        try await GRPCTrip.with(answer: { _, _ in throw Self.missingConfiguration() }) { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.rpcError.code == .internalError)
            #expect(
                failure.localizedMessage?.message
                    == StringsFile.text("catalog.http.internalServerError.message", language: "en"))
            #expect(failure.errorInfo?.metadata["actions"] == "retry")
            #expect(failure.presentable?.recoveryOptions.contains { $0.id == RecoveryOption.retry.id } == true)
            let record = try #require(trip.record(of: failure.presentable?.supportReference))
            #expect(record["withheld"] != nil)
            #expect(record["report"]?.contains("records-db") == true, "the log keeps what the client doesn't read")
        }
    }

    @Test("A rejected response and a stream that fails after its first message are answered too")
    func rejectionsAndStreamsAreAnswered() async throws {
        try await GRPCTrip.with(answer: { _, _ in throw RPCError(code: .notFound, message: "row 7") }) { trip in
            for method in [ScriptedService.reject, ScriptedService.stream] {
                let failure = try await CallFailure.of { try await trip.call(method: method) }
                #expect(failure.rpcError.code == .notFound, "\(method)")
                #expect(failure.presentable?.title == StringsFile.text("catalog.http.notFound.title", language: "en"))
                #expect(trip.record(of: failure.presentable?.supportReference) != nil, "\(method)")
            }
        }
    }

    @Test("An app's own detailed answer passes untouched")
    func ownDetailsPassUntouched() async throws {
        let own = GoogleRPCStatus(
            code: .failedPrecondition, message: "own",
            details: [.localizedMessage(locale: "en", message: "The app's own words.")])
        try await GRPCTrip.with(answer: { _, _ in throw own }) { trip in
            let failure = try await CallFailure.of { try await trip.call() }
            #expect(failure.status == own)
            #expect(trip.log.entries.filter { $0.message.hasPrefix("Answered") }.isEmpty)
        }
    }
}
