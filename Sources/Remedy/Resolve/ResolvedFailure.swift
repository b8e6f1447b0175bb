/// A failure resolved in one walk of its tree: everything the handling of it reads.
///
/// Rules, the scheduler and the log read this instead of walking the tree again: the merged
/// person-facing interpretation, and the facts collected on the way (whether a node is a cancellation,
/// the HTTP statuses, the nodes themselves for type queries). The grouping key and the summary are
/// computed only when something reads them.
package struct ResolvedFailure: Sendable {
    /// The facts collected from the nodes of the tree during the walk.
    package struct TreeFacts: Sendable {
        /// Whether a node is a cancellation (``ErrorTree/isCancellation(_:)``).
        package var containsCancellation = false
        /// The statuses of the ``HTTPStatusError``s in the tree, in pre-order.
        package var httpStatuses: [Int] = []
        /// The first error of the tree in pre-order (the root), kept apart from the others so that a
        /// tree of one error, the usual case, allocates no array.
        private var firstNode: (any Error)?
        /// The other errors of the tree, in pre-order, within the resolver's limits.
        private var otherNodes: [any Error] = []

        /// The first error of a type in pre-order, from the nodes the walk kept.
        func first<E: Error>(_ type: E.Type) -> E? {
            if let firstNode, let match = firstNode as? E { return match }
            for node in otherNodes {
                if let match = node as? E { return match }
            }
            return nil
        }

        package init() {}

        /// Calls `body` with each node the walk kept, in pre-order, until it answers `false`.
        package func forEachNode(_ body: (any Error) -> Bool) {
            guard let firstNode, body(firstNode) else { return }
            for node in otherNodes where !body(node) { return }
        }

        /// Notes one node of the walk. `info` is ``ErrorTypeInfo/of(_:)`` of `error`, which the walk has
        /// looked up already.
        ///
        /// - Returns: `true` when whether the node is a cancellation hangs on its presentable category
        ///   alone (``ErrorTree/cancellationByType(_:)`` can't tell): the caller, which reads that category
        ///   anyway, passes it to ``notePresentableCategory(_:)``, so the error isn't cast twice.
        mutating func record(_ error: any Error, info: ErrorTypeInfo) -> Bool {
            if firstNode == nil { firstNode = error } else { otherNodes.append(error) }
            var awaitsCategory = false
            if !containsCancellation {
                switch ErrorTree.cancellationByType(error) {
                case true?: containsCancellation = true
                case false?: break
                case nil: awaitsCategory = info.asPresentable != nil
                }
            }
            // `ErrorTree.value(_:as:)`, the answer of `as?` without the runtime's general cast for a value
            // of another type.
            if let status = ErrorTree.value(error, as: HTTPStatusError.self)?.status { httpStatuses.append(status) }
            // A concrete type compared first: most trees hold no problem, and this costs them no cast.
            if type(of: error) == ProblemDetailsError.self, let problem = error as? ProblemDetailsError {
                httpStatuses += problem.httpStatuses
            }
            return awaitsCategory
        }

        /// The presentable category of the node that ``record(_:info:)`` asked for: a cancellation's makes
        /// the tree contain one, as ``ErrorTree/isCancellation(_:)`` says.
        mutating func notePresentableCategory(_ category: ErrorCategory?) {
            if category == .cancellation { containsCancellation = true }
        }

        /// ``notePresentableCategory(_:)`` for a node whose category the caller didn't read.
        mutating func notePresentableCategory(of error: any Error, info: ErrorTypeInfo) {
            notePresentableCategory(info.asPresentable?(error)?.category)
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
