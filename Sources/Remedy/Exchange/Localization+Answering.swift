extension Localization {
    /// The localization of the answer a server is making for the request it is handling; `nil` outside a
    /// request's handler.
    ///
    /// Remedy's server integrations (RemedyHummingbird's and RemedyVapor's `ProblemDetailsMiddleware`, and
    /// the others built on RemedyServer) bind it while a route runs: the language they chose for the request's
    /// answer among the server's languages, from its `Accept-Language`. Remedy's client pieces send it when it
    /// is bound, so a service called while a request is handled answers in the language of that request's
    /// answer, and its problems can be relayed without mixing languages:
    ///
    /// - `URLRequest.setAcceptLanguage()` and ``ErrorScope/acceptLanguage``;
    /// - ``ProblemDetailsError/ActionTransport/urlSession(_:localization:logger:)`` without a localization.
    ///
    /// Read it for a client of your own:
    ///
    /// ```swift
    /// var request = HTTPClientRequest(url: "http://inventory.internal/items/42")
    /// request.headers.add(name: "Accept-Language", value: (Localization.answering ?? .default).acceptLanguage)
    /// ```
    ///
    /// An integration of another framework binds it the same way, for the whole of the request's handling:
    ///
    /// ```swift
    /// try await Localization.$answering.withValue(answerLocalization) { try await next(request) }
    /// ```
    ///
    /// A task-local value: child tasks of the handler (`async let`, task groups) see it, a detached task or
    /// one started by another request does not.
    @TaskLocal public static var answering: Localization?
}
