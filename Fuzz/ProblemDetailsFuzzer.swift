// A libFuzzer target over the Problem Details decoder and the client's handling of a failed response.
// Built by Fuzz/run.sh together with Remedy's sources (this file is part of the module), so it reaches
// internal API. Every check traps on failure: libFuzzer reports a trap as a crash and keeps the input.

import Foundation
import Logging

/// The content types the fuzzer sends a body with, chosen by the input's first byte.
private let contentTypes: [String?] = [
    "application/problem+json",
    "application/json; charset=utf-8",
    "APPLICATION/PROBLEM+JSON ; q=1",
    "text/html",
    nil,
]

private let base = URL(string: "https://api.example.com/orders/42")!

/// A transport that must never run: handling a response only reads it. Its refusals (actions on another
/// origin…) go to a logger that drops them, so the fuzzer's output stays its own.
private let forbiddenTransport = ProblemDetailsError.ActionTransport(
    logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }
) { _, _ in
    fatalError("an action was performed while a response was only read")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func problemDetailsFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let selector = Int(bytes[0])
    let body = Data(bytes.dropFirst())
    checkDecoder(body)
    checkSmallLimits(body)
    checkResponse(body, status: 400 + selector % 200, contentType: contentTypes[selector % contentTypes.count])
    _ = ProblemDetails.isProblemContentType(String(decoding: body.prefix(80), as: UTF8.self))
    return 0
}

/// A body that decodes encodes to a body that decodes to the same problem, and encodes to the same bytes.
private func checkDecoder(_ body: Data) {
    guard let problem = try? ProblemDetails(decoding: body, contentType: ProblemDetails.mediaType) else { return }
    let encoded = problem.encoded()
    guard let again = try? ProblemDetails(decoding: encoded, contentType: ProblemDetails.mediaType) else {
        fatalError("an encoded problem doesn't decode: \(String(decoding: encoded, as: UTF8.self))")
    }
    guard again == problem else { fatalError("round trip changed the problem: \(problem) → \(again)") }
    guard again.encoded() == encoded else { fatalError("encoding is not stable") }
}

/// Tight limits are errors, never crashes.
private func checkSmallLimits(_ body: Data) {
    let limits = ProblemDetails.DecodingLimits(maximumBodySize: 512, maximumDepth: 3)
    do {
        _ = try ProblemDetails(decoding: body, contentType: nil, limits: limits)
    } catch {
        guard !error.description.isEmpty else { fatalError("an error without a description") }
        if body.count > 512, error.code != .bodyTooLarge { fatalError("a large body was parsed") }
    }
}

/// Reading a failed response gives a problem error or an HTTP status error, whose presentation shows no
/// control characters and no more text than the bounds allow.
private func checkResponse(_ body: Data, status: Int, contentType: String?) {
    let error = ProblemDetailsError.error(
        status: status,
        header: { name in name == "Content-Type" ? contentType : nil },
        body: body,
        url: base,
        actionTransport: forbiddenTransport
    )
    if let problemError = error as? ProblemDetailsError {
        if let title = problemError.title {
            guard title.count <= ProblemDetailsError.maximumTitleLength else { fatalError("title too long") }
            guard !title.unicodeScalars.contains(where: isControl) else { fatalError("control in title") }
        }
        guard problemError.message.count <= ProblemDetailsError.maximumMessageLength,
            !problemError.message.unicodeScalars.contains(where: isControl)
        else { fatalError("message not bounded or with control characters") }
        guard problemError.severity < .fatal, problemError.category != .cancellation else {
            fatalError("the server made the failure fatal or silent")
        }
        guard problemError.recoveryOptions.count <= ProblemDetailsError.maximumActionOptions else {
            fatalError("more options than an alert holds")
        }
        for option in problemError.recoveryOptions where !option.isRetry && option.id != "cancel" {
            guard let title = option.title.unicodeScalars.first, !isControl(title) else {
                fatalError("an option without a readable title")
            }
        }
    } else if let httpError = error as? HTTPStatusError {
        guard httpError.status == status else { fatalError("the status changed") }
    } else {
        fatalError("unexpected error type \(type(of: error))")
    }
    let handled = HandledError(error)
    guard handled.contains(httpStatus: status) else { fatalError("the status is not a fact of the failure") }
    let presentation = ErrorResolver().presentation(for: error)
    guard !presentation.title.isEmpty, !presentation.message.isEmpty else { fatalError("an empty presentation") }
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
}
