import Foundation

/// The one walk of a tree that resolves it: every node's interpretation from the first source that knows
/// it, merged, with the facts that rules, the scheduler and the log read.
extension ErrorResolver {
    /// Resolves an error's tree in one walk.
    package func resolve(_ error: any Error) -> ResolvedFailure {
        var merge = TreeMerge()
        var facts = ResolvedFailure.TreeFacts()
        facts.limits = limits
        var walk = ErrorTree.Iterator(root: error, limits: limits)
        while let visit = walk.nextVisit() {
            let node = visit.node.error
            merge.enter(node, depth: visit.node.depth, info: visit.info)
            facts.record(visit)
            if let interpretation = interpretation(ofNode: node, info: visit.info) {
                merge.add(interpretation, of: node, depth: visit.node.depth, info: visit.info)
            }
        }
        facts.isTruncated = walk.isTruncated
        return ResolvedFailure(error: error, interpretation: merge.merged(in: localization), facts: facts)
    }

    /// The interpretation of one error, not its tree, from the first source that knows it.
    package func interpretation(ofNode error: any Error) -> ErrorInterpretation? {
        interpretation(ofNode: error, info: ErrorTypeInfo.of(error))
    }

    /// ``interpretation(ofNode:)`` with the facts about the error's type that the walk found already.
    func interpretation(ofNode error: any Error, info: ErrorTypeInfo) -> ErrorInterpretation? {
        if let presentable = info.asPresentable?(error) {
            var interpretation = ErrorInterpretation(presentable)
            // What the presentable protocol has no place for: how long to wait, whether a retry can help,
            // which fields are wrong.
            if let carrier = info.asFactsCarrier?(error) {
                interpretation.retryAfter = carrier.retryAfter
                interpretation.isTransient = carrier.isTransient
                interpretation.fieldErrors = carrier.fieldErrors
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
        if let texts = localized.map({ [$0.message, $0.detail].compactMap { $0 } }),
            catalog.textTrust(of: error, info: info, texts: texts) == .untrusted
        {
            localized = localized?.demoted
        }
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
