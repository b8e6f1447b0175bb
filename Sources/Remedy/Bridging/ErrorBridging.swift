import Foundation

/// Bridges Remedy's presentable errors to `NSError` and back.
enum ErrorBridging {
    /// The user-info key of the presentation title (Remedy's own; `NSLocalizedDescriptionKey` holds it too).
    static let titleKey = "RemedyTitle"
    /// The user-info key of the category identifier.
    static let categoryKey = "RemedyCategory"
    /// The user-info key of the severity's raw value.
    static let severityKey = "RemedySeverity"
    /// The `NSError` domain of bridged presentable errors.
    static let domain = "Remedy.PresentableError"

    /// Recovery options from `NSLocalizedRecoveryOptionsErrorKey` and `NSRecoveryAttempterErrorKey`.
    ///
    /// Remedy's own attempter hands back its options with their roles and async actions. A foreign
    /// attempter is called through `NSErrorRecoveryAttempting` on Apple platforms; without an attempter
    /// the options only dismiss.
    static func options(fromUserInfo userInfo: [String: Any], error: any Error) -> [RecoveryOption] {
        let attempter = userInfo[NSRecoveryAttempterErrorKey]
        if let remedy = attempter as? ErrorRecoveryAttempter {
            return remedy.options
        }
        guard let titles = userInfo[NSLocalizedRecoveryOptionsErrorKey] as? [String], !titles.isEmpty else {
            return []
        }
        return titles.enumerated().map { index, title in
            RecoveryOption(title: title, role: .normal) {
                #if canImport(ObjectiveC)
                if let object = attempter as? NSObject {
                    let nsError = error as NSError
                    let recovered = await MainActor.run {
                        object.attemptRecovery(fromError: nsError, optionIndex: index)
                    }
                    return recovered ? .recovered : .notRecovered
                }
                #endif
                return .notRecovered
            }
        }
    }
}

extension PresentableError {
    /// This error as an `NSError` that any `NSError` consumer shows the same way Remedy does.
    ///
    /// The user info carries the title (`NSLocalizedDescriptionKey`), the message
    /// (`NSLocalizedRecoverySuggestionErrorKey`), the detail (`NSLocalizedFailureReasonErrorKey`), the
    /// option titles (`NSLocalizedRecoveryOptionsErrorKey`) and an ``ErrorRecoveryAttempter``
    /// (`NSRecoveryAttempterErrorKey`) that runs the same actions. AppKit's `presentError(_:)` thus shows
    /// the title in bold, the message below it, and one button per option.
    ///
    /// ```swift
    /// NSApp.presentError(storageFull.bridgedToNSError())
    /// ```
    ///
    /// - Parameter localization: The language of Remedy's fallback texts and ready-made option titles.
    /// - Returns: An `NSError` in the domain `Remedy.PresentableError`.
    public func bridgedToNSError(localization: Localization = .default) -> NSError {
        let presentation = ErrorResolver(catalog: .empty, localization: localization)
            .presentation(for: self)
        var userInfo: [String: Any] = [
            ErrorBridging.titleKey: presentation.title,
            ErrorBridging.categoryKey: presentation.category.identifier,
            ErrorBridging.severityKey: presentation.severity.rawValue,
            NSLocalizedDescriptionKey: presentation.title,
            NSLocalizedRecoverySuggestionErrorKey: presentation.message,
            NSLocalizedRecoveryOptionsErrorKey: presentation.options.map(\.title),
            NSRecoveryAttempterErrorKey: ErrorRecoveryAttempter(options: presentation.options),
        ]
        if let detail = presentation.detail { userInfo[NSLocalizedFailureReasonErrorKey] = detail }
        if let helpAnchor = presentation.helpAnchor { userInfo[NSHelpAnchorErrorKey] = helpAnchor }
        let code = ErrorCategory.builtIn.firstIndex(of: presentation.category) ?? ErrorCategory.builtIn.count
        return NSError(domain: ErrorBridging.domain, code: code, userInfo: userInfo)
    }
}
