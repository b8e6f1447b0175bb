import Foundation

extension ProblemDetails {
    /// A JSON value: an extension member of a problem, kept as it came.
    ///
    /// Numbers are `Double`s, as JSON's are in practice (RFC 8259 §6). JSON has no NaN nor infinity: an
    /// app's non-finite number is written as `null`, and a body with a number out of `Double`'s range
    /// (such as `1e400`) is not read (`JSONDecoder` refuses it).
    ///
    /// It is `Codable` in any coder; in JSON it reads and writes as the value itself, not wrapped.
    public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
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

        /// Reads whichever kind of value the decoder holds.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try Self.ifKind({ try container.decode(Bool.self) }) {
                self = .bool(bool)
            } else if let number = try Self.ifKind({ try container.decode(Double.self) }) {
                self = .number(number)
            } else if let string = try Self.ifKind({ try container.decode(String.self) }) {
                self = .string(string)
            } else if let array = try Self.ifKind({ try container.decode([JSONValue].self) }) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        /// Only a type mismatch means "another kind" (`nil`); a malformed number or string is thrown on.
        private static func ifKind<Value>(_ decode: () throws -> Value) throws -> Value? {
            do {
                return try decode()
            } catch Swift.DecodingError.typeMismatch {
                return nil
            }
        }

        /// Writes the value; a NaN or an infinity as `null`, since JSON has neither.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let bool): try container.encode(bool)
            case .number(let number) where number.isFinite: try container.encode(number)
            case .number: try container.encodeNil()
            case .string(let string): try container.encode(string)
            case .array(let elements): try container.encode(elements)
            case .object(let members): try container.encode(members)
            }
        }

        /// The value as compact JSON, members sorted by name.
        public var description: String {
            String(decoding: ProblemDetails.jsonEncoded(self), as: UTF8.self)
        }
    }
}

extension ProblemDetails.JSONValue {
    /// The string, when the value is one.
    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The members, when the value is an object.
    var objectMembers: [String: ProblemDetails.JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The number as an `Int`, when the value is a whole number an `Int` can hold exactly.
    var integerValue: Int? {
        guard case .number(let number) = self, number.isFinite, number == number.rounded(),
            abs(number) < 9_007_199_254_740_992
        else { return nil }
        return Int(number)
    }

    /// The kind of value, for messages: "an array", "a string"…
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
