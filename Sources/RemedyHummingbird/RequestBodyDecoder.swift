#if Hummingbird
public import Hummingbird
public import Remedy

/// A request decoder that says which decoding failures are the client's: a request body it can't decode
/// throws ``RequestBodyError``, which ``ProblemDetailsMiddleware`` answers 400 with a field error for the
/// place in the body that couldn't be read, in the request's language and without type names.
///
/// A `DecodingError` alone doesn't say whose data failed: the client's body, or the answer of a service the
/// server called. The middleware reads an unmarked one as the server's; decode request bodies through this
/// decoder, in the request context, and the client is told which field to fix:
///
/// ```swift
/// struct AppRequestContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: RequestBodyDecoder<JSONDecoder> { RequestBodyDecoder(JSONDecoder()) }
/// }
/// ```
public struct RequestBodyDecoder<Base: RequestDecoder>: RequestDecoder {
    /// The decoder that reads the body.
    public var base: Base

    /// Creates a decoder that marks the failures of another.
    ///
    /// - Parameter base: The decoder that reads the body, such as `JSONDecoder()`.
    public init(_ base: Base) {
        self.base = base
    }

    /// Decodes the request's body with ``base``.
    ///
    /// - Throws: ``RequestBodyError`` when ``base`` throws a `DecodingError`; any other error of ``base`` as
    ///   it is.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws
        -> T
    {
        do {
            return try await base.decode(type, from: request, context: context)
        } catch let error as DecodingError {
            throw RequestBodyError(error)
        }
    }
}

/// A request body that couldn't be decoded: the client's invalid input.
///
/// ``ProblemDetailsMiddleware`` answers it 400, with the category's texts ("Check Your Entry") and a field
/// error for the place in the body that couldn't be read (`FieldError(decoding:localization:)`), in the
/// language of the answer. The decoder's own text, which names types and coding keys, is only in the
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
