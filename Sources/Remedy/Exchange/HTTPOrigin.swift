import Foundation

/// The origin of an `http` or `https` URL (RFC 6454 §4): its scheme, host and port, compared as browsers
/// compare them.
///
/// The scheme and the host are compared without regard to case, and a missing port is the scheme's
/// default, so `https://API.example.com/a` and `https://api.example.com:443/b` have the same origin, while
/// `http://api.example.com` (another scheme) and `https://api.example.com:8443` (another port) don't.
struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    let scheme: String
    /// The host, lowercased.
    let host: String
    /// The port, the scheme's default when the URL names none.
    let port: Int

    /// The origin of a URL; `nil` unless it is an `http` or `https` URL with a host.
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        switch scheme {
        case "http": port = url.port ?? 80
        case "https": port = url.port ?? 443
        default: return nil
        }
        self.scheme = scheme
        self.host = host
    }

    /// `https://api.example.com:443`.
    var description: String {
        "\(scheme)://\(host):\(port)"
    }
}
