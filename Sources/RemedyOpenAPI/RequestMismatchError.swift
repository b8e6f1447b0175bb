#if OpenAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Remedy
import RemedyServer

/// A request that doesn't match the OpenAPI document: the runtime couldn't read a parameter or the body, so the
/// handler never ran. It is the person's input: answered with the runtime's status (400 for a missing or
/// unreadable parameter or body), the invalid-input texts, and a field error where the runtime names the field.
///
/// The runtime names a missing required parameter (query, path or header) and, through the decoder's coding
/// path, the place in a JSON body that couldn't be read; it doesn't name a query or path parameter whose value
/// has the wrong type (its decoder's path starts below the parameter), so that answer has no field error.
struct RequestMismatchError: PresentableError, WrappingError, HTTPResponseConvertible {
    /// The runtime's words, for the developer report.
    let operationID: String
    let cause: String
    let runtimeError: any Error
    /// The runtime's status when it states one of 400 to 499, else 400.
    let httpStatus: HTTPResponse.Status
    /// The field errors, as an `InvalidInputError` (how a tree carries field errors), or the body's place as a
    /// `RequestBodyError`, whose field error the answer writes in its own language.
    let underlyingErrors: [any Error]

    /// Reads the runtime's error of a request it couldn't convert into the operation's input.
    ///
    /// - Parameters:
    ///   - error: The runtime's error, before the handler ran.
    ///   - localization: The answer's language, for a named parameter's message.
    init(_ error: ServerError, localization: Localization) {
        operationID = error.operationID
        cause = error.causeDescription
        runtimeError = error.underlyingError
        httpStatus = (400..<500).contains(error.httpStatus.code) ? error.httpStatus : .badRequest
        if let decodingError = error.underlyingError as? DecodingError {
            underlyingErrors = Self.isBody(decodingError, of: error.request) ? [RequestBodyError(decodingError)] : []
        } else if let name = Self.missingField(in: error.underlyingError) {
            let message = localization.string(forKey: "field.missing")
            underlyingErrors = [InvalidInputError([FieldError(field: name, message: message)])]
        } else {
            underlyingErrors = []
        }
    }

    var title: String? { nil }
    /// Empty: the category's message, in the answer's language.
    var message: String { "" }
    var category: ErrorCategory { .invalidInput }
    var developerDescription: String {
        "The request doesn't match the OpenAPI document (operation \(operationID)): \(cause)"
    }
    var httpHeaderFields: HTTPFields { [:] }
    var httpBody: HTTPBody? { nil }

    /// Whether a decoding error is the body's: the JSON decoder's, not the URI decoder's of a parameter (whose
    /// coding keys are the runtime's `URICoderCodingKey`). At the top level, where no key tells them apart, a
    /// request with a `Content-Type` sent a body.
    private static func isBody(_ error: DecodingError, of request: HTTPRequest) -> Bool {
        let path: [any CodingKey] =
            switch error {
            case .keyNotFound(let key, let context): context.codingPath + [key]
            case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
                context.codingPath
            @unknown default: []
            }
        guard let first = path.first else { return request.headerFields[.contentType] != nil }
        return String(describing: type(of: first)) != "URICoderCodingKey"
    }

    /// The parameter a runtime error names as missing: its `missingRequiredQueryParameter`,
    /// `missingRequiredPathParameter` or `missingRequiredHeaderField`, read by reflection (the runtime's error
    /// type is internal); `#` (the whole body) for `missingRequiredRequestBody`.
    private static func missingField(in error: any Error) -> String? {
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum else { return nil }
        if String(describing: error) == "Missing required request body" { return "#" }
        guard let child = mirror.children.first, let label = child.label, let name = child.value as? String,
            missingFieldCases.contains(label)
        else { return nil }
        return String(name.prefix(200))
    }

    private static let missingFieldCases: Set<String> = [
        "missingRequiredQueryParameter", "missingRequiredPathParameter", "missingRequiredHeaderField",
    ]
}
#endif
