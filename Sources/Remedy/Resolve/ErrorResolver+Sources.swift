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
            message: [description ?? reason, suggestion].compactMap { $0 }.joined(separator: " "),
            detail: description == nil ? nil : reason,
            helpAnchor: error.helpAnchor.nonBlank
        )
    }

    func userInfoTranslation(of error: any Error, info: ErrorTypeInfo) -> ErrorInterpretation? {
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
        guard catalog.textTrust(of: error, info: info, texts: texts) == .untrusted else {
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
