#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Remedy

/// Which `href`s a server may send a client to act on — in Problem Details, on a page, in gRPC's `Help` links:
/// a relative reference (the server's own origin), an `http`/`https` URL of the request's own authority, or
/// one of an allowed origin (``ProblemDetailsConfiguration/allowedActionOrigins``). Never `javascript:`,
/// `data:` or any other scheme, never another host.
///
/// One rule for every answer, so a server never sends an action its client must refuse (a Remedy client
/// performs only `http`/`https` requests to the origin of the service, `HTTPOrigin`), and a page never holds a
/// `href` that runs as script or sends a person elsewhere. Action requests come from the app's configuration,
/// and a page's Try Again from the request's own target: both are checked.
package enum ActionLink {
    /// Whether a server may send an `href`.
    ///
    /// Refused: an empty `href`, or one longer than 2,048 bytes (a client reads no longer one); one with a
    /// control character, a space or a backslash (browsers drop or rewrite them, so `java\tscript:` and
    /// `/\host` would mean something else than they seem); a network-path reference (`//host/path`, another
    /// origin); a scheme other than `http` and `https`; an absolute URL that carries user info, or whose
    /// authority is neither the request's (`Host`) nor of an allowed origin.
    ///
    /// - Parameters:
    ///   - href: The URI reference.
    ///   - authority: The request's authority (its `Host`, gRPC's `:authority`), such as `example.com:8080`;
    ///     `nil` when unknown, in which case an absolute URL is allowed only to an allowed origin.
    ///   - allowedOrigins: The other origins links may lead to (``origins(_:)``).
    /// - Returns: Whether the server may send it.
    package static func isAllowed(
        _ href: String,
        authority: String?,
        allowedOrigins: Set<HTTPOrigin> = []
    ) -> Bool {
        let bytes = href.utf8
        guard !bytes.isEmpty, bytes.count <= 2_048,
            !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else { return false }
        if bytes.starts(with: "//".utf8) { return false }
        guard let scheme = scheme(of: href) else { return true }
        guard scheme == "http" || scheme == "https" else { return false }
        let rest = href.utf8.dropFirst(scheme.utf8.count + 1)
        guard rest.starts(with: "//".utf8) else { return false }
        let afterSlashes = rest.dropFirst(2)
        let end =
            afterSlashes.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? afterSlashes.endIndex
        let hrefAuthority = afterSlashes[afterSlashes.startIndex..<end]
        guard !hrefAuthority.isEmpty, !hrefAuthority.contains(UInt8(ascii: "@")) else { return false }
        if let authority,
            hrefAuthority.map(HeaderBytes.lowercase).elementsEqual(authority.utf8.map(HeaderBytes.lowercase))
        {
            return true
        }
        guard !allowedOrigins.isEmpty, let origin = URL(string: href).flatMap(HTTPOrigin.init) else { return false }
        return allowedOrigins.contains(origin)
    }

    /// The origins of ``ProblemDetailsConfiguration/allowedActionOrigins``, read once: each entry's scheme,
    /// host and port, such as `https://help.example.com` (port 443). An entry that isn't an `http` or `https`
    /// URL with a host, or that carries user info, allows nothing.
    package static func origins(_ entries: [String]) -> Set<HTTPOrigin> {
        Set(
            entries.compactMap { entry in
                guard let url = URL(string: entry), url.user == nil, url.password == nil else { return nil }
                return HTTPOrigin(url)
            })
    }

    /// The scheme of an absolute URL, in lowercase; `nil` for a relative reference (RFC 3986 §3.1, §4.2: a
    /// colon before any `/`, `?` or `#`, after a letter and letters, digits, `+`, `-` or `.`). Anything else
    /// before a colon is read as a scheme no answer allows.
    private static func scheme(of href: String) -> String? {
        var scheme: [UInt8] = []
        for byte in href.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return String(decoding: scheme, as: UTF8.self)
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return nil
            default:
                scheme.append(HeaderBytes.lowercase(byte))
            }
        }
        return nil
    }
}
#endif
