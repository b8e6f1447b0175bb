/// What a person would see of a presentation. Two presentations with the same identity can't be told
/// apart, so the scheduler shows them once; presentations that differ in any of these are never merged.
///
/// The grouping key (an error's shape) is a different thing, for logs and analytics: two errors of one
/// type with different messages share a grouping key but not an identity.
///
/// The hash is computed once, when the identity is made: the scheduler looks an identity up several
/// times per presentation (open, recently answered, forgotten), and hashing the texts each time would
/// cost more than all the lookups. It is an FNV-1a hash of the texts' UTF-8 bytes, a few instructions
/// per eight bytes, where `Hasher` costs several times that: the dictionaries hash the result again with their
/// seeded hasher, and equality still compares every field, so the hash only has to spread identities,
/// not resist an attacker (a collision costs one comparison).
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

extension PresentationStyle {
    /// The style as one byte of a presentation's identity hash: mixing in the raw value's text would cost
    /// a text's call of ``TextHasher/combine(_:)`` for one of three values.
    fileprivate var identityByte: UInt8 {
        switch self {
        case .banner: 0
        case .alert: 1
        case .route: 2
        }
    }
}

extension RecoveryOption.Role {
    /// The role as one byte of a presentation's identity hash (see ``PresentationStyle/identityByte``).
    /// Every option's title comes before its role and ends with a byte that UTF-8 never has, so the
    /// bytes still say which title each role follows.
    fileprivate var identityByte: UInt8 {
        switch self {
        case .cancel: 0
        case .normal: 1
        case .recommended: 2
        case .destructive: 3
        }
    }
}

/// 64-bit FNV-1a over the UTF-8 bytes of texts, each followed by a byte that can't occur in UTF-8, so
/// that `("ab", "c")` and `("a", "bc")` hash differently. A text is mixed in eight bytes at a time, then
/// its last bytes one by one: each step, `(value ^ word) &* prime` with an odd prime, is a bijection of
/// the word, so texts of one length that differ in any byte hash differently, and a step costs the same
/// for a word as for a byte.
///
/// Only ASCII texts are hashed by their bytes. Swift compares other texts by canonical equivalence
/// ("é" as one scalar equals "e" followed by a combining accent), so equal texts can have different
/// bytes; those are mixed in through `String`'s own hash, which agrees with its equality.
struct TextHasher {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        let ascii: UInt64?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var value = self.value
            // Every byte is or'ed in: a byte of 0x80 or more (not ASCII) sets its high bit here.
            var seen: UInt64 = 0
            var index = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                // Whole words only: `index + 8 <= bytes.count`, so every load stays inside the buffer.
                while bytes.count - index >= 8 {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    seen |= word
                    value = (value ^ word) &* Self.prime
                    index += 8
                }
            }
            while index < bytes.count {
                let byte = UInt64(bytes[index])
                seen |= byte
                value = (value ^ byte) &* Self.prime
                index += 1
            }
            return seen & 0x8080_8080_8080_8080 == 0 ? value : nil
        }
        if let ascii = ascii ?? nil {
            value = ascii
        } else {
            var hasher = Hasher()
            hasher.combine(text)
            let hash = UInt64(UInt(bitPattern: hasher.finalize()))
            for shift in stride(from: 0, to: 64, by: 8) {
                combine(byte: UInt8(truncatingIfNeeded: hash >> UInt64(shift)))
            }
        }
        combine(byte: 0xFF)
    }

    /// Mixes in one byte.
    mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3
}

extension SharedPresentation {
    /// The hash of the presentation's identity (``PresentationIdentity``): its texts, severity, style and
    /// options' titles and roles.
    func identityHash() -> Int {
        var hasher = TextHasher()
        hasher.combine(value.title)
        hasher.combine(value.message)
        if let detail = value.detail { hasher.combine(detail) } else { hasher.combine(byte: 1) }
        hasher.combine(byte: UInt8(truncatingIfNeeded: value.severity.rawValue))
        hasher.combine(byte: value.style.identityByte)
        for option in value.options {
            hasher.combine(option.title)
            hasher.combine(byte: option.role.identityByte)
        }
        return Int(truncatingIfNeeded: hasher.value)
    }
}
