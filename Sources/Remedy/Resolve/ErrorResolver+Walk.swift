import Foundation

/// The one walk of a tree that resolves it: every node's interpretation from the first source that knows
/// it, merged, with the facts that rules, the scheduler and the log read.
extension ErrorResolver {
    /// Resolves an error's tree in one walk: the merged interpretation, and the facts that rules, the
    /// scheduler and the log read (cancellation, HTTP statuses, the nodes).
    ///
    /// - Parameter error: Any error.
    /// - Returns: The resolved failure.
    package func resolve(_ error: any Error) -> ResolvedFailure {
        var facts: ResolvedFailure.TreeFacts? = ResolvedFailure.TreeFacts()
        let interpretation = walk(error, info: ErrorTypeInfo.of(error), collecting: &facts)
        return ResolvedFailure(error: error, interpretation: interpretation, facts: facts ?? .init())
    }

    /// The one walk of a tree; collects facts only when `facts` is not `nil`.
    func walk(
        _ error: any Error,
        info rootInfo: ErrorTypeInfo,
        collecting facts: inout ResolvedFailure.TreeFacts?
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
    /// `Purpose` fixes by type whether the walk may read templates and cache at all, so that a walk that
    /// only merges (``interpretation(of:)``, ``resolve(_:)``) pays nothing for them.
    func walk<Purpose: WalkPurpose>(
        _ error: any Error,
        info rootInfo: ErrorTypeInfo,
        collecting facts: inout ResolvedFailure.TreeFacts?,
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
        var fieldErrors: [FieldError] = []
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
        // entry's cache in place (`cachedBuiltIn(of:info:slot:)`): its interpretation is copied only if the
        // merge needs it. Kept instead of `kept`, as the winner or the outermost.
        var cachedInterpretation: ErrorCatalog.BuiltInEntry.CachedInterpretation?
        // The winner's built-in entry, when its text is a built-in entry's, and the entry's presentation
        // template when the winner was read from its cache and the template was made then.
        var winnerEntry: ErrorCatalog.BuiltInEntry?
        var winnerTemplate: CachedPresentation?
        let readsCaches = slot != nil && catalog.isBuiltInsAlone

        /// Merges a node's interpretation into the tree's, and answers whether its text wins. Given field by
        /// field: an interpretation read in place from a cache would be copied whole to be passed on.
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
            fieldErrors nodeFieldErrors: [FieldError],
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
            if fieldErrors.isEmpty, !nodeFieldErrors.isEmpty { fieldErrors = nodeFieldErrors }
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
            if readsCaches, let slot, let (entry, cache, template) = cachedBuiltIn(of: error, info: info, slot: slot) {
                if awaitsCategory { facts?.notePresentableCategory(of: error, info: info) }
                // Text the app wrote (a presentable or localized error, its own catalog entry) beats Remedy's
                // built-in texts at any depth, and a specific built-in text beats a generic fallback at any
                // depth; among texts of the same rank, the deepest is the most specific.
                let wins = merge(
                    hasText: cache.hasText,
                    rank: entry.isGeneric ? 0 : 1,
                    category: cache.category,
                    severity: cache.severity,
                    options: cache.options,
                    isTransient: cache.isTransient,
                    isPermanent: cache.isPermanent,
                    isSilent: cache.isSilent,
                    // An entry's own interpretation concerns nothing: its subject is read from an error.
                    subject: nil,
                    // Nor does it wait, have a reference or field errors: all are read from an error.
                    retryAfter: nil,
                    supportReference: nil,
                    fieldErrors: [],
                    error: error,
                    depth: depth,
                    info: info
                )
                if wins {
                    // (Set to `nil` only when not: a large optional's destroy costs even when empty.)
                    if kept != nil { Self.empty(&kept) }
                    cachedInterpretation = cache
                    winnerEntry = entry
                    winnerTemplate = template
                } else if !hasOutermost {
                    cachedInterpretation = cache
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
                fieldErrors: interpretation.fieldErrors,
                error: error,
                depth: depth,
                info: info
            )
            // Last: the interpretation moves into the one place that keeps it.
            if wins {
                winnerEntry = interpretation.isBuiltIn ? interpretation.entry : nil
                winnerTemplate = nil
                kept = consume interpretation
                cachedInterpretation = nil
            } else if !hasOutermost {
                kept = consume interpretation
            }
            hasOutermost = true
        }

        if rootInfo.source == .leaf, limits.maximumNodes > 0 {
            // A type without references can't hold a cause: the tree is this one node, and walking it would
            // only allocate the walk's stacks. Kept for the cap on the diet: without it `handle.major`
            // costs 4% more instructions (33,810 against 32,506), over 120% of its count before the diet.
            visit(error, depth: 0, info: rootInfo)
        } else {
            var walk = ErrorTree.Iterator(root: error, rootInfo: rootInfo, limits: limits)
            while let next = walk.nextVisit() {
                visit(next.node.error, depth: next.node.depth, info: next.info)
            }
        }

        // One node's built-in text alone, naming nothing: what `mergedAlone` makes of it, the entry's template.
        if let slot, hasWinner, interpretedCount == 1, allOverrides == nil, subject == nil, let entry = winnerEntry {
            if let template = winnerTemplate ?? entry.cachedPresentation(slot) {
                reading.template = template
                reading.supportReference = supportReference
                return nil
            }
            reading.entryToKeep = entry
        }
        let override = hasWinner ? winnerOverride : allOverrides
        var merged =
            kept.take() ?? cachedInterpretation.map(Self.builtIn) ?? ErrorInterpretation(category: fallbackCategory)
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
        merged.fieldErrors = fieldErrors
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

    /// The interpretation a built-in entry's cache keeps, as the catalog answers it: marked built-in.
    private static func builtIn(_ cache: ErrorCatalog.BuiltInEntry.CachedInterpretation) -> ErrorInterpretation {
        var interpretation = cache.interpretation
        interpretation.isBuiltIn = true
        return interpretation
    }

    /// The built-in entry that interprets an error alone, unchanged, with its cache and presentation
    /// template (if made) in a language slot: the cache's interpretation is what
    /// ``interpretation(ofNode:info:)`` answers for the error, but for being marked built-in, when the
    /// catalog is the built-ins alone. `nil` for any other error, which takes the general way.
    private func cachedBuiltIn(
        of error: any Error,
        info: ErrorTypeInfo,
        slot: Int
    ) -> (ErrorCatalog.BuiltInEntry, ErrorCatalog.BuiltInEntry.CachedInterpretation, CachedPresentation?)? {
        // A presentable error is interpreted as it declares, before the catalog is asked.
        guard info.asPresentable == nil, let entry = BuiltInCatalog.entryAlone(of: error, info: info) else {
            return nil
        }
        let (cache, template) = entry.cache(in: localization, slot: slot)
        return (entry, cache, template)
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
    static func withoutDuplicates(_ options: [RecoveryOption]) -> [RecoveryOption] {
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
            // A server's problem also says how long to wait and whether a retry can help, and it and invalid
            // input name fields, which the presentable protocol has no place for. (Concrete types compared
            // first: no cast for others.)
            if type(of: error) == ProblemDetailsError.self, let problem = error as? ProblemDetailsError {
                interpretation.retryAfter = problem.retryAfter
                interpretation.isTransient = problem.isTransient
                interpretation.fieldErrors = problem.fieldErrors
            } else if type(of: error) == InvalidInputError.self, let invalidInput = error as? InvalidInputError {
                interpretation.fieldErrors = invalidInput.fieldErrors
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
}
