import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Failures {
    // MARK: - swift-openapi-runtime

    /// A client as swift-openapi-generator writes it (`UniversalClient`, the runtime's converter) through an
    /// in-process `ClientTransport`: a URLSession transport to a port nothing listens on, and a server's
    /// HTML error page for a 500.
    static let openAPI: [FailureCase] = [
        FailureCase(
            "openapi.refused", library: "swift-openapi-runtime",
            summary: "getNote through a URLSession transport to a closed loopback port"
        ) { workspace in
            let port = try await LoopbackServer.closedPort()
            let client = NotesClient(serverURL: "http://127.0.0.1:\(port)/api", transport: URLSessionTransport())
            return try await workspace.failure { try await client.getNote(id: 7).ok }
        },
        FailureCase(
            "openapi.undocumented", library: "swift-openapi-runtime",
            summary: "getNote (documents 200 only) answered 500 with an HTML page, then `.ok` of the output"
        ) { workspace in
            let client = NotesClient(serverURL: "https://notes.example/api", transport: ErrorPageTransport())
            return try await workspace.failure { try await client.getNote(id: 7).ok }
        },
        FailureCase(
            "openapi.unexpectedContentType", library: "swift-openapi-runtime",
            summary: "saveNote (documents a JSON 500) answered 500 with an HTML page"
        ) { workspace in
            let client = NotesClient(serverURL: "https://notes.example/api", transport: ErrorPageTransport())
            return try await workspace.failure { try await client.saveNote(id: 7) }
        },
    ]
}

/// A note, as a schema of the API.
struct Note: Codable, Hashable, Sendable {
    var id: Int
    var text: String
}

/// What the API documents for an error.
struct Problem: Codable, Hashable, Sendable {
    var message: String
}

/// The output of `getNote` as the generator writes it: the documented response, or an undocumented one.
enum GetNoteOutput: Sendable, Hashable {
    case ok(Note)
    case undocumented(statusCode: Int, UndocumentedPayload)

    /// The note; throws the runtime's error for any other response, as generated outputs do.
    var ok: Note {
        get throws {
            switch self {
            case .ok(let note): return note
            default: try throwUnexpectedResponseStatus(expectedStatus: "ok", response: self)
            }
        }
    }
}

/// The output of `saveNote`: it documents a JSON body for a 500.
enum SaveNoteOutput: Sendable, Hashable {
    case ok(Note)
    case internalServerError(Problem)
    case undocumented(statusCode: Int, UndocumentedPayload)
}

/// The API's client, written as the generator writes one.
struct NotesClient: Sendable {
    private let client: UniversalClient

    init(serverURL: String, transport: any ClientTransport) {
        client = UniversalClient(serverURL: URL(string: serverURL)!, configuration: .init(), transport: transport)
    }

    func getNote(id: Int) async throws -> GetNoteOutput {
        let converter = client.converter
        return try await client.send(
            input: id, forOperation: "getNote",
            serializer: { id in (HTTPRequest(soar_path: "/notes/\(id)", method: .get), nil) },
            deserializer: { response, body in
                switch response.status.code {
                case 200: return .ok(try await converter.json(Note.self, response, body))
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        UndocumentedPayload(headerFields: response.headerFields, body: body)
                    )
                }
            }
        )
    }

    func saveNote(id: Int) async throws -> SaveNoteOutput {
        let converter = client.converter
        return try await client.send(
            input: id, forOperation: "saveNote",
            serializer: { id in (HTTPRequest(soar_path: "/notes/\(id)", method: .put), nil) },
            deserializer: { response, body in
                switch response.status.code {
                case 200: return .ok(try await converter.json(Note.self, response, body))
                case 500: return .internalServerError(try await converter.json(Problem.self, response, body))
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        UndocumentedPayload(headerFields: response.headerFields, body: body)
                    )
                }
            }
        )
    }
}

extension Converter {
    /// A JSON body, after checking the content type, as generated deserializers read one.
    fileprivate func json<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, _ body: HTTPBody?) async throws -> T {
        let received = extractContentTypeIfPresent(in: response.headerFields)
        _ = try bestContentType(received: received, options: ["application/json"])
        return try await getResponseBodyAsJSON(type, from: body) { $0 }
    }
}

/// A server that fails with its web server's HTML error page, in process.
struct ErrorPageTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let page = "<html><head><title>500 Internal Server Error</title></head><body>nginx</body></html>"
        return (
            HTTPResponse(status: .internalServerError, headerFields: [.contentType: "text/html; charset=utf-8"]),
            HTTPBody(page)
        )
    }
}

/// A transport that sends the request with URLSession, as swift-openapi-urlsession does.
struct URLSessionTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let url = URL(string: baseURL.absoluteString + (request.path ?? "")) else {
            throw URLError(.badURL)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (HTTPResponse(status: .init(code: http.statusCode)), HTTPBody(data))
    }
}
