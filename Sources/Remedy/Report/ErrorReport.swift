import Foundation

/// The developer's view of an error: a one-line summary, a stable grouping key, and full renderings.
///
/// ```swift
/// logger.error("\(ErrorReport(error).summary)")
/// ```
public struct ErrorReport: Sendable {
    /// The error being reported.
    public let error: any Error
    /// The caps of the tree walk.
    public let limits: ErrorTree.Limits

    /// Creates a report of an error.
    ///
    /// - Parameters:
    ///   - error: Any error.
    ///   - limits: The caps of the tree walk.
    public init(_ error: any Error, limits: ErrorTree.Limits = .default) {
        self.error = error
        self.limits = limits
    }

    /// One line: context layers and causes joined by ": ", ending in the root cause's description.
    ///
    /// `Loading forecast: Parsing forecast: key 'temp' not found`
    public var summary: String {
        var parts: [String] = []
        for node in ErrorTree(error, limits: limits) {
            if let context = node.error as? ContextError {
                parts += context.layers.map(\.message)
            } else if node.childCount == 0 {
                parts.append(Self.shortDescription(of: node.error))
                break
            }
        }
        return parts.joined(separator: ": ")
    }

    /// A key shared by errors of the same shape whatever their dynamic values (URLs, ids, counts).
    public var groupingKey: String {
        Self.groupingKey(of: error, limits: limits)
    }

    /// The grouping key of an error: a hash of the types, enum cases and codes along its tree.
    ///
    /// - Parameters:
    ///   - error: Any error.
    ///   - limits: The caps of the tree walk.
    /// - Returns: 16 hexadecimal digits.
    public static func groupingKey(of error: any Error, limits: ErrorTree.Limits = .default) -> String {
        var hash = StableHash()
        for node in ErrorTree(error, limits: limits) {
            hash.combine(node.depth)
            hash.combine(shape(of: node.error))
        }
        return hash.hexDigest
    }

    /// The shape of one error: its type, and its enum case or code, never its dynamic values.
    static func shape(of error: any Error) -> String {
        let typeName = String(reflecting: type(of: error))
        if let context = error as? ContextError {
            return typeName + "|" + context.layers.map(\.message).joined(separator: "|")
        }
        if let http = error as? HTTPStatusError { return "\(typeName).\(http.status)" }
        if let custom = error as? any CustomNSError {
            return "\(typeName).\(custom.errorCode)"
        }
        if ErrorTree.isObjectError(error) {
            let nsError = error as NSError
            return "\(nsError.domain).\(nsError.code)"
        }
        let mirror = Mirror(reflecting: error)
        if mirror.displayStyle == .enum {
            // A case with a payload reflects as one child labelled with the case name.
            if let label = mirror.children.first?.label { return "\(typeName).\(label)" }
            return "\(typeName).\(String(describing: error))"
        }
        return typeName
    }

    /// A short developer description of one error.
    static func shortDescription(of error: any Error) -> String {
        switch error {
        case let error as DecodingError:
            return describe(error)
        case let error as any LocalizedError:
            if let text = error.errorDescription.nonBlank { return text }
        case let error as any PresentableError:
            return error.message
        default:
            break
        }
        if ErrorTree.isObjectError(error) || error is any CustomNSError {
            let nsError = error as NSError
            return "\(nsError.domain) \(nsError.code)"
        }
        return String(describing: error)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _):
            return "key '\(key.stringValue)' not found"
        case .valueNotFound(let type, let context):
            return "value of type \(type) not found at \(ErrorTree.codingPath(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "type mismatch: expected \(type) at \(ErrorTree.codingPath(context.codingPath))"
        case .dataCorrupted(let context):
            return "data corrupted at \(ErrorTree.codingPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// FNV-1a, 64 bits: stable across runs and processes (unlike `Hasher`), cheap, and not cryptographic.
struct StableHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        state = (state ^ 0xff) &* 0x0000_0100_0000_01b3
    }

    mutating func combine(_ value: Int) {
        var value = UInt64(bitPattern: Int64(value))
        for _ in 0..<8 {
            state = (state ^ (value & 0xff)) &* 0x0000_0100_0000_01b3
            value >>= 8
        }
    }

    var hexDigest: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
