import Foundation

/// The codes that many libraries share, read wherever an error's structure carries them, whatever the
/// library: an HTTP status (a `status` or `statusCode` field, a `response` that has one), a gRPC status code
/// (by its name on a `code` field, or by its number where the type's names say RPC), an errno (an `errno` or
/// `errnoCode` field). The tables are the vocabularies' own; no library is named.
enum SharedVocabularies {
    typealias Entry = ErrorCatalog.BuiltInEntry

    /// What an error's codes say: its entry (`nil` for a cancellation), how long to wait, and the code as
    /// reports name it (`EPIPE (32)`, `HTTP 503`, `gRPC deadlineExceeded (4)`).
    struct Reading {
        var entry: Entry?
        var retryAfter: Duration?
        var code: String
    }

    /// The labels of the fields that hold a shared code: a type with none of them carries no code.
    static let codeLabels: Set<String> = [
        "code", "status", "statusCode", "httpStatus", "responseStatus", "response", "errno", "errnoCode",
    ]

    /// Whether values of a type may carry a shared code: a struct or class with a field of a code's name, or an
    /// enum with values that describes itself, as a library's error does (its cases' labels differ from case to
    /// case, so each value is read). A plain enum that layers causes carries none, and isn't read again.
    static func mayCarryCodes(_ mirror: Mirror, type: any Error.Type) -> Bool {
        switch mirror.displayStyle {
        case .enum:
            !ReflectedValueKind.isSmallerThanAReference(type) && !(type is any WrappingError.Type)
                && (type is any LocalizedError.Type || type is any CustomStringConvertible.Type)
        case .struct, .class:
            // An `NSError` keeps its code for its domain: read by domain.
            !(type is NSError.Type) && mirror.children.contains { $0.label.map(codeLabels.contains) ?? false }
        default: false
        }
    }

    /// The reading of the codes an error carries; `nil` when it carries none.
    static func reading(of error: any Error, typeName: String) -> Reading? {
        let fields = labelledFields(of: error)
        guard !fields.isEmpty else { return nil }
        for (label, value) in fields {
            switch label {
            case "errno", "errnoCode":
                // A number, or a value keeping one (swift-system's `Errno`).
                let number =
                    Reflection.integer(value) ?? Reflection.field("rawValue", of: value).flatMap(Reflection.integer)
                guard let code = number.flatMap(Int32.init(exactly:)).flatMap(POSIXErrorCode.init) else { continue }
                let entry = BuiltInCatalog.posixEntry(code, onSocket: namesSocket(typeName))
                return Reading(entry: entry, code: errnoName(code))
            case "status", "statusCode", "httpStatus", "responseStatus":
                if let status = httpStatus(value) { return httpReading(status) }
            case "response":
                if let status = httpStatus(inResponse: value) { return httpReading(status) }
            case "code":
                guard let number = rpcCode(value, typeName: typeName) else { continue }
                guard number != 0 else { return nil }
                let wait = number == 8 ? retryAfter(inMetadataOf: fields) : nil
                return Reading(entry: rpcEntry(number), retryAfter: wait, code: "gRPC \(rpcNames[number]) (\(number))")
            default:
                continue
            }
        }
        return nil
    }

    /// The labelled values of a struct or class, or of an enum case's tuple of values (`undocumented(statusCode:
    /// 500, …)`); optionals unwrapped.
    static func labelledFields(of value: Any) -> [(String, Any)] {
        var mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum {
            guard let payload = mirror.children.first?.value else { return [] }
            mirror = Mirror(reflecting: payload)
            guard mirror.displayStyle == .tuple else { return [] }
        }
        return mirror.children.prefix(32).compactMap { child in
            child.label.map { ($0, Reflection.unwrapped(child.value)) }
        }
    }

