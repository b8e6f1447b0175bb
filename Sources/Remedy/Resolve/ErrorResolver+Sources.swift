import Foundation

/// The sources a node's interpretation is read from when no catalog entry knows it: `LocalizedError`,
/// `NSError` user info and `RecoverableError`.
extension ErrorResolver {
    static func interpretation(of error: any LocalizedError) -> ErrorInterpretation? {
        let description = error.errorDescription.userFacing
        let suggestion = error.recoverySuggestion.userFacing
        let reason = error.failureReason.userFacing
        guard description != nil || suggestion != nil || reason != nil else { return nil }
        return ErrorInterpretation(
            message: joined(description ?? reason, suggestion),
            detail: description == nil ? nil : reason,
            helpAnchor: error.helpAnchor.nonBlank
        )
    }

    /// The message of `interpretation(of:)` alone, without the detail and help anchor it doesn't need,
    /// or `nil` when it has none or it is blank; from the cache of the error's type when its texts are the
    /// ones the kept message was made from.
    static func message(of error: any LocalizedError, cache: LocalizedMessageCache? = nil) -> String? {
        let rawDescription = error.errorDescription
        let rawSuggestion = error.recoverySuggestion
        if let cache, let rawDescription,
            let message = cache.message(description: rawDescription, suggestion: rawSuggestion, make: keptMessage)
        {
            return message
        }
        let description = rawDescription.userFacing
        let suggestion = rawSuggestion.userFacing
        // The reason is the message only without a description.
        let reason = description == nil ? error.failureReason.userFacing : nil
        guard description != nil || suggestion != nil || reason != nil else { return nil }
        let message = joined(description ?? reason, suggestion)
        return message.isBlank ? nil : message
    }

    /// The message a ``LocalizedMessageCache`` keeps for a description and a suggestion: made only with a
    /// description a person sees (the failure reason, read only without one, is then no part of it), and
    /// only when it isn't blank.
    static func keptMessage(description: String, suggestion: String?) -> String? {
        guard let description = String?.some(description).userFacing else { return nil }
        let message = joined(description, suggestion.userFacing)
        return message.isBlank ? nil : message
    }

    /// Two optional texts joined by a space, without the arrays of `compactMap` and `joined`.
    static func joined(_ first: String?, _ second: String?) -> String {
        switch (first, second) {
        case (let first?, let second?): joined(first, second)
        case (let first?, nil): first
        case (nil, let second?): second
        case (nil, nil): ""
        }
    }

    /// `first + " " + second` in one allocation: `+` appends twice, growing the buffer on the way.
    private static func joined(_ first: String, _ second: String) -> String {
        var first = first
        var second = second
        let count = first.utf8.count + 1 + second.utf8.count
        // Native strings are contiguous; a bridged one is made native once, as `+` would.
        first.makeContiguousUTF8()
        second.makeContiguousUTF8()
        let joined = first.utf8.withContiguousStorageIfAvailable { head in
            second.utf8.withContiguousStorageIfAvailable { tail in
                String(unsafeUninitializedCapacity: count) { buffer in
                    var index = buffer.initialize(fromContentsOf: head)
                    buffer[index] = UInt8(ascii: " ")
                    index += 1
                    index += UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(fromContentsOf: tail)
                    return index
                }
            }
        }
        if let joined, let joined { return joined }
        return first + " " + second
    }

    func userInfoTranslation(of error: any Error, info: ErrorTypeInfo) -> ErrorInterpretation? {
        // Only `NSError`s and `CustomNSError`s have user info; other types aren't even looked at.
        guard info.hasUserInfo, let userInfo = ErrorTree.userInfo(of: error, info: info) else { return nil }
        let title = (userInfo[ErrorBridging.titleKey] as? String).nonBlank
        let description = (userInfo[NSLocalizedDescriptionKey] as? String).userFacing
        let reason = (userInfo[NSLocalizedFailureReasonErrorKey] as? String).userFacing
        let suggestion = (userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String).userFacing
        let helpAnchor = (userInfo[NSHelpAnchorErrorKey] as? String).nonBlank
        let options = ErrorBridging.options(fromUserInfo: userInfo, error: error)
        guard description != nil || reason != nil || suggestion != nil || !options.isEmpty else { return nil }
        if title != nil {
            // Written by Remedy's own bridge: title, message and detail map back one to one.
            return ErrorInterpretation(
                title: title,
                message: suggestion,
                detail: reason,
                helpAnchor: helpAnchor,
                category: ErrorBridging.category(fromUserInfo: userInfo),
                severity: ErrorBridging.severity(fromUserInfo: userInfo),
                options: options,
                icon: ErrorBridging.icon(fromUserInfo: userInfo),
                preferredStyle: ErrorBridging.style(fromUserInfo: userInfo)
            )
        }
        let message = [description ?? reason, suggestion].compactMap { $0 }.joined(separator: " ")
        let interpretation = ErrorInterpretation(
            message: message.isEmpty ? nil : message,
            detail: description == nil ? nil : reason,
            helpAnchor: helpAnchor,
            options: options
        )
        let texts = [description, reason, suggestion].compactMap { $0 }
        guard catalog.userInfoTextTrust(of: error, info: info, texts: texts) == .untrusted else {
            return interpretation
        }
        return interpretation.demoted
    }

    /// The options of a `RecoverableError`, read once: indices refer to that one snapshot, so an index
    /// out of range can't be made even if the error's list changes later.
    static func options(of error: any RecoverableError) -> [RecoveryOption] {
        let titles = error.recoveryOptions
        return titles.enumerated().map { index, title in
            RecoveryOption(title: title, role: .normal) {
                let recovered = await OnceContinuation.value { resume in
                    error.attemptRecovery(optionIndex: index) { resume($0) }
                }
                return recovered ? .recovered : .notRecovered
            }
        }
    }
}
