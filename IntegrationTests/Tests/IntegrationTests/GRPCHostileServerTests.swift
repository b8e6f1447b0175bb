import Foundation
import GRPCCore
import GRPCProtobuf
import Remedy
import RemedyGRPC
import RemedyTesting
import Testing

/// The details of a hostile server.
enum HostileDetails {
    static let base = URL(string: "https://records.example.com/")!

    /// The hostile details, each with the reference and a message.
    static func status(_ details: [ErrorDetails], message: String = "Try later.") -> GoogleRPCStatus {
        GoogleRPCStatus(
            code: .unavailable, message: "hostile",
            details: [
                .localizedMessage(locale: "en", message: message),
                .requestInfo(requestID: "7KQ2-9F3A", servingData: ""),
            ] + details)
    }

    static let manyLinks: GoogleRPCStatus = status([
        .help(
            links: (0..<10_000).map { .init(url: "https://records.example.com/help/\($0)", description: "Help \($0)") })
    ])
    static let hugeMessage: GoogleRPCStatus = status([], message: String(repeating: "Ü", count: 5 << 20))
    static let otherHostAndScript: GoogleRPCStatus = status([
        .help(links: [
            .init(url: "https://elsewhere.example/status", description: "Elsewhere"),
            .init(url: "javascript:alert(1)", description: "Run"),
            .init(url: "data:text/html,<script>alert(1)</script>", description: "Data"),
            .init(url: "https://records.example.com/status", description: "Service Status"),
        ]),
        .errorInfo(reason: "UNKNOWN", domain: "x", metadata: ["actions": "retry evil signIn"]),
    ])
}

/// A hostile server's detailed error model — thousands of help links, a message of megabytes, links to other
/// hosts and to scripts — is presented safely: bounded, only actions that can be carried out, no crash, no hang.
@Suite(.timeLimit(.minutes(5)))
struct GRPCHostileServerTests {
    /// The error a client reads from a status, as RemedyGRPC's client interceptor reads it.
    static func read(_ status: GoogleRPCStatus) -> ProblemDetailsError? {
        ProblemDetailsError(RPCError(status), linkBase: HostileDetails.base)
    }

    @Test("10,000 help links: at most three buttons, read in a bounded time")
    func manyHelpLinks() throws {
        let error = try #require(Self.read(HostileDetails.manyLinks))
        #expect(error.recoveryOptions.count <= 3)
        #expect(error.problem.actions.count <= 16)
        #expect(error.supportReference?.description == "7KQ2-9F3A")
    }

    @Test("A 10 MB message is cut to what a person can read")
    func hugeMessage() throws {
        let error = try #require(Self.read(HostileDetails.hugeMessage))
        #expect(error.message.count <= 1_000)
        #expect(error.message.hasPrefix("ÜÜÜ"))
        #expect((error.problem.detail?.utf8.count ?? 0) <= 16 * 1024, "the error doesn't keep 10 MB alive")
    }

    @Test("Links to another host and to scripts are left out; the service's own link and Try Again stay")
    func otherHostsAndScripts() throws {
        let error = try #require(Self.read(HostileDetails.otherHostAndScript))
        let titles = error.recoveryOptions.map(\.title)
        #expect(titles.contains("Service Status"))
        for refused in ["Elsewhere", "Run", "Data", "evil"] { #expect(!titles.contains(refused)) }
        #expect(error.recoveryOptions.contains { $0.id == RecoveryOption.retry.id })
        #expect(ErrorTree(error).contains(httpStatus: 401), "signIn reaches the app's sign-in rule")
        // Without the service's web address, no link at all.
        let unanchored = try #require(ProblemDetailsError(RPCError(HostileDetails.otherHostAndScript)))
        #expect(!unanchored.recoveryOptions.map(\.title).contains("Service Status"))
    }

    @Test(
        "Over a real connection, each hostile answer is presented safely",
        arguments: [
            ("many links", HostileDetails.manyLinks), ("huge message", HostileDetails.hugeMessage),
            ("other hosts", HostileDetails.otherHostAndScript),
        ])
    func overTheWire(name: String, status: GoogleRPCStatus) async throws {
        let presenter = ScriptedPresenter([.role(.cancel)])
        let root = GRPCRoundTripTests.root(presenter)
        try await GRPCTrip.with(configuration: nil, linkBase: HostileDetails.base, answer: { _, _ in throw status }) {
            trip in
            let value = await root.attempt("Loading the record") { try await trip.call() }
            #expect(value == nil)
            let presentation = try #require(presenter.presentations.first, "\(name)")
            #expect(presentation.message.count <= 1_000, "\(name)")
            #expect(presentation.options.count <= 4, "\(name)")
            for option in presentation.options {
                #expect(!["Elsewhere", "Run", "Data"].contains(option.title), "\(name)")
            }
        }
    }
}
