/// The interpretations of a tree's nodes merged into one, node by node in pre-order: what
/// ``ErrorResolver/interpretation(of:)`` documents.
struct TreeMerge {
    /// The rank and depth of the node whose text wins so far.
    private var winner: (rank: Int, depth: Int)?
    /// The overrides above the winner, merged.
    private var winnerOverride: PresentationOverride?
    /// The winner's interpretation, or while no node has won, the outermost one: it stands in when no node
    /// has a text (its title, detail, icon and style still count, and only the message falls back to the
    /// category's).
    private var kept: ErrorInterpretation?
    private var fallbackCategory: ErrorCategory?
    private var severity: Severity?
    private var options: [RecoveryOption] = []
    private var isTransient = false
    private var isPermanent = false
    private var isSilent = false
    private var retryAfter: Duration?
    private var supportReference: SupportReference?
    private var fieldErrors: [FieldError] = []
    /// What the tree concerns (a file, a host, a line), from the first node that says it.
    private var subject: ErrorSubject?
    /// The deepest decoding error, whose place in the data is read only if the message names it.
    private var decodingError: DecodingError?
    /// Overrides of the context layers on the path to the current node, outermost first.
    private var openOverrides: [(depth: Int, override: PresentationOverride)] = []
    /// Every override in the tree, merged: they apply when no node has a text.
    private var allOverrides: PresentationOverride?

    /// Notes a node on the way down: the overrides of the context layers above it.
    mutating func enter(_ error: any Error, depth: Int, info: ErrorTypeInfo) {
        while let last = openOverrides.last, last.depth >= depth { openOverrides.removeLast() }
        guard info.source == .context,
            let layerOverride = ErrorTree.value(error, as: ContextError.self)?.presentationOverride
        else { return }
        openOverrides.append((depth, layerOverride))
        // Pre-order meets outer layers first; an outer override wins over inner ones.
        allOverrides = allOverrides.map { $0.merged(over: layerOverride) } ?? layerOverride
    }

    /// Merges the interpretation of the node last entered.
    mutating func add(_ interpretation: ErrorInterpretation, of error: any Error, depth: Int, info: ErrorTypeInfo) {
        // Text the app wrote (a presentable or localized error, its own catalog entry) beats Remedy's built-in
        // texts at any depth, and a specific built-in text beats a generic fallback at any depth; among texts
        // of the same rank, the deepest is the most specific.
        let rank = interpretation.isBuiltIn ? (interpretation.isGenericFallback ? 0 : 1) : 2
        let wins =
            interpretation.hasText
            && winner.map { rank > $0.rank || (rank == $0.rank && depth > $0.depth) } ?? true
        if wins {
            winner = (rank, depth)
            winnerOverride = openOverrides.reduce(nil) { merged, open in
                merged.map { $0.merged(over: open.override) } ?? open.override
            }
        }
        if fallbackCategory == nil { fallbackCategory = interpretation.category }
        if let nodeSeverity = interpretation.severity ?? interpretation.category?.defaultSeverity {
            severity = max(severity ?? nodeSeverity, nodeSeverity)
        }
        options += interpretation.options
        isTransient = isTransient || interpretation.isTransient
        isPermanent = isPermanent || interpretation.isPermanent
        isSilent = isSilent || interpretation.isSilent
        if info.source == .decoding { decodingError = ErrorTree.value(error, as: DecodingError.self) }
        if let nodeSubject = interpretation.subject {
            if subject == nil { subject = nodeSubject } else { subject?.fill(from: nodeSubject) }
        }
        if let after = interpretation.retryAfter { retryAfter = max(retryAfter ?? after, after) }
        if supportReference == nil { supportReference = interpretation.supportReference }
        if fieldErrors.isEmpty { fieldErrors = interpretation.fieldErrors }
        if wins || kept == nil { kept = interpretation }
    }

    /// The merged interpretation; `message` is `nil` only when no node has a text.
    func merged(in localization: Localization) -> ErrorInterpretation {
        let override = winner == nil ? allOverrides : winnerOverride
        var merged = kept ?? ErrorInterpretation(category: fallbackCategory)
        if winner == nil { merged.message = nil }
        merged.category = merged.category ?? fallbackCategory
        merged.severity = severity
        var options = options
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
        var subject = subject
        // A place in data names something only in a file a person can open.
        if let decodingError, subject?.fileName != nil, merged.entry?.namesLocation == true,
            let place = BuiltInCatalog.subject(of: decodingError)
        {
            subject?.fill(from: place)
        }
        if winner != nil, let entry = merged.entry, let subject, entry.names(anythingIn: subject) {
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

    /// The options in order, each title (or ready-made title key) once: the first one offered wins.
    static func withoutDuplicates(_ options: [RecoveryOption]) -> [RecoveryOption] {
        guard options.count > 1 else { return options }
        var seen = Set<String>()
        return options.filter { seen.insert($0.titleKey ?? $0.title.titleIdentity).inserted }
    }
}
