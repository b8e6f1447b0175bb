import Foundation

extension ProblemDetails {
    /// A JSON value: an extension member of a problem, kept as it came.
    ///
    /// Numbers are `Double`s, as JSON's are in practice (RFC 8259 §6). A number too large for a `Double`
    /// reads as an infinity and is written back as `1e999`, which reads as the same infinity.
    public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([JSONValue])
        /// An object, by member name.
        case object([String: JSONValue])

        /// The value as compact JSON, members sorted by name.
        public var description: String {
            var writer = ProblemDetailsJSONWriter()
            writer.write(self)
            return writer.text
        }
    }
}

/// Writes JSON text: compact, object members in the order given or sorted by name, strings escaped so the
/// text is safe inside HTML and JavaScript too (`<`, `>`, `&`, U+2028 and U+2029 escaped).
struct ProblemDetailsJSONWriter {
    private(set) var text = ""

    init() {
        text.reserveCapacity(256)
    }

    mutating func write(_ value: ProblemDetails.JSONValue) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): write(number: number)
        case .string(let string): write(string: string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                write(element)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, name) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                write(string: name)
                text += ":"
                write(members[name]!)
            }
            text += "}"
        }
    }

    mutating func write(number: Double) {
        if number.isNaN {
            text += "null"
        } else if number.isInfinite {
            text += number < 0 ? "-1e999" : "1e999"
        } else if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            // Whole numbers as integers (`503`, not `503.0`), while every one of them is exact.
            text += String(Int64(number))
        } else {
            // Swift's shortest round-trip form is valid JSON: `0.1`, `1.5e+300`, `5e-324`.
            text += "\(number)"
        }
    }

    mutating func write(integer: Int) {
        text += String(integer)
    }

    mutating func write(string: String) {
        text += "\""
        var run = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": run += "\\\""
            case "\\": run += "\\\\"
            case "\n": run += "\\n"
            case "\r": run += "\\r"
            case "\t": run += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{7F}":
                run += Self.unicodeEscape(scalar.value)
            case _ where scalar.value < 0x20:
                run += Self.unicodeEscape(scalar.value)
            default:
                run.unicodeScalars.append(scalar)
            }
        }
        text += run
        text += "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Writes `"name":` after a comma when members came before.
    mutating func writeMemberName(_ name: String, first: inout Bool) {
        if !first { text += "," }
        first = false
        write(string: name)
        text += ":"
    }
}

extension ProblemDetails {
    /// The problem as `application/problem+json` bytes: compact UTF-8 JSON, members in a stable order.
    ///
    /// The standard members come first (`type`, `title`, `status`, `detail`, `instance`), then Remedy's
    /// (`category`, `severity`, `reference`, `retryAfter`, `actions`), then the ``extensions`` sorted by
    /// name. Members without a value are left out, except `type`, which is always written. An extension
    /// named like a standard or Remedy member is not written: the member itself is. A `NaN` in an
    /// extension is written as `null`, since JSON has no NaN.
    ///
    /// ```swift
    /// let problem = ProblemDetails(title: "Order Not Found", status: 404)
    /// let body = problem.encoded()
    /// // {"type":"about:blank","title":"Order Not Found","status":404}
    /// ```
    ///
    /// - Returns: The body of a Problem Details response.
    public func encoded() -> Data {
        if extensions.isEmpty { return ProblemDetailsWriter.encoded(self) }
        return Data(encodedText().utf8)
    }

    /// The JSON text of ``encoded()``.
    func encodedText() -> String {
        var writer = ProblemDetailsJSONWriter()
        var first = true
        writer.writeRaw("{")
        writer.writeMemberName("type", first: &first)
        writer.write(string: type)
        if let title {
            writer.writeMemberName("title", first: &first)
            writer.write(string: title)
        }
        if let status {
            writer.writeMemberName("status", first: &first)
            writer.write(integer: status)
        }
        if let detail {
            writer.writeMemberName("detail", first: &first)
            writer.write(string: detail)
        }
        if let instance {
            writer.writeMemberName("instance", first: &first)
            writer.write(string: instance)
        }
        if let category {
            writer.writeMemberName("category", first: &first)
            writer.write(string: category.identifier)
        }
        if let severity {
            writer.writeMemberName("severity", first: &first)
            writer.write(string: severity.description)
        }
        if let supportReference {
            writer.writeMemberName("reference", first: &first)
            writer.write(string: supportReference.description)
        }
        if let retryAfter {
            writer.writeMemberName("retryAfter", first: &first)
            writer.write(integer: Self.wholeSeconds(retryAfter))
        }
        if !actions.isEmpty {
            writer.writeMemberName("actions", first: &first)
            writer.write(.array(actions.map(\.jsonValue)))
        }
        for name in extensions.keys.sorted() where !Self.memberNames.contains(name) {
            writer.writeMemberName(name, first: &first)
            writer.write(extensions[name]!)
        }
        writer.writeRaw("}")
        return writer.text
    }

    /// A duration in whole seconds, rounded up (a wait is never shortened), never negative.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let whole = attoseconds > 0 ? seconds.addingReportingOverflow(1).partialValue : seconds
        return Int(clamping: max(0, whole))
    }
}

extension ProblemDetails.Action {
    /// The action as the JSON object of the `actions` member.
    var jsonValue: ProblemDetails.JSONValue {
        var members: [String: ProblemDetails.JSONValue] = [
            "id": .string(id),
            "title": .string(title),
            "role": .string(role.rawValue),
        ]
        if let request {
            members["request"] = .object(["method": .string(request.method), "href": .string(request.href)])
        }
        return .object(members)
    }
}

extension ProblemDetailsJSONWriter {
    /// Appends text as it is.
    mutating func writeRaw(_ raw: String) {
        text += raw
    }
}
