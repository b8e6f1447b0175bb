#if Vapor
import Foundation
public import NIOCore
public import NIOHTTP1
import RemedyServer
public import Vapor

/// A content decoder that says which decoding failures are the client's: a request body it can't decode
/// throws `RequestBodyError`, which ``ProblemDetailsMiddleware`` answers 400 with a field error for the place
/// in the body that couldn't be read, in the request's language and without type names.
///
/// A `DecodingError` alone doesn't say whose data failed: the client's body, or the answer of a service the
/// server called. The middleware reads an unmarked one as the server's; decode request bodies through this
/// decoder and the client is told which field to fix:
///
/// ```swift
/// app.post("signup") { request async throws -> HTTPStatus in
///     let signup = try request.content.decode(Signup.self, using: RequestBodyDecoder(JSONDecoder()))
///     try await accounts.create(signup)
///     return .created
/// }
/// ```
public struct RequestBodyDecoder<Base: ContentDecoder>: ContentDecoder {
    /// The decoder that reads the body.
    public var base: Base

    /// Creates a decoder that marks the failures of another.
    ///
    /// - Parameter base: The decoder that reads the body, such as `JSONDecoder()`.
    public init(_ base: Base) {
        self.base = base
    }

    /// Decodes a body with ``base``.
    ///
    /// - Throws: `RequestBodyError` when ``base`` throws a `DecodingError`; any other error of ``base`` as it is.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    /// Decodes a body with ``base``, handing its decoder `userInfo`.
    ///
    /// - Throws: `RequestBodyError` when ``base`` throws a `DecodingError`; any other error of ``base`` as it is.
    public func decode<D: Decodable>(
        _ decodable: D.Type,
        from body: ByteBuffer,
        headers: HTTPHeaders,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        do {
            return try base.decode(D.self, from: body, headers: headers, userInfo: userInfo)
        } catch let error as DecodingError {
            throw RequestBodyError(error)
        }
    }
}
#endif
