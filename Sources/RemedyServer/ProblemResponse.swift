#if Hummingbird || Vapor || OpenAPI || GRPC
import HTTPTypes
import NIOCore

/// A response the framework sends as it is: the status, the headers and the body.
package struct ProblemResponse: Sendable {
    package var status: HTTPResponse.Status
    package var headers: HTTPFields
    package var body: ByteBuffer
}

extension HTTPFields {
    /// These headers without those that describe a response's own body (`Content-Type`, `Content-Length`,
    /// `Content-Language`, `Vary`, `Content-Security-Policy`): what an answer keeps of a status error's headers.
    package var keptForAnswer: HTTPFields {
        guard !isEmpty else { return self }
        return filter {
            ![.contentType, .contentLength, .contentLanguage, .vary, .contentSecurityPolicy].contains($0.name)
        }
    }
}
#endif
