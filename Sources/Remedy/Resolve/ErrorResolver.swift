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
        if let template = entry.presentationTemplate(slot) {
            return Presentation(
                template: template, for: error, supportReference: supportReference, localization: localization)
        }
        let presentation = resolvedPresentation(for: error, info: info)
        entry.keepPresentationTemplate(PresentationTemplate(presentation), slot)
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
        let (template, groupingKey) = bare.entry.presentationTemplate(slot, groupingKeyOf: bare.type, code: bare.code)
        guard let template else {
            let presentation = resolvedPresentation(for: error, info: ErrorTypeInfo.of(error))
            bare.entry.keepPresentationTemplate(PresentationTemplate(presentation), slot)
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
        var facts: ResolvedFailure.Facts?
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
        if let entry = reading.entryToKeep { entry.keepPresentationTemplate(PresentationTemplate(presentation), slot) }
        return presentation
    }

    /// Whether a walk may read built-in entries' memos and templates (``Presenting``) or only merges
    /// (``Merging``).
    private protocol WalkPurpose {
        static var readsTemplates: Bool { get }
    }

    private enum Presenting: WalkPurpose {
        static var readsTemplates: Bool { true }
    }

    private enum Merging: WalkPurpose {
        static var readsTemplates: Bool { false }
    }

    /// What the walk of a presentation found of a tree that reads as one built-in entry alone (see
    /// ``walk(_:info:collecting:readingIn:as:for:)``).
    private struct EntryReading {
        /// The entry's presentation template in the language slot: the tree's presentation is made from
        /// it, and the walk merged nothing.
        var template: PresentationTemplate?
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
        // A message the type's memo keeps (as `message(for:)` does) is made from a description a person
        // sees, and then the reason is the detail.
        if let memo = info.localizedMessage, let rawDescription,
            let message = memo.message(description: rawDescription, suggestion: rawSuggestion, make: Self.keptMessage)
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
            message: interpretation.message ?? category.message(in: localization),
            detail: interpretation.detail,
            helpAnchor: interpretation.helpAnchor,
            options: interpretation.options,
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
            let message = presentable.message
            guard !message.isBlank else { return presentable.category.message(in: localization) }
            return message
        } else if let localized = info.asLocalized?(error) {
            // The app's catalog may have an entry for the type, which outranks its own texts, or may not
            // trust them.
            guard
                !catalog.mayInterpret(error, info: info)
                    || catalog.interpretation(for: error, info: info, localization: localization) == nil,
                catalog.localizedTextTrust(of: error) == .trusted
            else { return nil }
            // No category: a blank message falls back to the unknown category's. Returned from each
            // branch, not kept in a variable of both: copying and destroying a category costs more than
            // reading the texts.
            guard let message = Self.message(of: localized, memo: info.localizedMessage) else {
                return ErrorCategory.unknown.message(in: localization)
            }
            return message
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
        var facts: ResolvedFailure.Facts?
        return walk(error, info: ErrorTypeInfo.of(error), collecting: &facts)
    }

    /// Resolves an error's tree in one walk: the merged interpretation, and the facts that rules, the
    /// scheduler and the log read (cancellation, HTTP statuses, the nodes).
    ///
    /// - Parameter error: Any error.
    /// - Returns: The resolved failure.
    package func resolve(_ error: any Error) -> ResolvedFailure {
        var facts: ResolvedFailure.Facts? = ResolvedFailure.Facts()
        let interpretation = walk(error, info: ErrorTypeInfo.of(error), collecting: &facts)
        return ResolvedFailure(error: error, interpretation: interpretation, facts: facts ?? .init())
    }

    /// The one walk of a tree; collects facts only when `facts` is not `nil`.
    private func walk(
        _ error: any Error,
        info rootInfo: ErrorTypeInfo,
        collecting facts: inout ResolvedFailure.Facts?
    ) -> ErrorInterpretation {
        var reading = EntryReading()
        // Without a language slot, the walk always merges: never `nil`.
        return walk(error, info: rootInfo, collecting: &facts, readingIn: nil, as: &reading, for: Merging.self)!
    }

    /// The one walk of a tree; collects facts only when `facts` is not `nil`.
    ///
    /// With a language slot (``LanguageTexts/index``), a tree that reads exactly as a single error that a
    /// built-in entry interprets alone is told in `reading`: only one node has an interpretation, the
    /// built-in entry's (unchanged but for what it concerns, which it doesn't name), and no context layer
    /// overrides it. Its merge is then exactly what ``mergedAlone(_:)`` makes of that node, so its
    /// presentation has the content of the entry's presentation template (see ``presentation(for:)``).
    /// When the template is made already, the walk merges nothing and answers `nil`; otherwise it merges as
    /// always, and names the entry whose template the presentation is.
    ///
    /// `Purpose` fixes by type whether the walk may read templates and memos at all, so that a walk that
    /// only merges (``interpretation(of:)``, ``resolve(_:)``) pays nothing for them.
    private func walk<Purpose: WalkPurpose>(
        _ error: any Error,
        info rootInfo: ErrorTypeInfo,
        collecting facts: inout ResolvedFailure.Facts?,
        readingIn presentationSlot: Int?,
        as reading: inout EntryReading,
        for _: Purpose.Type
    ) -> ErrorInterpretation? {
        let slot = Purpose.readsTemplates ? presentationSlot : nil
        var hasWinner = false
        var winnerDepth = -1
        var winnerRank = -1
        var winnerOverride: PresentationOverride?
        // The winner's interpretation, or while no node has won, the outermost one: it stands in when no
        // node has a text (its title, detail, icon and style still count, and only the message falls back
        // to the category's), and once a node has won it is never needed. One place, so that each
        // interpretation is moved into it, never copied: an interpretation is large, and a copy and its
        // destroy cost more than reading all its fields.
        var kept: ErrorInterpretation?
        var hasOutermost = false
        var severity: Severity?
        var options: [RecoveryOption] = []
        var isTransient = false
        var isPermanent = false
        var isSilent = false
        var retryAfter: Duration?
        var supportReference: SupportReference?
        // What the tree concerns (a file, a host, a line), from the first node that says it, and the
        // deepest decoding error, whose place in the data is read only if the message names it.
        var subject: ErrorSubject?
        var decodingNode: (any Error)?
        var fallbackCategory: ErrorCategory?
        // Overrides of the context errors on the path to the current node, outermost first.
        var openOverrides: [(depth: Int, override: PresentationOverride)] = []
        var allOverrides: PresentationOverride?
        // How many nodes have an interpretation.
        var interpretedCount = 0

        // A node that a built-in entry interprets alone, in a walk with a language slot, is read from the
        // entry's memo in place (`builtInMemo(of:info:slot:)`): its interpretation is copied only if the
        // merge needs it. Kept instead of `kept`, as the winner or the outermost.
        var keptMemo: ErrorCatalog.BuiltInEntry.InterpretationMemo?
        // The winner's built-in entry, when its text is a built-in entry's, and the entry's presentation
        // template when the winner was read from its memo and the template was made then.
        var winnerEntry: ErrorCatalog.BuiltInEntry?
        var winnerTemplate: PresentationTemplate?
        let readsMemos = slot != nil && catalog.isBuiltInsAlone

        /// Merges a node's interpretation into the tree's, and answers whether its text wins. Given field by
        /// field: an interpretation read in place from a memo would be copied whole to be passed on.
        func merge(
            hasText: Bool,
            rank: Int,
            category: ErrorCategory?,
            severity nodeSeverity: Severity?,
            options nodeOptions: [RecoveryOption],
            isTransient nodeIsTransient: Bool,
            isPermanent nodeIsPermanent: Bool,
            isSilent nodeIsSilent: Bool,
            subject nodeSubject: ErrorSubject?,
            retryAfter after: Duration?,
            supportReference nodeReference: SupportReference?,
            error: any Error,
            depth: Int,
            info: ErrorTypeInfo
        ) -> Bool {
            interpretedCount += 1
            // Read into constants first, for the autoclosures of `||` and `&&` to capture: a variable's read
            // from a closure may be checked for exclusivity at run time.
            let (currentRank, currentDepth) = (winnerRank, winnerDepth)
            let wins = hasText && (rank > currentRank || (rank == currentRank && depth > currentDepth))
            if wins {
                hasWinner = true
                winnerDepth = depth
                winnerRank = rank
                winnerOverride = openOverrides.isEmpty ? nil : Self.merged(openOverrides.map(\.override))
            }
            if fallbackCategory == nil { fallbackCategory = category }
            if let nodeSeverity = nodeSeverity ?? category?.defaultSeverity {
                severity = max(severity ?? nodeSeverity, nodeSeverity)
            }
            if !nodeOptions.isEmpty { options += nodeOptions }
            isTransient = isTransient || nodeIsTransient
            isPermanent = isPermanent || nodeIsPermanent
            isSilent = isSilent || nodeIsSilent
            if info.source == .decoding { decodingNode = error }
            if let nodeSubject {
                if subject == nil { subject = nodeSubject } else { subject?.fill(from: nodeSubject) }
            }
            if let after { retryAfter = max(retryAfter ?? after, after) }
            if supportReference == nil { supportReference = nodeReference }
            return wins
        }

        func visit(_ error: any Error, depth: Int, info: ErrorTypeInfo) {
            while let last = openOverrides.last, last.depth >= depth { openOverrides.removeLast() }
            if info.source == .context, let context = error as? ContextError,
                let layerOverride = context.presentationOverride
            {
                openOverrides.append((depth, layerOverride))
                // Pre-order meets outer layers first; an outer override wins over inner ones.
                allOverrides = allOverrides.map { $0.merged(over: layerOverride) } ?? layerOverride
            }
            // A presentable node's category is read below (by its interpretation), or where that isn't.
            let awaitsCategory = facts?.record(error, info: info) ?? false
            if readsMemos, let slot, let (entry, memo, template) = builtInMemo(of: error, info: info, slot: slot) {
                if awaitsCategory { facts?.notePresentableCategory(of: error, info: info) }
                // Text the app wrote (a presentable or localized error, its own catalog entry) beats Remedy's
                // built-in texts at any depth, and a specific built-in text beats a generic fallback at any
                // depth; among texts of the same rank, the deepest is the most specific.
                let wins = merge(
                    hasText: memo.hasText,
                    rank: entry.isGeneric ? 0 : 1,
                    category: memo.category,
                    severity: memo.severity,
                    options: memo.options,
                    isTransient: memo.isTransient,
                    isPermanent: memo.isPermanent,
                    isSilent: memo.isSilent,
                    // An entry's own interpretation concerns nothing: its subject is read from an error.
                    subject: nil,
                    // Nor does it wait or have a reference: both are read from an error.
                    retryAfter: nil,
                    supportReference: nil,
                    error: error,
                    depth: depth,
                    info: info
                )
                if wins {
                    // (Set to `nil` only when not: a large optional's destroy costs even when empty.)
                    if kept != nil { Self.empty(&kept) }
                    keptMemo = memo
                    winnerEntry = entry
                    winnerTemplate = template
                } else if !hasOutermost {
                    keptMemo = memo
                }
                hasOutermost = true
                return
            }
            // A node no source can know (an app's wrapping enum with built-ins alone) has nothing to merge:
            // `interpretation(ofNode:info:)` would answer `nil`, through a large optional.
            guard mayKnow(error, info: info), let interpretation = interpretation(ofNode: error, info: info) else {
                if awaitsCategory { facts?.notePresentableCategory(of: error, info: info) }
                return
            }
            // A presentable node's interpretation is the error's own (`interpretation(ofNode:info:)`): its
            // category is the presentable category.
            if awaitsCategory { facts?.notePresentableCategory(interpretation.category) }
            let wins = merge(
                hasText: interpretation.hasText,
                rank: interpretation.isBuiltIn ? (interpretation.isGenericFallback ? 0 : 1) : 2,
                category: interpretation.category,
                severity: interpretation.severity,
                options: interpretation.options,
                isTransient: interpretation.isTransient,
                isPermanent: interpretation.isPermanent,
                isSilent: interpretation.isSilent,
                subject: interpretation.subject,
                retryAfter: interpretation.retryAfter,
                supportReference: interpretation.supportReference,
                error: error,
                depth: depth,
                info: info
            )
            // Last: the interpretation moves into the one place that keeps it.
            if wins {
                winnerEntry = interpretation.isBuiltIn ? interpretation.entry : nil
                winnerTemplate = nil
                kept = consume interpretation
                keptMemo = nil
            } else if !hasOutermost {
                kept = consume interpretation
            }
            hasOutermost = true
        }

        if rootInfo.source == .leaf, limits.maximumNodes > 0 {
            // A type without references can't hold a cause: the tree is this one node, and walking it
            // would only allocate the walk's stacks.
            visit(error, depth: 0, info: rootInfo)
        } else {
            var walk = LeanWalk(root: error, rootInfo: rootInfo, limits: limits, readsCaseNames: false)
            while walk.advance() {
                visit(walk.step.error, depth: walk.step.depth, info: walk.step.info)
            }
        }

        // One node's built-in text alone, naming nothing: what `mergedAlone` makes of it, the entry's template.
        if let slot, hasWinner, interpretedCount == 1, allOverrides == nil, subject == nil, let entry = winnerEntry {
            if let template = winnerTemplate ?? entry.presentationTemplate(slot) {
                reading.template = template
                reading.supportReference = supportReference
                return nil
            }
            reading.entryToKeep = entry
        }
        let override = hasWinner ? winnerOverride : allOverrides
        var merged = kept.take() ?? keptMemo.map(Self.builtIn) ?? ErrorInterpretation(category: fallbackCategory)
        if !hasWinner { merged.message = nil }
        merged.category = merged.category ?? fallbackCategory
        merged.severity = severity
        if isPermanent {
            // Try Again can't help a failure that fails the same way every time, whoever offers it.
            options.removeAll(where: \.isRetry)
        }
        merged.options = Self.withoutDuplicates(override.map { $0.options + options } ?? options)
        merged.isTransient = isTransient && !isPermanent
        merged.isPermanent = isPermanent
        merged.isSilent = isSilent
        merged.retryAfter = retryAfter
        merged.supportReference = supportReference
        // A place in data names something only in a file a person can open.
        if let decodingNode, subject?.fileName != nil, merged.entry?.namesLocation == true,
            let decodingError = decodingNode as? DecodingError, let place = BuiltInCatalog.subject(of: decodingError)
        {
            if subject == nil { subject = place } else { subject?.fill(from: place) }
        }
        if hasWinner, let entry = merged.entry, let subject, entry.names(anythingIn: subject) {
            merged.message = entry.message(in: localization, naming: subject)
        }
        if let override {
            merged.title = override.title ?? merged.title
            merged.message = override.message ?? merged.message
            merged.severity = override.severity ?? merged.severity
            merged.isOverridden = override.title != nil || override.message != nil
        }
        return merged
    }

    /// Empties the walk's one place for an interpretation (`kept` in
    /// ``walk(_:info:collecting:readingIn:as:for:)``).
    ///
    /// Out of line: a call in the walk's loop that is given the place keeps it in memory. Without one, the
    /// optimizer carries it from node to node as a value, and copies its 168 bytes twice per node even
    /// while it is empty.
    @inline(never)
    private static func empty(_ kept: inout ErrorInterpretation?) {
        kept = nil
    }

    /// The interpretation a built-in entry's memo keeps, as the catalog answers it: marked built-in.
    private static func builtIn(_ memo: ErrorCatalog.BuiltInEntry.InterpretationMemo) -> ErrorInterpretation {
        var interpretation = memo.interpretation
        interpretation.isBuiltIn = true
        return interpretation
    }

    /// The built-in entry that interprets an error alone, unchanged, with its memo and presentation
    /// template (if made) in a language slot: the memo's interpretation is what
    /// ``interpretation(ofNode:info:)`` answers for the error, but for being marked built-in, when the
    /// catalog is the built-ins alone. `nil` for any other error, which takes the general way.
    private func builtInMemo(
        of error: any Error,
        info: ErrorTypeInfo,
        slot: Int
    ) -> (ErrorCatalog.BuiltInEntry, ErrorCatalog.BuiltInEntry.InterpretationMemo, PresentationTemplate?)? {
        // A presentable error is interpreted as it declares, before the catalog is asked.
        guard info.asPresentable == nil, let entry = BuiltInCatalog.entryAlone(of: error, info: info) else {
            return nil
        }
        let (memo, template) = entry.memos(in: localization, slot: slot)
        return (entry, memo, template)
    }

    /// Overrides, outermost first, merged into one: outer fields win.
    private static func merged(_ overrides: [PresentationOverride]) -> PresentationOverride? {
        var result: PresentationOverride?
        for override in overrides {
            result = result.map { $0.merged(over: override) } ?? override
        }
        return result
    }

    /// The options in order, each title (or ready-made title key) once: the first one offered wins.
    private static func withoutDuplicates(_ options: [RecoveryOption]) -> [RecoveryOption] {
        // Nothing to drop among fewer than two: no set to allocate.
        guard options.count > 1 else { return options }
        var seen = Set<String>()
        return options.filter { seen.insert($0.titleKey ?? $0.title.titleIdentity).inserted }
    }

    /// The interpretation of one error, not its tree, from the first source that knows it.
    ///
    /// - Parameter error: The error.
    /// - Returns: The interpretation, or `nil` when no source knows anything.
    package func interpretation(ofNode error: any Error) -> ErrorInterpretation? {
        interpretation(ofNode: error, info: ErrorTypeInfo.of(error))
    }

    /// Whether any source of ``interpretation(ofNode:)`` may know the error: `false` only when it surely
    /// answers `nil` (no presentable, localized or recoverable conformance, no user info, and a catalog
    /// that can't interpret it).
    private func mayKnow(_ error: any Error, info: ErrorTypeInfo) -> Bool {
        info.asPresentable != nil || info.asLocalized != nil || info.hasUserInfo || info.asRecoverable != nil
            || catalog.mayInterpret(error, info: info)
    }

    /// ``interpretation(ofNode:)`` with the facts about the error's type that the walk found already.
    func interpretation(ofNode error: any Error, info: ErrorTypeInfo) -> ErrorInterpretation? {
        // The per-type cache answers "does this type conform?" once; a failed cast to a protocol
        // existential is a run-time conformance search, the most expensive step of a node's resolution.
        if let presentable = info.asPresentable?(error) {
            var interpretation = ErrorInterpretation(presentable)
            // A server's problem also says how long to wait and whether a retry can help, which the
            // presentable protocol has no place for. (A concrete type compared first: no cast for others.)
            if type(of: error) == ProblemDetailsError.self, let problem = error as? ProblemDetailsError {
                interpretation.retryAfter = problem.retryAfter
                interpretation.isTransient = problem.isTransient
            }
            return interpretation
        }
        if catalog.mayInterpret(error, info: info),
            let interpretation = catalog.interpretation(for: error, info: info, localization: localization)
        {
            return interpretation
        }
        // Texts come from the first source that has them; options from the first that has any, so a
        // LocalizedError's texts go with the recovery options of its user info or RecoverableError
        // conformance. A RecoverableError's options are read once, here. Texts the catalog doesn't trust
        // are only detail.
        var localized = info.asLocalized?(error).flatMap(Self.interpretation(of:))
        if localized != nil, catalog.localizedTextTrust(of: error) == .untrusted { localized = localized?.demoted }
        // Without user info or RecoverableError options, the localized texts are all there is.
        guard info.hasUserInfo || info.asRecoverable != nil else { return localized }
        let userInfo = userInfoTranslation(of: error, info: info)
        let recoverableOptions = info.asRecoverable?(error).map(Self.options(of:)) ?? []
        guard var interpretation = localized ?? userInfo else {
            return recoverableOptions.isEmpty ? nil : ErrorInterpretation(options: recoverableOptions)
        }
        if interpretation.options.isEmpty { interpretation.options = userInfo?.options ?? [] }
        if interpretation.options.isEmpty { interpretation.options = recoverableOptions }
        return interpretation
    }

    // MARK: - Sources

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
    /// or `nil` when it has none or it is blank; from the memo of the error's type when its texts are the
    /// ones the kept message was made from.
    static func message(of error: any LocalizedError, memo: LocalizedMessageMemo? = nil) -> String? {
        let rawDescription = error.errorDescription
        let rawSuggestion = error.recoverySuggestion
        if let memo, let rawDescription,
            let message = memo.message(description: rawDescription, suggestion: rawSuggestion, make: keptMessage)
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

    /// The message a ``LocalizedMessageMemo`` keeps for a description and a suggestion: made only with a
    /// description a person sees (the failure reason, read only without one, is then no part of it), and
    /// only when it isn't blank.
    private static func keptMessage(description: String, suggestion: String?) -> String? {
        guard let description = String?.some(description).userFacing else { return nil }
        let message = joined(description, suggestion.userFacing)
        return message.isBlank ? nil : message
    }

    /// Two optional texts joined by a space, without the arrays of `compactMap` and `joined`.
    private static func joined(_ first: String?, _ second: String?) -> String {
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
