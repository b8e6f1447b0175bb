import Foundation
import Remedy
import Testing

/// The grouping keys of decoding errors, pinned: the key reads a decoding error's case and coding path in
/// its own way (one look at the value), and must keep giving the keys it always gave.
struct DecodingKeyTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    static let context = DecodingError.Context(
        codingPath: [Key("days"), Key(intValue: 2)!, Key("temp")], debugDescription: "No value.")

    static let cases: [(name: String, error: DecodingError, key: String)] = [
        ("keyNotFound", .keyNotFound(Key("unit"), context), "d78e8dc8493a0233"),
        ("valueNotFound", .valueNotFound(Double.self, context), "075a7239626b3480"),
        ("typeMismatch", .typeMismatch(Double.self, context), "9d2bf126698de159"),
        ("dataCorrupted", .dataCorrupted(context), "194bb5cfe7788301"),
        ("emptyPath", .dataCorrupted(.init(codingPath: [], debugDescription: "")), "c92468322e5b1c05"),
    ]

    @Test(arguments: cases.indices)
    func theKeyOfADecodingErrorIsTheOneItAlwaysWas(index: Int) {
        let (name, error, key) = Self.cases[index]
        #expect(ErrorReport.groupingKey(of: error) == key, "\(name)")
    }

    enum ServiceError: WrappingError {
        case parsing(DecodingError)
        case offline

        var underlyingErrors: [any Error] {
            switch self {
            case .parsing(let error): [error]
            case .offline: []
            }
        }

        func forEachUnderlyingError(_ body: (any Error) -> Void) {
            switch self {
            case .parsing(let error): body(error)
            case .offline: break
            }
        }

        var declaredCaseName: String? {
            switch self {
            case .parsing: "parsing"
            case .offline: "offline"
            }
        }
    }

    @Test func theKeyOfADeclaredTreeAroundADecodingErrorIsTheOneItAlwaysWas() {
        let error = ServiceError.parsing(.keyNotFound(Key("unit"), Self.context))
        #expect(ErrorReport.groupingKey(of: error) == "b569f0ba8fee3597")
        #expect(ErrorReport.groupingKey(of: ServiceError.offline) == "2ff123bed8594376")
    }
}
