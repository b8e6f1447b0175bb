import Foundation

/// Bridges Remedy's presentable errors to `NSError` and back.
enum ErrorBridging {
    // User-info keys of Remedy's own, so that the resolver reads a bridged error back the same.
    static let titleKey = "RemedyTitle"
    static let categoryKey = "RemedyCategory"
    static let severityKey = "RemedySeverity"
    static let styleKey = "RemedyStyle"
    static let iconKey = "RemedyIcon"
    static let domain = "Remedy.PresentableError"

    /// Remedy's own attempter hands back its options; a foreign one is called through
    /// `NSErrorRecoveryAttempting` on Apple platforms, where that informal protocol exists. Elsewhere, or
    /// without an attempter, the options only dismiss.
    static func options(fromUserInfo userInfo: [String: Any], error: any Error) -> [RecoveryOption] {
        let attempter = userInfo[NSRecoveryAttempterErrorKey]
        if let remedy = attempter as? ErrorRecoveryAttempter {
            return remedy.options
        }
        guard let titles = userInfo[NSLocalizedRecoveryOptionsErrorKey] as? [String], !titles.isEmpty else {
            return []
        }
        #if canImport(ObjectiveC)
        let foreign = ForeignRecoveryAttempter(attempter)
        #endif
        return titles.enumerated().map { index, title in
            RecoveryOption(title: title, role: .normal) {
                #if canImport(ObjectiveC)
                if let foreign {
                    return await foreign.attemptRecovery(from: error, optionIndex: index) ? .recovered : .notRecovered
                }
                #endif
                return .notRecovered
            }
        }
    }

    /// Categories compare by identifier, so the app's own category, rebuilt, equals the original.
    static func category(fromUserInfo userInfo: [String: Any]) -> ErrorCategory? {
        guard let identifier = (userInfo[categoryKey] as? String).nonBlank else { return nil }
        if let builtIn = ErrorCategory.builtIn(named: identifier) { return builtIn }
        return ErrorCategory(
            identifier,
            defaultSeverity: severity(fromUserInfo: userInfo) ?? .major,
            icon: icon(fromUserInfo: userInfo) ?? .warning
        )
    }

    static func severity(fromUserInfo userInfo: [String: Any]) -> Severity? {
        (userInfo[severityKey] as? Int).flatMap(Severity.init(rawValue:))
    }

    static func style(fromUserInfo userInfo: [String: Any]) -> PresentationStyle? {
        (userInfo[styleKey] as? String).flatMap(PresentationStyle.init(rawValue:))
    }

    static func icon(fromUserInfo userInfo: [String: Any]) -> ErrorIcon? {
        (userInfo[iconKey] as? String).nonBlank.map(ErrorIcon.init(name:))
    }
}

#if canImport(ObjectiveC)
/// `@unchecked Sendable`: the object is only ever called on the main actor, which is also where AppKit
/// calls recovery attempters, so it is never used from two threads at once.
private struct ForeignRecoveryAttempter: @unchecked Sendable {
    let object: NSObject

    init?(_ attempter: Any?) {
        let selector = #selector(NSObject.attemptRecovery(fromError:optionIndex:))
        // Sending the message to an object that doesn't implement it would raise; such options only dismiss.
        guard let object = attempter as? NSObject, object.responds(to: selector) else { return nil }
        self.object = object
    }

    func attemptRecovery(from error: any Error, optionIndex: Int) async -> Bool {
        await MainActor.run { object.attemptRecovery(fromError: error, optionIndex: optionIndex) }
    }
}
#endif

extension PresentableError {
    /// This error as an `NSError` that any `NSError` consumer shows the same way Remedy does.
    ///
    /// The user info carries the title (`NSLocalizedDescriptionKey`), the message
    /// (`NSLocalizedRecoverySuggestionErrorKey`), the detail (`NSLocalizedFailureReasonErrorKey`), the
    /// option titles (`NSLocalizedRecoveryOptionsErrorKey`) and an ``ErrorRecoveryAttempter``
    /// (`NSRecoveryAttempterErrorKey`) that runs the same actions. AppKit's `presentError(_:)` thus shows
    /// the title in bold, the message below it, and one button per option. Remedy's own keys add the
    /// category, severity, style and icon, so ``ErrorResolver`` turns the `NSError` back into the same
    /// ``Presentation``.
    ///
    /// ```swift
    /// NSApp.presentError(storageFull.bridgedToNSError())
    /// ```
    ///
    /// The options are the presentation's, after the presentation rules: an "OK" when the error has
    /// none, a "Cancel" when it needs one.
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
            ErrorBridging.styleKey: presentation.style.rawValue,
            ErrorBridging.iconKey: presentation.icon.name,
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
