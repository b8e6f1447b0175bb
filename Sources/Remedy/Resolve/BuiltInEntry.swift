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
    /// See ``ErrorCatalog/builtInEntries`` for the whole list.
    public struct BuiltInEntry: Sendable, Hashable, CustomStringConvertible {
        /// The entry's stable name, such as `"network.offline"`.
        public let name: String
        /// The key of the entry's title in Remedy's string table: `catalog.<name>.title`.
        public let titleKey: String
        /// The key of the entry's message in Remedy's string table: `catalog.<name>.message`.
        public let messageKey: String
        /// What kind of failure the entry describes.
        public let category: ErrorCategory
        /// How badly the failure disrupts the person, or `nil` for the category's default severity.
        public let severity: Severity?
        /// Whether the failure may go away by itself, so retrying automatically makes sense.
        public let isTransient: Bool
        /// Whether the entry offers ``RecoveryOption/retry``.
        public let offersRetry: Bool
        /// Whether retrying fails the same way (a constraint violation, a parse error, a missing file, a
        /// denied permission): a tree with such an error never offers "Try Again".
        public let isPermanent: Bool
        /// Whether the entry is a generic fallback (a domain's or an HTTP status class's default): a
        /// specific entry outranks it wherever the two stand in the tree.
        public let isGeneric: Bool
        /// The icon, or `nil` for the category's.
        public let icon: ErrorIcon?
        /// What the entry's message can name when the tree says it: see ``NamedThing``.
        public let names: Set<NamedThing>

        /// A thing an entry's message can name, each with a variant of the message under its own key.
        public enum NamedThing: String, Sendable, Hashable, CaseIterable {
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
        }

        /// The keys of the named variants of the message: `catalog.<name>.message.file` and
        /// `catalog.<name>.message.host`, for the things the entry names.
        public var namedMessageKeys: [String] {
            NamedThing.allCases.filter { $0 != .location && names.contains($0) }.map { "\(messageKey).\($0.rawValue)" }
        }

        /// The message naming what the failure concerns: the named variant for the file or host when the
        /// subject has one, then the place in the document when the entry names locations.
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
            } else if let path = subject.codingPath, subject.fileName != nil {
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
    public static var builtInEntries: [BuiltInEntry] {
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
