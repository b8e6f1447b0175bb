import Foundation

/// The origin of an `http` or `https` URL (RFC 6454 §4), compared as browsers compare them: scheme and
/// host without regard to case, a missing port as the scheme's default.
///
/// `package`: a server (RemedyServer) checks the links it sends by the same origins a client checks them by.
package struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
    package let scheme: String
    package let host: String
    package let port: Int

    /// `nil` unless `url` is an `http` or `https` URL with a host.
    package init?(_ url: URL) {
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
    package var description: String {
        "\(scheme)://\(host):\(port)"
    }
}
