import Foundation

/// Turns any error into a ``Presentation``: the tree is walked, each node is interpreted, and the
/// interpretations are merged.
///
/// Each node is interpreted from the first source that knows it:
///
/// 1. a ``PresentableError``: everything it declares;
/// 2. the ``ErrorCatalog`` (the app's entries, then the built-ins);
/// 3. `LocalizedError` fields, read directly (bridging through `NSError` loses them on Linux);
/// 4. `NSError` user-info texts (`NSLocalizedDescriptionKey`, `NSLocalizedRecoverySuggestionErrorKey`…)
///    with `NSLocalizedRecoveryOptionsErrorKey` and `NSRecoveryAttempterErrorKey`;
/// 5. `RecoverableError` options.
///
/// The merge: the most specific text wins — the deepest node whose text the app wrote (a presentable
/// or localized error, trusted `NSError` user-info texts, the app's own catalog entries), else the deepest
/// specific built-in catalog text, else the deepest generic fallback — unless an outer ``ContextError``
/// layer sets a ``PresentationOverride``. Foreign texts the catalog doesn't trust
/// (``ErrorCatalog/TextTrust``) are only detail. A tree with a permanent error
/// (``ErrorInterpretation/isPermanent``) offers no Try Again, and a built-in text names the file, host or
/// line an error of the tree carries.
/// So an app's `StorageFullError` that wraps a `CocoaError` keeps its own words, while a bare
/// `URLError` deep in a tree of plain enums still reads well. The highest severity wins; options of all
/// layers are merged without duplicates. When no node has a text, a calm, generic, localized message
/// is chosen by category. Foundation's generic "The operation could not be completed" is never used.
///
/// ```swift
/// let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: "de")))
/// let presentation = resolver.presentation(for: error)
/// ```
public struct ErrorResolver: Sendable {
    /// The catalog that interprets foreign errors.
    package var catalog: ErrorCatalog
    /// The language of Remedy's texts.
    package var localization: Localization
    /// The caps of the tree walk.
    package var limits: ErrorLimits

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - catalog: The catalog that interprets foreign errors. Default: ``ErrorCatalog/standard``.
    ///   - localization: The language of Remedy's texts. Default: the current locale's.
    ///   - limits: The caps of the tree walk.
    ///   - fileID: The caller's file: its module is one of the app's own (``ErrorCatalog/appModules``), whose
    ///     error types' texts a person may read.
    public init(
        catalog: ErrorCatalog = .standard,
        localization: Localization = .default,
        limits: ErrorLimits = .default,
        fileID: String = #fileID
    ) {
        self.catalog = catalog.addingAppModule(ofFileID: fileID)
        self.localization = localization
        self.limits = limits
    }

    /// The view-ready presentation of an error and its whole tree.
    ///
    /// - Parameter error: Any error.
    /// - Returns: A presentation that obeys the presentation rules.
    public func presentation(for error: any Error) -> Presentation {
        presentation(for: error, merged: interpretation(of: error))
    }

    /// The presentation of a merged interpretation.
    private func presentation(for error: any Error, merged interpretation: ErrorInterpretation) -> Presentation {
        let category = interpretation.category ?? .unknown
        return Presentation(
            title: interpretation.title,
            message: interpretation.presentedMessage(
                category: category, offersRetry: interpretation.options.contains(where: \.isRetry),
                localization: localization),
            detail: interpretation.detail,
            helpAnchor: interpretation.helpAnchor,
            options: interpretation.options,
            fieldErrors: interpretation.fieldErrors,
            category: category,
            severity: interpretation.severity,
            style: interpretation.preferredStyle,
            icon: interpretation.icon,
            supportReference: interpretation.supportReference,
            error: error,
            localization: localization
        )
    }

    /// The merged interpretation of an error's whole tree.
    ///
    /// - The most specific text wins: the deepest node with a message (pre-order breaks ties, so the
    ///   first of two siblings wins). Its title, detail, help anchor, category, icon and style come with
    ///   it.
    /// - Unless a ``ContextError`` above that node sets a ``PresentationOverride``: its title, message
    ///   and severity win, an outer override's over an inner one's. Overrides in other branches of the
    ///   tree don't apply; when no node has a message, every override in the tree applies.
    /// - The highest severity of all nodes wins (a node without one counts with its category's
    ///   default), unless an applying override sets one.
    /// - Options of all nodes are merged, outermost first, the applying overrides' first of all, without
    ///   duplicates: an option whose title (or ready-made title key) was already offered is dropped.
    /// - A tree is transient or silent when any node is; it waits the longest `retryAfter` of its nodes.
    /// - When no node has a message, the outermost interpretation stands in (its title, detail, icon and
    ///   style still count) and the message stays `nil`, for the category's generic one.
    ///
    /// - Parameter error: Any error.
    /// - Returns: The merged interpretation; `message` is `nil` only when no node has a text.
    public func interpretation(of error: any Error) -> ErrorInterpretation {
        resolve(error).interpretation
    }

}

extension ErrorInterpretation {
    /// The interpretation with its texts moved to the detail: texts a person may not see as the message.
    var demoted: ErrorInterpretation {
        var demoted = self
        let texts = [title, message, detail].compactMap { $0.nonBlank }
        demoted.title = nil
        demoted.message = nil
        demoted.detail = texts.isEmpty ? nil : texts.joined(separator: "\n")
        return demoted
    }
}

extension ErrorCategory {
    /// The built-in category with an identifier, or `nil`.
    static func builtIn(named identifier: String) -> ErrorCategory? {
        builtIn.first { $0.identifier == identifier }
    }
}

extension String? {
    /// The string when a person should see it: not blank, and not Foundation's generic text.
    var userFacing: String? {
        guard let text = nonBlank else { return nil }
        return text.isFoundationGenericText ? nil : text
    }
}

extension String {
    /// Whether this is Foundation's generic "The operation could not be completed" text (any variant).
    var isFoundationGenericText: Bool {
        return hasPrefix("The operation could not be completed") || hasPrefix("The operation couldn’t be completed")
            || hasPrefix("The operation couldn't be completed")
    }
}
