/// User-facing texts an outer layer sets explicitly, winning over the most specific text of the tree.
///
/// Normally the most specific text wins: the deepest error of the tree that has one. A layer that
/// knows better says so with an override; it applies to the errors below its layer.
///
/// ```swift
/// try await withContext("Saving the draft", presentation: .init(title: "Draft Not Saved")) {
///     try await drafts.save(draft)
/// }
/// ```
public struct PresentationOverride: Sendable {
    package var title: String?
    package var message: String?
    package var severity: Severity?
    package var options: [RecoveryOption]

    /// Creates an override.
    ///
    /// - Parameters:
    ///   - title: A title that wins over the tree's.
    ///   - message: A message that wins over the tree's.
    ///   - severity: A severity that wins over the tree's.
    ///   - options: Options offered in addition to the tree's (merged without duplicates, these first).
    public init(
        title: String? = nil,
        message: String? = nil,
        severity: Severity? = nil,
        options: [RecoveryOption] = []
    ) {
        self.title = title
        self.message = message
        self.severity = severity
        self.options = options
    }

    func merged(over inner: PresentationOverride?) -> PresentationOverride {
        guard let inner else { return self }
        return PresentationOverride(
            title: title ?? inner.title,
            message: message ?? inner.message,
            severity: severity ?? inner.severity,
            options: options + inner.options
        )
    }
}
