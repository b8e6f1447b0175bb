#if Hummingbird || Vapor || OpenAPI || GRPC
/// Which `href`s a page for a browser may link to or post to: a relative reference, or an `http`/`https` URL
/// of the request's own origin. Never `javascript:`, `data:` or any other scheme, never another host.
///
/// Action requests come from the app's configuration, and Try Again from the request's own target; both are
/// checked, because a page is where a wrong `href` runs as script or sends a person elsewhere.
enum PageLink {
    /// Whether a page may use an `href`.
    ///
    /// Refused: an empty `href`; one with a control character, a space or a backslash (browsers drop or
    /// rewrite them, so `java\tscript:` and `/\host` would mean something else than they seem); a
    /// network-path reference (`//host/path`, another origin); a scheme other than `http` and `https`; an
    /// absolute URL whose authority isn't the request's (`Host`), or that carries user info.
    ///
    /// - Parameters:
    ///   - href: The URI reference.
    ///   - authority: The request's authority (its `Host`), such as `example.com:8080`; `nil` when unknown,
    ///     in which case only relative references are allowed.
    /// - Returns: Whether the page may use it.
    static func isAllowed(_ href: String, authority: String?) -> Bool {
        let bytes = href.utf8
        guard !bytes.isEmpty, bytes.count <= 2_048,
            !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else { return false }
        if bytes.starts(with: "//".utf8) { return false }
        guard let scheme = scheme(of: href) else { return true }
        guard scheme == "http" || scheme == "https", let authority else { return false }
        let rest = href.utf8.dropFirst(scheme.utf8.count + 1)
        guard rest.starts(with: "//".utf8) else { return false }
        let afterSlashes = rest.dropFirst(2)
        let end =
            afterSlashes.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? afterSlashes.endIndex
        let hrefAuthority = afterSlashes[afterSlashes.startIndex..<end]
        guard !hrefAuthority.isEmpty, !hrefAuthority.contains(UInt8(ascii: "@")) else { return false }
        return hrefAuthority.map(HeaderBytes.lowercase).elementsEqual(authority.utf8.map(HeaderBytes.lowercase))
    }

    /// The scheme of an absolute URL, in lowercase; `nil` for a relative reference (RFC 3986 §3.1, §4.2: a
    /// colon before any `/`, `?` or `#`, after a letter and letters, digits, `+`, `-` or `.`). Anything else
    /// before a colon is read as a scheme no page allows.
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