    /// An errno as C names it, with its number: `ENOSPC (28)`.
    static func errnoName(_ code: POSIXErrorCode) -> String {
        let names: [POSIXErrorCode: String] = [
            .EPERM: "EPERM", .ENOENT: "ENOENT", .EIO: "EIO", .EACCES: "EACCES", .EEXIST: "EEXIST",
            .ENOTDIR: "ENOTDIR", .EISDIR: "EISDIR", .EINVAL: "EINVAL", .EFBIG: "EFBIG", .ENOSPC: "ENOSPC",
            .EROFS: "EROFS", .EPIPE: "EPIPE", .EAGAIN: "EAGAIN", .ENAMETOOLONG: "ENAMETOOLONG", .EDQUOT: "EDQUOT",
            .ECONNRESET: "ECONNRESET", .ECONNREFUSED: "ECONNREFUSED", .ECONNABORTED: "ECONNABORTED",
            .ETIMEDOUT: "ETIMEDOUT", .ENOTCONN: "ENOTCONN", .EHOSTUNREACH: "EHOSTUNREACH", .ENETUNREACH: "ENETUNREACH",
            .EBUSY: "EBUSY", .ETXTBSY: "ETXTBSY", .ENOEXEC: "ENOEXEC", .EBADF: "EBADF",
        ]
        return "\(names[code] ?? "errno") (\(code.rawValue))"
    }

    // MARK: HTTP

    /// HTTP's reason phrases in Swift's spelling, for the statuses the catalog reads apart.
    private static let statusNames = [
        "badRequest": 400, "unauthorized": 401, "forbidden": 403, "notFound": 404, "requestTimeout": 408,
        "conflict": 409, "contentTooLarge": 413, "unprocessableContent": 422, "tooManyRequests": 429,
        "internalServerError": 500, "badGateway": 502, "serviceUnavailable": 503, "gatewayTimeout": 504,
    ]

    private static func httpReading(_ status: Int) -> Reading {
        Reading(entry: BuiltInCatalog.httpEntry(status), code: "HTTP \(status)")
    }

    /// A status as a number, or as a struct holding it as its `code` (swift-http-types' `HTTPResponse.Status`).
    static func httpStatus(_ value: Any) -> Int? {
        let number = Reflection.integer(value) ?? Reflection.field("code", of: value).flatMap(Reflection.integer)
        guard let number, (300..<600).contains(number) else { return nil }
        return number
    }

    /// The status of a response: a status field, a case with a status code, a case named after its status
    /// (`notFound`, `code418`, as generated clients name documented responses), or a response whose text is its
    /// status line (`500 Internal Server Error`, as swift-http-types' `HTTPResponse` reads).
    static func httpStatus(inResponse response: Any) -> Int? {
        for (label, value) in labelledFields(of: response)
        where ["status", "statusCode", "httpStatus"].contains(label) {
            if let status = httpStatus(value) { return status }
        }
        if let name = Reflection.caseName(of: response) {
            if let status = statusNames[name] { return status }
            if name.hasPrefix("code"), let status = Int(name.dropFirst(4)) { return httpStatus(status) }
        }
        let line = String(describing: response).utf8
        guard line.count >= 4, line.dropFirst(3).first == UInt8(ascii: " "),
            let status = Int(String(decoding: line.prefix(3), as: UTF8.self))
        else { return nil }
        return httpStatus(status)
    }

    // MARK: gRPC

    /// gRPC's status codes by number, as its status-code guide names them.
    static let rpcNames = [
        "ok", "cancelled", "unknown", "invalidArgument", "deadlineExceeded", "notFound", "alreadyExists",
        "permissionDenied", "resourceExhausted", "failedPrecondition", "aborted", "outOfRange", "unimplemented",
        "internal", "unavailable", "dataLoss", "unauthenticated",
    ]

