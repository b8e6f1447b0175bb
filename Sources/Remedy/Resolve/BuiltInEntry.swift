extension ErrorCatalog {
    /// One of Remedy's built-in catalog entries: the texts, category, severity and options for a kind of
    /// failure that Foundation, the network or an HTTP server reports.
    ///
    /// Several errors may share an entry: `URLError.notConnectedToInternet` and `POSIXError.ENETUNREACH`
    /// both say "No Internet Connection". An entry's texts live in Remedy's string tables under
    /// `catalog.<name>.title` and `catalog.<name>.message`, so an app rewords any of them, or adds a
    /// language, through ``Localization``:
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
    public struct BuiltInEntry: Sendable {
        // One shared instance: an interpretation carries its entry through every merge of a failed request,
        // and a reference costs one retain where the fields cost one each (`server.failure.retryAfter`,
        // Benchmarks/README.md).
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

            init(
                _ name: String, category: ErrorCategory, severity: Severity?, isTransient: Bool, offersRetry: Bool,
                isPermanent: Bool, isGeneric: Bool, icon: ErrorIcon?, names: Set<NamedThing>
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
        }

        private let storage: Storage

        /// The entry's stable name, such as `"network.offline"`.
        package var name: String { storage.name }
        package var titleKey: String { storage.titleKey }
        package var messageKey: String { storage.messageKey }
        package var category: ErrorCategory { storage.category }
        /// `nil` for the category's default severity.
        package var severity: Severity? { storage.severity }
        package var isTransient: Bool { storage.isTransient }
        /// Whether the entry offers ``RecoveryOption/retry``.
        package var offersRetry: Bool { storage.offersRetry }
        /// Retrying fails the same way (a missing file, a denied permission): a tree with such an error
        /// never offers "Try Again".
        package var isPermanent: Bool { storage.isPermanent }
        /// A generic fallback (a domain's or a status class's default): any specific entry outranks it
        /// wherever the two stand in the tree.
        package var isGeneric: Bool { storage.isGeneric }
        package var icon: ErrorIcon? { storage.icon }
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
                name, category: category, severity: severity, isTransient: isTransient, offersRetry: offersRetry,
                isPermanent: isPermanent, isGeneric: isGeneric, icon: icon, names: names)
        }

        /// The keys of the named variants of the message: `catalog.<name>.message.file` and
        /// `catalog.<name>.message.host`, for the things the entry names.
        package var namedMessageKeys: [String] {
            NamedThing.allCases.filter { $0 != .location && names.contains($0) }.map { "\(messageKey).\($0.rawValue)" }
        }

        func names(anythingIn subject: ErrorSubject) -> Bool {
            (subject.fileName != nil && names.contains(.file)) || (subject.host != nil && names.contains(.host))
                || (namesLocation && (subject.line != nil || (subject.hasCodingPath && subject.fileName != nil)))
        }

        var namesLocation: Bool { names.contains(.location) }

        /// The key of the message without its sentence that asks to try again, which only a generic entry
        /// has (`catalog.system.default.message.noRetry`).
        package var messageWithoutRetryKey: String? {
            isGeneric ? messageKey + ErrorCategory.withoutRetrySuffix : nil
        }

        func messageWithoutRetry(in localization: Localization) -> String? {
            messageWithoutRetryKey.map { localization.string(forKey: $0) }
        }

        /// The message naming the file or host the subject has, then the place in the document.
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
            ErrorInterpretation(
                title: localization.string(forKey: titleKey),
                message: localization.string(forKey: messageKey),
                category: category,
                severity: severity,
                options: offersRetry ? [.retry] : [],
                icon: icon,
                isTransient: isTransient,
                isPermanent: isPermanent
            ).from(self)
        }

        /// As in `network.offline (externalSystemUnavailable, transient)`.
        package var description: String {
            var facts = [category.identifier]
            if let severity { facts.append(severity.description) }
            if isTransient { facts.append("transient") }
            if isPermanent { facts.append("permanent") }
            if isGeneric { facts.append("generic") }
            if offersRetry { facts.append("retry") }
            return "\(name) (\(facts.joined(separator: ", ")))"
        }
    }

    /// Every built-in entry with a text (cancellations have none), in the order of the documentation.
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
    fileprivate func from(_ entry: ErrorCatalog.BuiltInEntry) -> ErrorInterpretation {
        var interpretation = self
        interpretation.entry = entry
        return interpretation
    }
}
