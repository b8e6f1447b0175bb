import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback address nothing listens on, so connecting to it is refused for real (offline).
///
/// A TCP socket is bound to a port the system picks and never listens; it stays open for the life of
/// the process. While it holds the port, no other socket can take it (neither another program's
/// `bind` nor the client's own ephemeral port, which would connect to itself), and a connection to a
/// port with no listener is answered with a reset: `ECONNREFUSED`, as when a server is down or the
/// network is gone.
enum ClosedPort {
    /// A URL on 127.0.0.1 whose port refuses connections.
    static func url(path: String) throws -> URL {
        let port = try refusingPort.get()
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
            throw DemoSetupError("No URL for the closed port and the path \(path).")
        }
        return url
    }

    private static let refusingPort = Result { () throws(DemoSetupError) -> UInt16 in
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw DemoSetupError("No socket for the closed port (errno \(errno)).") }
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
        guard bound else {
            let error = DemoSetupError("No free port for the closed port (errno \(errno)).")
            close(descriptor)
            throw error
        }
        // Never closed: the port must stay taken while the demo may still connect to it.
        return UInt16(bigEndian: address.sin_port)
    }
}
