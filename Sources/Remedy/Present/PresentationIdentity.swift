/// What a person would see of a presentation. Two presentations with the same identity can't be told
/// apart, so the scheduler shows them once; presentations that differ in any of these are never merged.
///
/// The grouping key (an error's shape) is a different thing, for logs and analytics: two errors of one
/// type with different messages share a grouping key but not an identity.
///
/// The hash is computed once, when the identity is made: the scheduler looks an identity up several
/// times per presentation (open, recently answered, forgotten). Equality still compares every field.
struct PresentationIdentity: Hashable, Sendable {
    /// The presentation, whose texts, severity, style and options (their titles and roles, in order) are
    /// the identity. Kept by reference: the entry, the scheduler's dictionaries and each caller's lookup
    /// hold a copy of the identity, and a copy of the texts and options would cost a retain and a release
    /// each per copy.
    private let shown: SharedPresentation
    private let hash: Int

    init(_ presentation: borrowing Presentation) {
        self.init(SharedPresentation(copy presentation))
    }

    init(_ shown: SharedPresentation) {
        self.shown = shown
        hash = shown.identityHash()
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && (lhs.shown === rhs.shown || lhs.shown.looksLike(rhs.shown))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

extension SharedPresentation {
    /// The hash of the presentation's identity (``PresentationIdentity``): its texts, severity, style,
    /// options' titles and roles, and field errors.
    func identityHash() -> Int {
        var hasher = Hasher()
        hasher.combine(value.title)
        hasher.combine(value.message)
        hasher.combine(value.detail)
        hasher.combine(value.severity)
        hasher.combine(value.style)
        hasher.combine(value.options.count)
        for option in value.options {
            hasher.combine(option.title)
            hasher.combine(option.role)
        }
        if !value.fieldErrors.isEmpty { hasher.combine(value.fieldErrors) }
        return hasher.finalize()
    }
}
