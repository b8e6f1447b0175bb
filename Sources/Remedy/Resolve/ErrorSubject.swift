import Foundation

/// What a failure concerns, as the errors of its tree say it: a file (by its name, not the full path), a
/// host, a place in a document. The built-in texts name it the way a person reads it.
struct ErrorSubject: Sendable {
    var fileName: String?
    var host: String?
    /// Counted from 1, as the column.
    var line: Int?
    var column: Int?
    /// Kept as keys: spelled out (`server.ports[1]`) only when a message names it.
    var codingKeys: [any CodingKey] = []

    var hasCodingPath: Bool { !codingKeys.isEmpty }

    var codingPath: String? { Self.codingPath(codingKeys) }

    var isEmpty: Bool {
        fileName == nil && host == nil && line == nil && codingKeys.isEmpty
    }

    mutating func fill(from other: ErrorSubject) {
        if fileName == nil { fileName = other.fileName }
        if host == nil { host = other.host }
        if line == nil {
            line = other.line
            column = other.column
        }
        if codingKeys.isEmpty { codingKeys = other.codingKeys }
    }

    // MARK: - Reading it from errors

    static func fileName(ofPath path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        return name.isEmpty || name == "/" ? nil : name
    }

    static func from(userInfo: [String: Any]) -> ErrorSubject? {
        var subject = ErrorSubject()
        if let path = userInfo[NSFilePathErrorKey] as? String {
            subject.fileName = fileName(ofPath: path)
        } else if let url = userInfo[NSURLErrorKey] as? URL, url.isFileURL {
            subject.fileName = fileName(ofPath: url.path)
        }
        if let url = userInfo[NSURLErrorFailingURLErrorKey] as? URL, let host = url.host, !host.isEmpty {
            subject.host = host
        }
        return subject.isEmpty ? nil : subject
    }

    /// As a person reads a key path: `items[2].name`.
    static func codingPath(_ path: [any CodingKey]) -> String? {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text.isEmpty ? nil : text
    }

    /// As Foundation's JSON parser says it: "around line 3, column 7".
    static func location(inParserMessage message: String) -> (line: Int, column: Int?)? {
        guard let range = message.range(of: "line ") else { return nil }
        let afterLine = message[range.upperBound...]
        guard let line = Int(afterLine.prefix(while: \.isNumber)), line > 0 else { return nil }
        var column: Int?
        if let columnRange = afterLine.range(of: "column ") {
            column = Int(afterLine[columnRange.upperBound...].prefix(while: \.isNumber))
        }
        return (line, column)
    }
}
