#if Vapor
import HTTPTypes
import Logging
import Remedy
import RemedyServer
import Vapor

extension ServerFramework {
    /// Vapor's status errors: `AbortError`s (`Abort`, the router's `RouteNotFound`), but not `DecodingError`,
    /// which Vapor makes an `AbortError` of 400 for every decoding failure, whoever's data failed. As in
    /// Hummingbird, only a body marked as the request's (``RequestBodyDecoder``, `RequestBodyError`) is the
    /// client's to fix; an unmarked decoding error is read by the catalog like any other.
    static let vapor: ServerFramework = {
        declareAbortErrorsLeaves
        return ServerFramework(
            statedStatus: { node in
                abortError(node).map { HTTPResponse.Status(code: Int($0.status.code)) }
            },
            statement: { node in
                abortError(node).map {
                    (HTTPResponse.Status(code: Int($0.status.code)), $0.headers.first(name: "Retry-After"))
                }
            },
            loneStatus: { error in
                if let abort = error as? Abort {
                    return abort.headers.isEmpty ? Int(abort.status.code) : nil
                }
                return error is RouteNotFound ? 404 : nil
            },
            statusError: { Abort(HTTPResponseStatus(statusCode: $0)) }
        )
    }()

    /// The `AbortError` a node is, unless it is a `DecodingError`.
    static func abortError(_ node: any Error) -> (any AbortError)? {
        if let abort = node as? Abort { return abort }
        guard !(node is DecodingError) else { return nil }
        return node as? any AbortError
    }

    /// An `AbortError` states its response and holds no cause: walks never reflect one. A `DecodingError` keeps
    /// its underlying error.
    private static let declareAbortErrorsLeaves: Void = ErrorTree.declareLeaves {
        $0 is any AbortError.Type && $0 != DecodingError.self
    }
}

extension FailedRequest {
    /// A failed Vapor request's headers and logger: `req.logger`, whose metadata holds the request id
    /// (`request-id`, `req.id`).
    init(_ request: Request, servesPages: Bool, hasRules: Bool) {
        let prefersPage = Self.prefersPage(accept: Self.joined(request.headers[.accept]), servesPages: servesPages)
        self.init(
            acceptLanguage: Self.joined(request.headers[.acceptLanguage]),
            prefersPage: prefersPage,
            logger: request.logger,
            route: hasRules ? Self.route(of: request) : "",
            target: prefersPage ? Self.target(of: request) : nil
        )
    }

    /// The route as the app's rules see it: the matched route's pattern (`/users/:id`), or the path.
    static func route(of request: Request) -> String {
        guard let route = request.route else { return String(request.url.path.prefix(200)) }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }

    /// What a page's Try Again sends for a Vapor request.
    static func target(of request: Request) -> Target {
        Target(method: request.method.rawValue, path: request.url.string, authority: request.headers.first(name: .host))
    }

    /// The headers of the `AbortError` a node is, without those that describe its own body.
    static func statedHeaders(of node: any Error) -> HTTPFields {
        guard let abort = ServerFramework.abortError(node) else { return HTTPFields() }
        return HTTPFields(abort.headers).keptForAnswer
    }

    /// A header's lines as one value, as HTTP reads a list; `nil` when there is none.
    private static func joined(_ values: [String]) -> String? {
        switch values.count {
        case 0: nil
        case 1: values[0]
        default: values.joined(separator: ", ")
        }
    }
}

extension HTTPFields {
    /// Vapor's headers; a name HTTP doesn't allow is left out.
    init(_ headers: HTTPHeaders) {
        self.init()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { append(HTTPField(name: name, value: value)) }
        }
    }
}

extension HTTPHeaders {
    /// The answer's headers, for Vapor's response.
    init(_ fields: HTTPFields) {
        self.init(fields.map { ($0.name.rawName, $0.value) })
    }
}
#endif
