/// The message a `LocalizedError` type's texts make (in ``ErrorResolver/message(for:)``, and in a
/// presentation of an error of the type alone), kept for the texts it was made from: one per type, in the
/// type's ``ErrorTypeInfo``.
///
/// An app's `LocalizedError` nearly always returns the same texts, often literals, whose bytes are the same
/// storage on every call. Joining them makes a new string every time, most of whose cost is allocating,
/// checking and freeing it; comparing the texts with the ones the kept message was made from costs a
/// fraction of that. The message is a function of the texts' bytes alone (blank and generic texts are
/// decided by their bytes, and `joined` copies them), so texts with the same bytes give the same message.
/// Bytes, not `==`: two texts that `==` calls equal may differ in their bytes (é as one scalar or as e
/// and a combining accent), and their messages must keep their own bytes.
///
/// Only a message made from a description that a person sees is kept, so the failure reason, which is
/// read only when there is no such description, is never part of it. Bounded: one message per type, the
/// last one made; a type whose texts change between errors makes its message again every time.
final class LocalizedMessageCache: Sendable {
    private struct CachedMessage: Sendable {
        let description: String
        let suggestion: String?
        let message: String
    }

    private let kept = LockedValue<CachedMessage?>(nil)

    /// The message of an error of the type, read from the cache or made and kept: exactly
    /// `make(description, suggestion)`.
    ///
    /// - Parameters:
    ///   - description: The error's `errorDescription`, as read.
    ///   - suggestion: The error's `recoverySuggestion`, as read.
    ///   - make: Makes the message from them, when it isn't kept; `nil` (not kept) for a description a
    ///     person doesn't see or a blank message.
    func message(
        description: String,
        suggestion: String?,
        make: (String, String?) -> String?
    ) -> String? {
        // Comparing bytes runs no code of the app's, so it may run with the lock held.
        let found = kept.withLock { kept -> String? in
            guard let kept, kept.description.hasSameBytes(as: description),
                Self.haveSameBytes(kept.suggestion, suggestion)
            else { return nil }
            return kept.message
        }
        if let found { return found }
        guard let message = make(description, suggestion) else { return nil }
        let made = CachedMessage(description: description, suggestion: suggestion, message: message)
        kept.withLock { $0 = made }
        return message
    }

    private static func haveSameBytes(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (let lhs?, let rhs?): lhs.hasSameBytes(as: rhs)
        case (nil, nil): true
        default: false
        }
    }
}

extension String {
    /// Whether two strings have the same UTF-8 bytes: stricter than `==`, which calls canonically
    /// equivalent strings equal whatever their bytes.
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                lhs.baseAddress == rhs.baseAddress || lhs.elementsEqual(rhs)
            }
        }
        if let same, let same { return same }
        return utf8.elementsEqual(other.utf8)
    }
}
