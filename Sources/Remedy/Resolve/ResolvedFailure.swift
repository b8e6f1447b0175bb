/// A failure resolved in one walk of its tree: what rules, the scheduler, the server and the log read instead of
/// walking it again.
package struct ResolvedFailure: Sendable {
    /// The facts collected from the nodes of the tree during the walk.
    package struct TreeFacts: Sendable {
        /// Whether a node is a cancellation (``ErrorTree/isCancellation(_:)``).
        package var containsCancellation = false
        /// The statuses of the ``HTTPStatusError``s in the tree, in pre-order.
        package var httpStatuses: [Int] = []
        /// The caps the walk obeyed, which a report of it obeys too.
        var limits = ErrorLimits.default
        /// Whether the walk stopped at ``ErrorLimits/maximumNodes`` while errors were still waiting.
        var isTruncated = false
        /// The first visit (the root), kept apart so that a tree of one error, the usual case, allocates
        /// no array.
        private var firstVisit: ErrorTree.Visit?
        /// The other visits, in pre-order: what a report reads instead of walking the tree again.
        private var otherVisits: [ErrorTree.Visit] = []

        /// The first error of a type in pre-order, from the nodes the walk kept.
        func first<E: Error>(_ type: E.Type) -> E? {
            if let firstVisit, let match = firstVisit.node.error as? E { return match }
            for visit in otherVisits {
                if let match = visit.node.error as? E { return match }
            }
            return nil
        }

        package init() {}

        /// Calls `body` with each node the walk kept, in pre-order, until it answers `false`.
        package func forEachNode(_ body: (any Error) -> Bool) {
            guard let firstVisit, body(firstVisit.node.error) else { return }
            for visit in otherVisits where !body(visit.node.error) { return }
        }

        /// The walk's visits again, in pre-order, one per call (`nil` past the last), for what reads them
        /// as a walk.
        func replay() -> () -> ErrorTree.Visit? {
            var position = 0
            return {
                defer { position += 1 }
                guard position > 0 else { return firstVisit }
                return position <= otherVisits.count ? otherVisits[position - 1] : nil
            }
        }

        /// Notes one visit of the walk.
        mutating func record(_ visit: ErrorTree.Visit) {
            let error = visit.node.error
            let info = visit.info
            if firstVisit == nil { firstVisit = visit } else { otherVisits.append(visit) }
            if !containsCancellation, ErrorTree.isCancellation(error, info: info) { containsCancellation = true }
            if let status = ErrorTree.value(error, as: HTTPStatusError.self)?.status { httpStatuses.append(status) }
            if let carrier = info.asFactsCarrier?(error) { httpStatuses += carrier.httpStatuses }
        }
    }

    /// The error, as it was resolved.
    package let error: any Error
    /// The merged interpretation of the whole tree.
    package let interpretation: ErrorInterpretation
    /// What the walk found.
    package let facts: TreeFacts

    package init(error: any Error, interpretation: ErrorInterpretation, facts: TreeFacts) {
        self.error = error
        self.interpretation = interpretation
        self.facts = facts
    }

    /// What kind of failure this is (``ErrorCategory/unknown`` when nothing is known).
    package var category: ErrorCategory { interpretation.category ?? .unknown }

    /// The highest severity of the tree, or the category's default.
    package var severity: Severity { interpretation.severity ?? category.defaultSeverity }

    /// A cancellation anywhere in the tree, or a node marked silent: never shown.
    package var isSilent: Bool { interpretation.isSilent || facts.containsCancellation }

    /// Whether the failure offers "Try Again": it isn't permanent, it has no options of its own besides Try
    /// Again (a cancel option doesn't count: every presentation with an action has one), and it is transient
    /// or of a retryable category.
    package func offersRetry(retryableCategories: Set<ErrorCategory>) -> Bool {
        !interpretation.isPermanent && interpretation.options.allSatisfy({ $0.isRetry || $0.role == .cancel })
            && (interpretation.isTransient || retryableCategories.contains(category))
    }

    /// What is wrong with each field of the input: the first ``InvalidInputError``'s of the tree, or a
    /// server's; a server answers them in its problem's `errors` member.
    package var fieldErrors: [FieldError] { interpretation.fieldErrors }

    /// The failure's presentation with these options and this detail, in a language: the merged texts,
    /// and the category's message where no node has one.
    package func presentation(
        options: [RecoveryOption],
        detail: String?,
        supportReference: SupportReference,
        localization: Localization
    ) -> Presentation {
        Presentation(
            title: interpretation.title,
            message: interpretation.presentedMessage(
                category: category, offersRetry: options.contains(where: \.isRetry), localization: localization),
            detail: detail,
            helpAnchor: interpretation.helpAnchor,
            options: options,
            fieldErrors: interpretation.fieldErrors,
            category: category,
            severity: interpretation.severity,
            style: interpretation.preferredStyle,
            icon: interpretation.icon,
            supportReference: supportReference,
            error: error,
            localization: localization
        )
    }

    /// The first error of a type in pre-order, from the nodes the walk kept.
    package func first<E: Error>(_ type: E.Type) -> E? {
        facts.first(type)
    }
}
