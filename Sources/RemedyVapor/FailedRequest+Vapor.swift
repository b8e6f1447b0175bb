#if Vapor
import HTTPTypes
import Logging
import Remedy
import RemedyServer
import Vapor

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
            target: prefersPage ? Self.target(of: request) : nil,
            authority: request.headers.first(name: .host)
        )
    }

    /// The route as the app's rules see it: the matched route's pattern (`/users/:id`), or the path.
    static func route(of request: Request) -> String {
        guard let route = request.route else { return String(request.url.path.prefix(200)) }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }

    /// What a page's Try Again sends for a Vapor request.
    static func target(of request: Request) -> Target {
        Target(
            method: request.method.rawValue, path: request.url.string, authority: request.headers.first(name: .host),
            referer: request.headers.first(name: .referer))
    }

    /// The headers of the `AbortError` a node is, without those that describe its own body.
    static func statedHeaders(of node: any Error) -> HTTPFields {
        guard let abort = ServerFramework.abortError(node) else { return HTTPFields() }
        return HTTPFields(abort.headers).keptForAnswer
    }

    /// A header's lines as one value, as HTTP reads a list; `nil` when there is none.
    static func joined(_ values: [String]) -> String? {
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
