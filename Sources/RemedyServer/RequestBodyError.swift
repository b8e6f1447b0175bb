#if Hummingbird || Vapor || OpenAPI || GRPC
public import Remedy

/// A request body that couldn't be decoded: the client's invalid input.
///
/// The Problem Details middleware of each server integration (RemedyHummingbird's and RemedyVapor's) answers it
/// 400, with the category's texts ("Check Your Entry") and a field error for the place in the body that couldn't
/// be read (`FieldError(decoding:localization:)`), in the language of the answer. The decoder's own text, which names types and coding keys, is only in the
/// developer report.
public struct RequestBodyError: PresentableError {
    /// What the decoder threw.
    public var decodingError: DecodingError

    /// Marks a decoding error as the request body's.
    ///
    /// - Parameter decodingError: What the decoder threw.
    public init(_ decodingError: DecodingError) {
        self.decodingError = decodingError
    }

    public var title: String? { nil }
    /// Empty: the category's message is read in the person's language.
    public var message: String { "" }
    public var category: ErrorCategory { .invalidInput }
    public var developerDescription: String { "The request body couldn't be decoded: \(decodingError)" }
}
#endif
