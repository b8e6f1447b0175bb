#if Hummingbird
public import Hummingbird
import Remedy
import RemedyServer

/// A request decoder that says which decoding failures are the client's: a request body it can't decode
/// throws `RequestBodyError`, which ``ProblemDetailsMiddleware`` answers 400 with a field error for the
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
    /// - Throws: `RequestBodyError` when ``base`` throws a `DecodingError`; any other error of ``base`` as
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
#endif
