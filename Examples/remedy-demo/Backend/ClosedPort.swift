import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback address nothing listens on, so connecting to it is refused for real (offline).
///
/// The system picks a free port for a socket that is then closed without listening: until something
/// else takes the port, which on a busy machine is unlikely within the demo's seconds, connections to
/// it are refused with `ECONNREFUSED`, as when a server is down or the network is gone.
enum ClosedPort {
    /// A URL on 127.0.0.1 whose port refuses connections.
    static func url(path: String) throws -> URL {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw DemoSetupError("No socket for the closed port.") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))\(path)") else {
            throw DemoSetupError("No free port for the closed port.")
        }
        return url
    }
}
