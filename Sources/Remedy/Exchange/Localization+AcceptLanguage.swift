import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Localization {
    /// The value of an `Accept-Language` header that asks a server for this localization's language, so
    /// the Problem Details it answers are in the language the client shows.
    ///
    /// The locale's language tag (BCP 47) comes first, then, when it differs, the language Remedy chose for
    /// it among ``supportedLanguages`` with a lower weight: `"de"` for `Localization(language: "de")`,
    /// `"de-CH, de;q=0.9"` for a Swiss German locale, `"zh-Hans"` for Simplified Chinese, and
    /// `"pt-BR, en;q=0.9"` for a language Remedy doesn't ship (its own texts are English then).
    ///
    /// For a client that builds its own headers, such as AsyncHTTPClient:
    ///
    /// ```swift
    /// var request = HTTPClientRequest(url: "https://api.example.com/orders/42")
    /// request.headers.add(name: "Accept-Language", value: localization.acceptLanguage)
    /// ```
    public var acceptLanguage: String {
        let tag = locale.identifier(.bcp47)
        guard !tag.isEmpty, tag != "und", tag.lowercased() != language.lowercased() else { return language }
        return "\(tag), \(language);q=0.9"
    }
}

extension ErrorScope {
    /// The value of an `Accept-Language` header for the root's language: its ``Localization/acceptLanguage``;
    /// while a server handles a request, the language of that request's answer (``Localization/answering``).
    ///
    /// Send it with every request whose failures the scope handles, so the server's problems arrive in the
    /// language of the rest of the alert, or of the answer they are relayed in:
    ///
    /// ```swift
    /// var request = URLRequest(url: url)
    /// request.setValue(scope.acceptLanguage, forHTTPHeaderField: "Accept-Language")
    /// ```
    public var acceptLanguage: String {
        (Localization.answering ?? pipeline.resolver.localization).acceptLanguage
    }
}

extension URLRequest {
    /// Asks the server for a localization's language: sets `Accept-Language` to its
    /// ``Localization/acceptLanguage``, replacing any value the request had.
    ///
    /// ```swift
    /// var request = URLRequest(url: url)
    /// request.setAcceptLanguage(Localization(language: "de"))
    /// let (data, response) = try await URLSession.shared.data(for: request)
    /// try ProblemDetailsError.validate(data, response)
    /// ```
    ///
    /// - Parameter localization: The localization whose language to ask for.
    public mutating func setAcceptLanguage(_ localization: Localization) {
        setValue(localization.acceptLanguage, forHTTPHeaderField: "Accept-Language")
    }

    /// Asks the server for the language of the answer being made, while a server handles a request
    /// (``Localization/answering``), else for the program's (``Localization/default``).
    ///
    /// A service that calls another while it answers its own client sends its client's language on, so a
    /// problem it relays is in the language of its answer:
    ///
    /// ```swift
    /// router.get("/orders/:id") { request, context in
    ///     var call = URLRequest(url: inventory.appending(path: "items/42"))
    ///     call.setAcceptLanguage()
    ///     let (data, response) = try await URLSession.shared.data(for: call)
    ///     try ProblemDetailsError.validate(data, response)
    ///     …
    /// }
    /// ```
    public mutating func setAcceptLanguage() {
        setAcceptLanguage(Localization.answering ?? .default)
    }
}
