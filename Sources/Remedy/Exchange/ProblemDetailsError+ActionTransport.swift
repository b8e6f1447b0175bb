import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ProblemDetailsError {
    /// What sends the request of a Problem Details link action, such as "Refresh Order", and where Remedy
    /// logs the actions it refuses.
    ///
    /// The default sends it with `URLSession.shared`'s configuration; give an app's own session, another HTTP
    /// client, or a stand-in for tests:
    ///
    /// ```swift
    /// let transport = ProblemDetailsError.ActionTransport { method, url in
    ///     ProblemDetailsError.ActionTransport.Response(status: 204)
    /// }
    /// ```
    ///
    /// Whatever the transport, Remedy never follows a redirect itself: an answer of 300 to 399 is a failure,
    /// handled as a new error and logged, never "recovered". A transport that follows redirects on its own
    /// should say where the answer came from (the `url` of its ``Response``): an answer from another origin
    /// than the request's is a failure too. ``urlSession(_:localization:logger:)`` follows only redirects that stay on
    /// the origin and keep the method.
    public struct ActionTransport: Sendable {
        /// The response to an action's request.
        public struct Response: Sendable {
            package var status: Int
            package var headers: [String: String]
            package var body: Data
            package var url: URL?

            /// Creates a response: its status, headers by name, body, and the URL it came from when the
            /// transport followed redirects (`nil`: the request's URL).
            public init(status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
                self.status = status
                self.headers = headers
                self.body = body
                self.url = url
            }

            func header(_ name: String) -> String? {
                HTTPStatusError(status: status, headers: headers).header(name)
            }
        }

        private let sendRequest: @Sendable (_ method: String, _ url: URL) async throws -> Response

        package let logger: Logger?

        /// Creates a transport.
        ///
        /// - Parameters:
        ///   - logger: Where refused actions and redirects are logged (one line each, at `info`, or `debug` for
        ///     actions left out of a full alert). Default: `nil`, swift-log's task-local `Logger.current`.
        ///   - send: Sends a request with an HTTP method to a URL, and returns the response. Throwing is
        ///     handled as a new error.
        public init(
            logger: Logger? = nil,
            _ send: @escaping @Sendable (_ method: String, _ url: URL) async throws -> Response
        ) {
            self.logger = logger
            sendRequest = send
        }

        package func send(method: String, url: URL) async throws -> Response {
            try await sendRequest(method, url)
        }

        var refusalLogger: Logger {
            logger ?? Logger.current
        }

        /// Sends requests with a URLSession configuration, following only redirects that stay on the
        /// request's origin and keep its method.
        ///
        /// Each request is sent by a session of its own, made from `session`'s configuration (its headers,
        /// cookies, credential storage, cache and timeouts); `session`'s delegate is not asked. A redirect is
        /// followed only to the same origin (scheme, host, port), and only when the method is kept: any
        /// redirect of a `GET`, a 307 or 308 of any method. A refused redirect's 3xx is the answer, which
        /// Remedy handles as a new error.
        ///
        /// ```swift
        /// let transport = ProblemDetailsError.ActionTransport.urlSession(
        ///     appSession, localization: root.localization, logger: logger)
        /// try ProblemDetailsError.validate(data, response, actionTransport: transport)
        /// ```
        ///
        /// - Parameters:
        ///   - session: The session whose configuration to use. Default: `URLSession.shared`.
        ///   - localization: When given, its language is sent as `Accept-Language`
        ///     (``Localization/acceptLanguage``), so a problem in answer to the action is in that language;
        ///     when `nil`, the language of the answer being made while a server handles a request
        ///     (``Localization/answering``), if any.
        ///   - logger: Where refused actions are logged. Default: `nil`, swift-log's task-local
        ///     `Logger.current`.
        /// - Returns: The transport.
        public static func urlSession(
            _ session: URLSession = .shared,
            localization: Localization? = nil,
            logger: Logger? = nil
        ) -> ActionTransport {
            let configuration = session.configuration
            let acceptLanguage = localization?.acceptLanguage
            return ActionTransport(logger: logger) { method, url in
                guard let origin = HTTPOrigin(url) else { throw URLError(.unsupportedURL) }
                var request = URLRequest(url: url)
                request.httpMethod = method
                request.setValue("\(ProblemDetails.mediaType), application/json", forHTTPHeaderField: "Accept")
                if let acceptLanguage = acceptLanguage ?? Localization.answering?.acceptLanguage {
                    request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language")
                }
                // A session of its own because swift-corelibs-foundation doesn't ask a per-task delegate
                // about redirects, which would then be followed unseen on Linux.
                let redirects = ActionRedirectDelegate(origin: origin, method: method)
                let actionSession = URLSession(configuration: configuration, delegate: redirects, delegateQueue: nil)
                // The session holds its delegate until it is invalidated: end it whatever the answer.
                defer { actionSession.finishTasksAndInvalidate() }
                let (data, response) = try await actionSession.data(for: request)
                guard let response = response as? HTTPURLResponse else { return Response(status: 0, body: data) }
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name] = value }
                }
                return Response(status: response.statusCode, headers: headers, body: data, url: response.url)
            }
        }
    }
}

/// Follows a redirect only to the request's origin and only when the method is kept.
final class ActionRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let origin: HTTPOrigin
    private let method: String

    init(origin: HTTPOrigin, method: String) {
        self.origin = origin
        self.method = method
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let refusal = Self.refusal(from: origin, method: method, status: response.statusCode, to: request.url)
        completionHandler(refusal == nil ? request : nil)
    }

    static func refusal(from origin: HTTPOrigin, method: String, status: Int, to url: URL?) -> ActionRefusal? {
        guard let target = url.flatMap(HTTPOrigin.init) else { return .notHTTP }
        guard target == origin else { return .otherOrigin }
        let keepsMethod = method == "GET" || method == "HEAD" || status == 307 || status == 308
        return keepsMethod ? nil : .methodChange
    }
}

/// Why Remedy doesn't offer or send a server's action, or doesn't follow its answer: the value of the
/// `refused` metadata of the log line.
enum ActionRefusal: String, Error, Sendable {
    /// The failed response's URL is unknown, so the action's URL can't be checked against an origin.
    case noOrigin
    case notHTTP
    case otherOrigin
    case methodNotAllowed
    /// A redirect that would change the method (a 301, 302 or 303 of anything but `GET`).
    case methodChange
    /// The action's answer was a redirect, which Remedy doesn't follow.
    case redirect
    case alertFull
}