    /// The number of a gRPC status code: its name (in any case style; `internalError` for `internal`), else its
    /// number where the type's names say RPC. Names other vocabularies use too count only there.
    static func rpcCode(_ value: Any, typeName: String) -> Int? {
        let saysRPC = namesRPC(typeName) || namesRPC(String(describing: type(of: value)))
        if let name = codeName(of: value) {
            var key = name.lowercased().replacingOccurrences(of: "_", with: "")
            if key == "internalerror" { key = "internal" }
            guard let number = rpcNames.firstIndex(where: { $0.lowercased() == key }) else { return nil }
            return saysRPC || !["ok", "unknown", "internal"].contains(key) ? number : nil
        }
        guard saysRPC else { return nil }
        let number = Reflection.integer(value) ?? Reflection.field("rawValue", of: value).flatMap(Reflection.integer)
        return number.flatMap { (0...16).contains($0) ? $0 : nil }
    }

    /// The name of a code: an enum's case, or the case of the one enum a struct keeps (grpc-swift's
    /// `RPCError.Code` keeps `wrapped`).
    static func codeName(of value: Any) -> String? {
        if let name = Reflection.caseName(of: value) { return name }
        let children = Mirror(reflecting: value).children
        guard children.count == 1, let only = children.first?.value else { return nil }
        return Reflection.caseName(of: only)
    }

    /// The entry of a gRPC status code, as gRPC's guide reads it; `nil` for `cancelled`.
    static func rpcEntry(_ code: Int) -> Entry? {
        switch code {
        case 1: nil
        case 3, 11: BuiltInCatalog.httpBadRequest  // invalid argument, out of range
        case 4: BuiltInCatalog.networkTimedOut  // deadline exceeded
        case 5: BuiltInCatalog.httpNotFound
        case 6: BuiltInCatalog.databaseConstraint  // already exists
        case 7: BuiltInCatalog.httpForbidden
        case 8: BuiltInCatalog.httpTooManyRequests  // resource exhausted
        case 9, 10: BuiltInCatalog.httpConflict  // failed precondition, aborted
        case 12: BuiltInCatalog.serviceUpdateRequired  // unimplemented
        case 14: BuiltInCatalog.httpServiceUnavailable
        case 16: BuiltInCatalog.signInRequired  // unauthenticated
        default: BuiltInCatalog.httpInternalServerError  // unknown, internal, data loss
        }
    }

    /// `retry-after` (seconds or a date) or `grpc-retry-pushback-ms` in the error's `metadata`: pairs of a
    /// `key` and a `value` (a string, or a case holding one), a few levels down.
    static func retryAfter(inMetadataOf fields: [(String, Any)]) -> Duration? {
        guard let metadata = fields.first(where: { $0.0 == "metadata" })?.1 else { return nil }
        var level: [Any] = [metadata]
        for _ in 0..<4 {
            var next: [Any] = []
            for candidate in level {
                for child in Mirror(reflecting: candidate).children.prefix(64) {
                    let pair = Dictionary(labelledFields(of: child.value), uniquingKeysWith: { first, _ in first })
                    if let key = (pair["key"] as? String)?.lowercased(), let value = pair["value"].flatMap(text) {
                        if key == "retry-after" { return HTTPStatusError.retryAfter(parsing: value, now: Date()) }
                        if key == "grpc-retry-pushback-ms", let milliseconds = Int64(value), milliseconds >= 0 {
                            return min(.milliseconds(milliseconds), HTTPStatusError.maximumRetryAfter)
                        }
                    }
                    next.append(child.value)
                }
            }
            level = next
        }
        return nil
    }

    private static func text(_ value: Any) -> String? {
        value as? String ?? Mirror(reflecting: value).children.first.flatMap { $0.value as? String }
    }

    // MARK: Names

    private static func namesRPC(_ name: String) -> Bool {
        ["RPC", "Rpc", "GRPC", "Grpc"].contains { name.contains($0) }
    }

    /// Whether a type's names say it belongs to a socket or a connection, where a closed pipe is a lost connection.
    static func namesSocket(_ name: String) -> Bool {
        ["Socket", "Channel", "Connection", "Network", "HTTP", "Http", "URL", "TCP", "Tcp", "NIO"].contains {
            name.contains($0)
        }
    }
}
