import Foundation

/// What a failure concerns, as the errors of its tree say it: a file, a host, a place in a document.
///
/// The built-in texts name it the way a person reads it — a file by its name (“config.json”, not the
/// full path), a server by its host name, a document's problem by its line — when an error of the tree
/// carries it: `NSFilePathErrorKey` or a file `NSURLErrorKey` in the user info, a `URLError`'s failing
/// URL, the host of a connection error, the line of a parse error, the coding path of a
/// `DecodingError`.
struct ErrorSubject: Sendable, Equatable {
    /// The file's name, its last path component.
    var fileName: String?
    /// The host name of a server.
    var host: String?
    /// The line of a document, counted from 1.
    var line: Int?
    /// The column of that line, counted from 1.
    var column: Int?
    /// The coding path of a decoded value, as in `server.ports[1]`.
    var codingPath: String?

    var isEmpty: Bool {
        fileName == nil && host == nil && line == nil && codingPath == nil
    }

    /// Adds what another error of the tree says where this one says nothing.
    mutating func fill(from other: ErrorSubject) {
        if fileName == nil { fileName = other.fileName }
        if host == nil { host = other.host }
        if line == nil {
            line = other.line
            column = other.column
        }
        if codingPath == nil { codingPath = other.codingPath }
    }

    // MARK: - Reading it from errors

    /// The file name a path names, or `nil` for an empty path or the root.
    static func fileName(ofPath path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        return name.isEmpty || name == "/" ? nil : name
    }

    /// The subject a user info names: a file path or file URL, else the host of a failing URL.
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

    /// The coding path of a decoding error's context, as a person reads a key path: `items[2].name`.
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

    /// The line and column a parser's message gives, as Foundation's JSON parser says it ("around line 3,
    /// column 7"), or `nil`.
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
