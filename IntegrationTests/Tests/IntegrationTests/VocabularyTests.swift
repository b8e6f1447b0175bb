import Foundation
import IntegrationSupport
import Remedy
import Testing

/// What issue 35's kinds add beyond title, category and retry (`KindAcrossLibrariesTests` checks those every
/// way): the developer's report keeps what the error carries, Retry After where the error says so, and a
/// missing folder reads as the file family reads one.
@Suite(.timeLimit(.minutes(5)))
struct VocabularyTests {
    /// What each case's report must keep: the library's own words, the status or code it carries.
    static let reports: [(caseID: String, fragments: [String])] = [
        ("grpc.deadlineExceeded", ["deadlineExceeded"]),
        ("grpc.unauthenticated", ["unauthenticated", "missing or expired access token"]),
        ("grpc.permissionDenied", ["permissionDenied", "user 42 may not write notebook 7"]),
        ("grpc.notFound", ["notFound", "notebook 7 not found"]),
        ("grpc.invalidArgument", ["invalidArgument", "title must not be empty"]),
        ("grpc.resourceExhausted", ["resourceExhausted", "quota exceeded"]),
        ("grpc.internalError", ["internalError", "panic in NotesStore.save"]),
        ("grpc.unavailable", ["unavailable", "the notes store is down for maintenance"]),
        ("grpc.unimplemented", ["unimplemented", "isn't implemented"]),
        ("openapi.refused", ["getNote"]),
        ("openapi.undocumented", ["500"]),
        ("openapi.unexpectedContentType", ["500", "saveNote", "text/html"]),
        ("jwt.expired", ["exp"]),
        ("jwt.signature", ["signature"]),
        ("jwt.malformed", ["malformed"]),
        ("configuration.missing", ["database.url"]),
        ("configuration.wrongType", ["HTTP_PORT"]),
        ("subprocess.notFound", ["remedy-no-such-program"]),
        ("subprocess.workingDirectory", ["missing"]),
        ("sqlitenio.notNull", ["NOT NULL", "note.title"]),
        ("sqlitenio.unique", ["UNIQUE", "notebook.name"]),
        ("sqlitenio.check", ["CHECK"]),
        ("sqlitenio.foreignKey", ["FOREIGN KEY"]),
        ("sqlitenio.syntax", ["syntax error"]),
        ("sqlitenio.cantOpen", ["notes.sqlite"]),
    ]

    @Test("The developer report keeps what the error carries", arguments: reports)
    func reportKeepsDetails(caseID: String, fragments: [String]) async throws {
        expectReport(try await observe(caseID), keeps: fragments)
    }

    @Test("The report keeps the errno of a closed pipe and of a full device")
    func reportKeepsErrno() async throws {
        expectReport(try await observe("pipe.closed"), keepsErrno: .EPIPE)
        expectReport(try await observe("device.full"), keepsErrno: .ENOSPC)
    }

    @Test(
        "A gRPC status reads as the HTTP status of its entry reads, Try Again and all",
        arguments: [
            ("grpc.failedPrecondition", 409), ("grpc.aborted", 409), ("grpc.notFound", 404),
            ("grpc.permissionDenied", 403), ("grpc.invalidArgument", 400), ("grpc.internalError", 500),
        ]
    )
    func grpcReadsAsHTTP(caseID: String, status: Int) async throws {
        let grpc = Reading(try await observe(caseID))
        let http = Reading(await Observation(of: HTTPStatusError(status: status)))
        #expect(grpc == http, "gRPC reads \(grpc); HTTP \(status) reads \(http)")
    }

    @Test("A gRPC resourceExhausted with `retry-after: 30` asks to wait 30 seconds")
    func resourceExhaustedRetryAfter() async throws {
        let seen = try await observe("grpc.resourceExhausted")
        #expect(seen.interpretation.retryAfter == .seconds(30))
    }

    @Test("A working directory that doesn't exist reads as a missing file does, in the same category")
    func missingWorkingDirectoryReadsAsAMissingFile() async throws {
        let folder = try await observe("subprocess.workingDirectory")
        let file = try await observe("file.missing")
        #expect(folder.presentation.title == file.presentation.title)
        #expect(folder.presentation.category == file.presentation.category)
    }

    @Test("A closed pipe is not a lost connection, and not transient; a reset on a socket still is both")
    func closedPipeIsNoNetworkFailure() async throws {
        let pipe = try await observe("pipe.closed")
        #expect(pipe.presentation.title != catalogTitle("network.connectionLost"))
        let pipeIsTransient = pipe.interpretation.isTransient
        #expect(!pipeIsTransient)
        let socket = try await observe("nio.reset")
        #expect(socket.presentation.title == catalogTitle("network.connectionLost"))
        let socketIsTransient = socket.interpretation.isTransient
        #expect(socketIsTransient)
        expectReport(socket, keepsErrno: .ECONNRESET)
    }
}
