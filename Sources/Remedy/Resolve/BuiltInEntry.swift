extension ErrorCatalog {
    /// One of Remedy's built-in catalog entries: the texts, category, severity and options for a kind of
    /// failure that Foundation, the network or an HTTP server reports.
    ///
    /// Several errors may share an entry: `URLError.notConnectedToInternet` and `POSIXError.ENETUNREACH`
    /// both say "No Internet Connection". An entry's texts live in Remedy's string tables under
    /// ``titleKey`` and ``messageKey``, so an app rewords any of them, or adds a language, through
    /// ``Localization``:
    ///
    /// ```swift
    /// let localization = Localization(overrides: [
    ///     "catalog.network.offline.message": "Forecasts need the internet. Connect and try again."
    /// ])
    /// ```
    ///
    /// An app's own translator can reuse an entry for its own errors:
    ///
    /// ```swift
    /// catalog.register(SyncSDKError.self) { error, localization in
    ///     error.isOffline ? ErrorCatalog.builtInEntry(named: "network.offline")?.interpretation(in: localization) : nil
    /// }
    /// ```
    ///
    /// <doc:Catalog> lists every entry.
    public struct BuiltInEntry: Sendable, Hashable, CustomStringConvertible {
        /// The entry's values, in one shared instance: an interpretation carries its entry, and copying a
        /// reference costs one retain where the fields would cost one each.
        private final class Storage: Sendable {
            let name: String
            let titleKey: String
            let messageKey: String
            let category: ErrorCategory
            let severity: Severity?
            let isTransient: Bool
            let offersRetry: Bool
            let isPermanent: Bool
            let isGeneric: Bool
            let icon: ErrorIcon?
            let names: Set<NamedThing>
            /// ``names`` as bits (file 1, host 2, location 4), asked during every merge that has a subject.
            let nameBits: UInt8
            /// What the entry resolves to in each of ``Localization/supportedLanguages``, made on first use.
            /// Only a localization without overrides or an app table reads it (``Localization/plainTexts``):
            /// its texts then depend on the language alone. Bounded: one slot per supported language.
            let cache = LockedValue(EntryCache())

            init(
                name: String,
                category: ErrorCategory,
                severity: Severity?,
                isTransient: Bool,
                offersRetry: Bool,
                isPermanent: Bool,
                isGeneric: Bool,
                icon: ErrorIcon?,
                names: Set<NamedThing>
            ) {
                self.name = name
                self.titleKey = "catalog.\(name).title"
                self.messageKey = "catalog.\(name).message"
                self.category = category
                self.severity = severity
                self.isTransient = isTransient
                self.offersRetry = offersRetry
                self.isPermanent = isPermanent
                self.isGeneric = isGeneric
                self.icon = icon
                self.names = names
                self.nameBits =
                    (names.contains(.file) ? 1 : 0) | (names.contains(.host) ? 2 : 0)
                    | (names.contains(.location) ? 4 : 0)
            }
        }

        private let storage: Storage

        /// What an entry resolves to in one language, each behind a reference: reading one under the lock
        /// costs a retain, not a copy of its fields.
        struct LanguageCache: Sendable {
            /// ``interpretation(in:)``.
            var interpretation: CachedInterpretation?
            /// The presentation of an error that is the whole of its tree and that the catalog interprets
            /// with this entry alone (no subject to name), as a template: see ``ErrorResolver``. A tree in
            /// which only such an error has an interpretation, and nothing overrides it, reads the same.
            var presentation: CachedPresentation?
        }

        /// What an entry keeps, behind one lock.
        struct EntryCache: Sendable {
            /// By language slot (``LanguageTexts/index``).
            var slots = [LanguageCache](repeating: LanguageCache(), count: Localization.supportedLanguages.count)
            /// The grouping keys of bare Foundation errors this entry interprets, by type and code: see
            /// ``cachedPresentation(_:groupingKeyOf:code:)``.
            var groupingKeys: [(type: ObjectIdentifier, code: Int, key: String)] = []
        }

        /// At most this many grouping keys are kept per entry: the codes an entry interprets are a handful,
        /// but the generic entries take every code nobody else knows.
        static let groupingKeysKept = 8

        /// ``interpretation(in:)`` in one language, behind a reference, with the fields a tree's merge reads
        /// (``ErrorResolver``) kept apart: read through `interpretation`, each field would cost a copy of it
        /// whole.
        final class CachedInterpretation: Sendable {
            let interpretation: ErrorInterpretation
            /// ``ErrorInterpretation/hasText``.
            let hasText: Bool
            let category: ErrorCategory?
            let severity: Severity?
            let options: [RecoveryOption]
            let isTransient: Bool
            let isPermanent: Bool
            let isSilent: Bool

            init(_ interpretation: ErrorInterpretation) {
                self.interpretation = interpretation
                hasText = interpretation.hasText
                category = interpretation.category
                severity = interpretation.severity
                options = interpretation.options
                isTransient = interpretation.isTransient
                isPermanent = interpretation.isPermanent
                isSilent = interpretation.isSilent
            }
        }

        /// The presentation template of a language slot (``LanguageTexts/index``), if made.
        func cachedPresentation(_ slot: Int) -> CachedPresentation? {
            storage.cache.withLock { $0.slots[slot].presentation }
        }

        /// The presentation template of a language slot (``LanguageTexts/index``), if made, and the grouping
        /// key kept for errors of a type and code, if kept, read under one lock.
        ///
        /// The grouping key of a bare Foundation error (`URLError`, `CocoaError`, `POSIXError` without user
        /// info, so without causes: ``BuiltInCatalog/entry(ofBareFoundationError:)``) is the shape of its one
        /// node, its type's name, domain and code (`ErrorReport.groupingKey(of:limits:)`): the same for
        /// every such error of the type and code, whatever the language.
        func cachedPresentation(
            _ slot: Int,
            groupingKeyOf type: ObjectIdentifier,
            code: Int
        ) -> (template: CachedPresentation?, groupingKey: String?) {
            storage.cache.withLock { cache in
                let key = cache.groupingKeys.first { $0.type == type && $0.code == code }?.key
                return (cache.slots[slot].presentation, key)
            }
        }

        /// Keeps the grouping key of bare Foundation errors of a type and code, unless as many are kept as
        /// the entry keeps (``groupingKeysKept``).
        func keepGroupingKey(_ key: String, of type: ObjectIdentifier, code: Int) {
            storage.cache.withLock { cache in
                guard cache.groupingKeys.count < Self.groupingKeysKept,
                    !cache.groupingKeys.contains(where: { $0.type == type && $0.code == code })
                else { return }
                cache.groupingKeys.append((type, code, key))
            }
        }

        /// Keeps the presentation template of a language slot.
        func keepCachedPresentation(_ template: CachedPresentation, _ slot: Int) {
            storage.cache.withLock { $0.slots[slot].presentation = template }
        }

        /// The entry's stable name, such as `"network.offline"`.
        public var name: String { storage.name }
        /// The key of the entry's title in Remedy's string table: `catalog.<name>.title`.
        public var titleKey: String { storage.titleKey }
        /// The key of the entry's message in Remedy's string table: `catalog.<name>.message`.
        public var messageKey: String { storage.messageKey }
        /// What kind of failure the entry describes.
        package var category: ErrorCategory { storage.category }
        /// How badly the failure disrupts the person, or `nil` for the category's default severity.
        package var severity: Severity? { storage.severity }
        /// Whether the failure may go away by itself, so retrying automatically makes sense.
        package var isTransient: Bool { storage.isTransient }
        /// Whether the entry offers ``RecoveryOption/retry``.
        package var offersRetry: Bool { storage.offersRetry }
        /// denied permission): a tree with such an error never offers "Try Again".
        package var isPermanent: Bool { storage.isPermanent }
        /// specific entry outranks it wherever the two stand in the tree.
        package var isGeneric: Bool { storage.isGeneric }
        /// The icon, or `nil` for the category's.
        package var icon: ErrorIcon? { storage.icon }
        /// What the entry's message can name when the tree says it: see ``NamedThing``.
        package var names: Set<NamedThing> { storage.names }

        /// A thing an entry's message can name, each with a variant of the message under its own key.
        package enum NamedThing: String, Sendable, Hashable, CaseIterable {
            /// The file, by its name: `catalog.<name>.message.file`, with `%@` for the name.
            case file
            /// The server, by its host name: `catalog.<name>.message.host`, with `%@` for the host.
            case host
            /// The place in a document: a sentence after the message, from `catalog.location.line` or
            /// `catalog.location.lineColumn`, or `catalog.location.codingPath` when the tree also names
            /// the file (a key path of data from a server means nothing to a person).
            case location
        }

        init(
            _ name: String,
            category: ErrorCategory,
            severity: Severity? = nil,
            isTransient: Bool = false,
            offersRetry: Bool = false,
            isPermanent: Bool = false,
            isGeneric: Bool = false,
            icon: ErrorIcon? = nil,
            names: Set<NamedThing> = []
        ) {
            storage = Storage(
                name: name,
                category: category,
                severity: severity,
                isTransient: isTransient,
                offersRetry: offersRetry,
                isPermanent: isPermanent,
                isGeneric: isGeneric,
                icon: icon,
                names: names
            )
        }

        /// The keys of the named variants of the message: `catalog.<name>.message.file` and
        /// `catalog.<name>.message.host`, for the things the entry names.
        package var namedMessageKeys: [String] {
            NamedThing.allCases.filter { $0 != .location && names.contains($0) }.map { "\(messageKey).\($0.rawValue)" }
        }

        /// Whether the entry names something the subject says.
        func names(anythingIn subject: ErrorSubject) -> Bool {
            let bits = storage.nameBits
            guard bits != 0 else { return false }
            return (subject.fileName != nil && bits & 1 != 0) || (subject.host != nil && bits & 2 != 0)
                || (bits & 4 != 0 && (subject.line != nil || (subject.hasCodingPath && subject.fileName != nil)))
        }

        /// Whether the entry names the place in a document.
        var namesLocation: Bool { storage.nameBits & 4 != 0 }

        /// The message naming what the failure concerns: the named variant for the file or host when the
        /// subject has one, then the place in the document when the entry names locations.
        /// The key of the message without its sentence that asks to try again, which a generic entry has
        /// (`catalog.system.default.message.noRetry`); `nil` for the others.
        package var messageWithoutRetryKey: String? {
            isGeneric ? messageKey + ErrorCategory.withoutRetrySuffix : nil
        }

        /// The entry's message without its sentence that asks to try again, for a presentation that doesn't
        /// offer "Try Again": `nil` when the entry has no such variant (``messageWithoutRetryKey``).
        func messageWithoutRetry(in localization: Localization) -> String? {
            messageWithoutRetryKey.map { localization.string(forKey: $0) }
        }

        func message(in localization: Localization, naming subject: ErrorSubject) -> String {
            var message: String
            if names.contains(.file), let file = subject.fileName {
                message = localization.string(forKey: "\(messageKey).file", file)
            } else if names.contains(.host), let host = subject.host {
                message = localization.string(forKey: "\(messageKey).host", host)
            } else {
                message = localization.string(forKey: messageKey)
            }
            guard names.contains(.location) else { return message }
            if let line = subject.line {
                if let column = subject.column {
                    message = localization.string(
                        forKey: "catalog.location.lineColumn", message, String(line), String(column))
                } else {
                    message = localization.string(forKey: "catalog.location.line", message, String(line))
                }
            } else if subject.fileName != nil, let path = subject.codingPath {
                // A coding path means something to a person only in a file they can open.
                message = localization.string(forKey: "catalog.location.codingPath", message, path)
            }
            return message
        }

        /// The entry's interpretation in a language: its texts from the string tables (with the
        /// localization's overrides and app table first), category, severity, options and flags.
        ///
        /// - Parameter localization: The language and overrides to use.
        /// - Returns: A interpretation with a title and a message.
        public func interpretation(in localization: Localization = .default) -> ErrorInterpretation {
            // The texts of a localization without overrides or an app table depend on its language alone.
            guard let slot = localization.plainTexts?.index else { return makeInterpretation(in: localization) }
            return cache(in: localization, slot: slot).interpretation.interpretation
        }

        /// What the entry keeps for a localization whose texts depend on its language alone, in its slot
        /// (``Localization/plainTexts``), read under one lock: ``interpretation(in:)``, made and kept on first
        /// use, and the presentation template, if made (``cachedPresentation(_:)``).
        func cache(
            in localization: Localization,
            slot: Int
        ) -> (interpretation: CachedInterpretation, template: CachedPresentation?) {
            let (kept, template) = storage.cache.withLock {
                ($0.slots[slot].interpretation, $0.slots[slot].presentation)
            }
            if let kept { return (kept, template) }
            let made = CachedInterpretation(makeInterpretation(in: localization))
            storage.cache.withLock { $0.slots[slot].interpretation = made }
            return (made, template)
        }

        private func makeInterpretation(in localization: Localization) -> ErrorInterpretation {
            ErrorInterpretation(
                title: localization.string(forKey: titleKey),
                message: localization.string(forKey: messageKey),
                category: category,
                severity: severity,
                options: offersRetry ? Self.retryOptions : [],
                icon: icon,
                isTransient: isTransient,
                isPermanent: isPermanent
            ).from(self)
        }

        /// The name, category and flags, as in `network.offline (externalSystemUnavailable, transient)`.
        public var description: String {
            var facts = [category.identifier]
            if let severity { facts.append(severity.description) }
            if isTransient { facts.append("transient") }
            if isPermanent { facts.append("permanent") }
            if isGeneric { facts.append("generic") }
            if offersRetry { facts.append("retry") }
            return "\(name) (\(facts.joined(separator: ", ")))"
        }

        /// ``RecoveryOption/retry``, made once: its title follows the presentation's language by key.
        private static let retryOptions: [RecoveryOption] = [.retry]

        /// Whether two entries are the same entry: entries are equal when their names are.
        public static func == (lhs: BuiltInEntry, rhs: BuiltInEntry) -> Bool {
            lhs.name == rhs.name
        }

        /// Hashes the entry's name, the only thing that tells entries apart.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
        }
    }

    /// Every built-in entry with a text, in the order of the documentation.
    ///
    /// Cancellations (`CancellationError`, `URLError.cancelled`, `CocoaError.userCancelled`…) are not in
    /// the list: they have no text, because they are never shown.
    package static var builtInEntries: [BuiltInEntry] {
        BuiltInCatalog.allEntries
    }

    /// The built-in entry with a name, or `nil`.
    ///
    /// - Parameter name: The entry's name, such as `"network.offline"` or `"http.tooManyRequests"`.
    /// - Returns: The entry, or `nil` when no built-in entry has that name.
    public static func builtInEntry(named name: String) -> BuiltInEntry? {
        BuiltInCatalog.entriesByName[name]
    }
}

extension ErrorInterpretation {
    /// The interpretation marked as coming from a built-in entry.
    fileprivate func from(_ entry: ErrorCatalog.BuiltInEntry) -> ErrorInterpretation {
        var interpretation = self
        interpretation.entry = entry
        return interpretation
    }
}
