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
    public var catalog: ErrorCatalog
    /// The language of Remedy's texts.
    public var localization: Localization
    /// The caps of the tree walk.
    public var limits: ErrorLimits

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - catalog: The catalog that interprets foreign errors. Default: ``ErrorCatalog/standard``.
    ///   - localization: The language of Remedy's texts. Default: the current locale's.
    ///   - limits: The caps of the tree walk.
    public init(
        catalog: ErrorCatalog = .standard,
        localization: Localization = .default,
        limits: ErrorLimits = .default
    ) {
        self.catalog = catalog
        self.localization = localization
        self.limits = limits
    }

    /// The view-ready presentation of an error and its whole tree.
    ///
    /// - Parameter error: Any error.
    /// - Returns: A presentation that obeys the presentation rules.
    public func presentation(for error: any Error) -> Presentation {
        // An error that is the whole of its tree and that the catalog interprets with a built-in entry alone
        // reads the same as every other error of that entry, in a language: its presentation is a template
        // made once per entry and language, given the error, its grouping key and a reference.
        // A bare Foundation error is known by its type alone, before the type's facts are looked up; with
        // no translator of the app's, the entry is the catalog's answer.
        if catalog.isBuiltInsAlone, let slot = localization.plainTexts?.index, limits.maximumNodes > 0,
            let bare = BuiltInCatalog.entry(ofBareFoundationError: error)
        {
            return bareFoundationPresentation(for: error, bare: bare, slot: slot)
        }
        let info = ErrorTypeInfo.of(error)
        if let slot = localization.plainTexts?.index, limits.maximumNodes > 0 {
            switch info.source {
            case .leaf
            where info.mayBeBuiltIn && (info.ecosystemFamily != nil || type(of: error) == HTTPStatusError.self):
                // The only types without references that built-in entries interpret (both may be built-in: an
                // app's own type, which may not, isn't looked at).
                if info.asPresentable == nil,
                    let node = catalog.interpretation(for: error, info: info, localization: localization),
                    node.isBuiltIn, node.subject == nil, let entry = node.entry
                {
                    return presentation(
                        for: error, info: info, entry: entry, slot: slot, supportReference: node.supportReference)
                }
            default:
                break
            }
        }
        return resolvedPresentation(for: error, info: info)
    }

    /// The presentation of a single-node error that a built-in entry interprets alone: from the entry's
    /// template in the language slot, made from the first such error's full resolution.
    private func presentation(
        for error: any Error,
        info: ErrorTypeInfo,
        entry: ErrorCatalog.BuiltInEntry,
        slot: Int,
        supportReference: SupportReference?
    ) -> Presentation {
        if let template = entry.cachedPresentation(slot) {
            return Presentation(
                template: template, for: error, supportReference: supportReference, localization: localization)
        }
        let presentation = resolvedPresentation(for: error, info: info)
        entry.keepCachedPresentation(CachedPresentation(presentation), slot)
        return presentation
    }

    /// The presentation of a bare Foundation error that a built-in entry interprets alone
    /// (``BuiltInCatalog/entry(ofBareFoundationError:)``): from the entry's template in the language slot,
    /// with the grouping key the entry keeps for the error's type and code, both made from the first such
    /// error.
    private func bareFoundationPresentation(
        for error: any Error,
        bare: BuiltInCatalog.BareFoundationEntry,
        slot: Int
    ) -> Presentation {
        let (template, groupingKey) = bare.entry.cachedPresentation(slot, groupingKeyOf: bare.type, code: bare.code)
        guard let template else {
            let presentation = resolvedPresentation(for: error, info: ErrorTypeInfo.of(error))
            bare.entry.keepCachedPresentation(CachedPresentation(presentation), slot)
            return presentation
        }
        // The key of the error's one node: its type, domain and code (the same for every such error).
        let key = groupingKey ?? ErrorReport.groupingKey(of: error)
        if groupingKey == nil { bare.entry.keepGroupingKey(key, of: bare.type, code: bare.code) }
        return Presentation(
            template: template, for: error, groupingKey: key, supportReference: nil, localization: localization)
    }

    /// The presentation of an error's whole tree, resolved.
    private func resolvedPresentation(for error: any Error, info: ErrorTypeInfo) -> Presentation {
        if info.source == .leaf, limits.maximumNodes > 0 {
            if let texts = localizedTexts(of: error, info: info) {
                // Not blank: made of texts that aren't. No category: the unknown one's title, severity, icon.
                return Presentation(
                    title: nil,
                    message: texts.message,
                    detail: texts.detail,
                    helpAnchor: texts.helpAnchor,
                    category: .unknown,
                    error: error,
                    localization: localization
                )
            }
            // The tree is this one node: the merge of one interpretation, without the walk's bookkeeping.
            return presentation(for: error, merged: mergedAlone(interpretation(ofNode: error, info: info)))
        }
        var facts: ResolvedFailure.TreeFacts?
        guard let slot = localization.plainTexts?.index else {
            return presentation(for: error, merged: walk(error, info: info, collecting: &facts))
        }
        var reading = EntryReading()
        guard
            let merged = walk(
                error, info: info, collecting: &facts, readingIn: slot, as: &reading, for: Presenting.self)
        else {
            // No merge: the tree reads as the template.
            guard let template = reading.template else { preconditionFailure("a walk without a merge or a template") }
            return Presentation(
                template: template, for: error, supportReference: reading.supportReference, localization: localization)
        }
        let presentation = presentation(for: error, merged: merged)
        if let entry = reading.entryToKeep { entry.keepCachedPresentation(CachedPresentation(presentation), slot) }
        return presentation
    }

    /// Whether a walk may read built-in entries' cache and templates (``Presenting``) or only merges
    /// (``Merging``).
    protocol WalkPurpose {
        static var readsTemplates: Bool { get }
    }

    private enum Presenting: WalkPurpose {
        static var readsTemplates: Bool { true }
    }

    enum Merging: WalkPurpose {
        static var readsTemplates: Bool { false }
    }

    /// What the walk of a presentation found of a tree that reads as one built-in entry alone (see
    /// ``walk(_:info:collecting:readingIn:as:for:)``).
    struct EntryReading {
        /// The entry's presentation template in the language slot: the tree's presentation is made from
        /// it, and the walk merged nothing.
        var template: CachedPresentation?
        /// The support reference of the tree, with `template`.
        var supportReference: SupportReference?
        /// The entry whose template isn't made yet: the tree's presentation, made in full, is its template.
        var entryToKeep: ErrorCatalog.BuiltInEntry?
    }

    /// The texts of a `LocalizedError` without references, user info or `RecoverableError` options,
    /// whose texts the catalog trusts and doesn't replace, for a presentation made from them directly:
    /// what `presentation(for:merged:)` makes of `mergedAlone` of `interpretation(of:)`. `nil` for any other
    /// error, and for one without texts.
    private func localizedTexts(
        of error: any Error,
        info: ErrorTypeInfo
    ) -> (message: String, detail: String?, helpAnchor: String?)? {
        guard info.asPresentable == nil, !info.hasUserInfo, info.asRecoverable == nil,
            let localized = info.asLocalized?(error), !catalog.mayInterpret(error, info: info),
            catalog.localizedTextTrust(of: error) == .trusted
        else { return nil }
        let rawDescription = localized.errorDescription
        let rawSuggestion = localized.recoverySuggestion
        let reason = localized.failureReason.userFacing
        // A message the type's cache keeps (as `message(for:)` does) is made from a description a person
        // sees, and then the reason is the detail.
        if let cache = info.localizedMessage, let rawDescription,
            let message = cache.message(description: rawDescription, suggestion: rawSuggestion, make: Self.keptMessage)
        {
            return (message, reason, localized.helpAnchor.nonBlank)
        }
        let description = rawDescription.userFacing
        let suggestion = rawSuggestion.userFacing
        guard description != nil || suggestion != nil || reason != nil else { return nil }
        return (
            Self.joined(description ?? reason, suggestion), description == nil ? nil : reason,
            localized.helpAnchor.nonBlank
        )
    }

    /// What ``walk(_:info:collecting:)`` merges from a tree of one node, which is no context layer and no
    /// decoding error (a type without references), with this interpretation (`nil`: no source knew it).
    private func mergedAlone(_ node: consuming ErrorInterpretation?) -> ErrorInterpretation {
        guard var merged = node else { return ErrorInterpretation() }
        // The node is the winner when it has a text, else it stands in as the outermost interpretation.
        let hasText = merged.hasText
        if !hasText { merged.message = nil }
        merged.severity = merged.severity ?? merged.category?.defaultSeverity
        if merged.isPermanent { merged.options.removeAll(where: \.isRetry) }
        merged.options = Self.withoutDuplicates(merged.options)
        merged.isTransient = merged.isTransient && !merged.isPermanent
        if hasText, let entry = merged.entry, let subject = merged.subject, entry.names(anythingIn: subject) {
            merged.message = entry.message(in: localization, naming: subject)
        }
        return merged
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

    /// The person-facing message for an error: exactly the ``Presentation/message`` of
    /// ``presentation(for:)``, for places that show only words (a status line, a log for people, an
    /// accessibility announcement).
    ///
    /// An error that can't hold another error (a ``PresentableError`` or `LocalizedError` without
    /// causes, as most of an app's errors are) is read directly, without walking a tree or building
    /// options and a presentation; any other error is resolved in full.
    ///
    /// ```swift
    /// statusLine.text = resolver.message(for: error)
    /// ```
    ///
    /// - Parameter error: Any error.
    /// - Returns: The message a presentation of the error would show; never empty.
    public func message(for error: any Error) -> String {
        singleNodeMessage(for: error) ?? presentation(for: error).message
    }

    /// The message of an app's presentable or localized error of a leaf type, read the way
    /// ``presentation(for:)`` reads it; `nil` for any other error, which needs the full resolution.
    ///
    /// A leaf type holds no references, so no causes: its own texts are the message, without a walk. Any
    /// other error is walked once, by the resolution (a reflected value may hold causes, and a cause with a
    /// text of its own would be more specific than the error's).
    private func singleNodeMessage(for error: any Error) -> String? {
        let info = ErrorTypeInfo.of(error)
        guard info.source == .leaf else { return nil }
        // As the merge (a blank text counts as none) and the presentation rules (a blank message falls
        // back to the category's).
        if let presentable = info.asPresentable?(error) {
            // As `ErrorInterpretation(presentable)`, merged alone.
            // A blank one falls back to the category's message, which depends on the options: resolved in full.
            let message = presentable.message
            return message.isBlank ? nil : message
        } else if let localized = info.asLocalized?(error) {
            // The app's catalog may have an entry for the type, which outranks its own texts, or may not
            // trust them.
            guard
                !catalog.mayInterpret(error, info: info)
                    || catalog.interpretation(for: error, info: info, localization: localization) == nil,
                catalog.localizedTextTrust(of: error) == .trusted
            else { return nil }
            // Without a message, the unknown category's, which depends on the options: resolved in full.
            return Self.message(of: localized, cache: info.localizedMessage)
        } else {
            return nil
        }
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
        var facts: ResolvedFailure.TreeFacts?
        return walk(error, info: ErrorTypeInfo.of(error), collecting: &facts)
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
        // A byte comparison first: nearly every text differs within a few bytes, without the cost of a
        // Unicode-aware comparison. Every variant starts with these 19 ASCII bytes.
        let isCandidate =
            utf8.withContiguousStorageIfAvailable { bytes in
                bytes.count >= Self.genericTextPrefix.count && bytes[4] == UInt8(ascii: "o")
                    && bytes.prefix(Self.genericTextPrefix.count).elementsEqual(Self.genericTextPrefix)
            } ?? utf8.starts(with: Self.genericTextPrefix)
        guard isCandidate else { return false }
        return hasPrefix("The operation could not be completed") || hasPrefix("The operation couldn’t be completed")
            || hasPrefix("The operation couldn't be completed")
    }

    /// The bytes every variant of Foundation's generic text starts with.
    private static let genericTextPrefix = Array("The operation could".utf8)
}
