import Foundation

extension ErrorCatalog {
    /// Whether the texts a foreign error carries were written for a person, so that a person may see them.
    ///
    /// Untrusted texts never become a presentation's message: they go to its detail and to the report,
    /// and the message comes from the catalog's entry for the kind or the category. <doc:Catalog> explains
    /// the policy, in this order:
    ///
    /// - ``PresentableError`` texts are always trusted: the protocol promises text for people.
    /// - The app's declarations: ``setTextTrust(_:for:)`` for a type, then ``setTextTrust(_:forDomain:)`` for
    ///   an `NSError` domain.
    /// - Apple's framework domains (`NSCocoaErrorDomain`, `NSURLErrorDomain`, `com.apple.…`, `NS…ErrorDomain`,
    ///   `kCF…`) are trusted.
    /// - The `errorDescription`, `failureReason`, `recoverySuggestion` and user-info texts of a type from a
    ///   dependency are untrusted: libraries write them, like `description` and `debugDescription`, for
    ///   developers. A type is the app's own when its module is one of ``appModules``: the modules of the code
    ///   that made the root scope or the resolver, and those the app adds. A catalog that knows no app module
    ///   (one that no app code has handed to a scope or a resolver) can't tell, and screens every type's texts.
    /// - What remains is trusted unless one of its texts reads like developer text: SQL, code in backticks, a
    ///   source file, an identifier (`statusCode`, `token_expired`), a quoted operation name, a type or a type
    ///   path (`DatabaseError`, `OpenAPIRuntime.HTTPBody`), a dump (`undocumented(statusCode: 500)`,
    ///   `Optional(…)`), an `NSError` dump, an errno. GRDB's `DatabaseError` puts "SQLite error 19: UNIQUE
    ///   constraint failed: … - while executing \`INSERT …\`" in `NSLocalizedDescriptionKey`.
    ///
    /// An app declares its own decisions, which win over the policy:
    ///
    /// ```swift
    /// var catalog = ErrorCatalog.standard
    /// catalog.setTextTrust(.trusted, forDomain: "com.example.sync")  // our servers' texts are for people
    /// catalog.setTextTrust(.untrusted, for: VendorSDKError.self)  // this SDK's are not
    /// ```
    public enum TextTrust: String, Sendable, Hashable {
        /// Written for a person: may be the message.
        case trusted
        /// Written for developers: detail and report only.
        case untrusted
    }

    /// Declares whether the `LocalizedError` and user-info texts of one concrete error type may be shown
    /// to a person; wins over the default policy and over a domain's declaration.
    ///
    /// - Parameters:
    ///   - trust: Whether a person may see the type's texts.
    ///   - type: The concrete error type.
    public mutating func setTextTrust<E: Error>(_ trust: TextTrust, for type: E.Type) {
        typeTrust[ObjectIdentifier(type)] = trust
    }

    /// Declares whether the user-info texts of the errors of an `NSError` domain (an `NSError`'s or a
    /// `CustomNSError`'s `errorDomain`) may be shown to a person; wins over the default policy.
    ///
    /// - Parameters:
    ///   - trust: Whether a person may see the domain's texts.
    ///   - domain: The error domain, such as `"com.example.sync"`.
    public mutating func setTextTrust(_ trust: TextTrust, forDomain domain: String) {
        domainTrust[domain] = trust
    }

    /// The catalog with the module of a caller's `#fileID` among ``appModules``; a module of Remedy's own
    /// says nothing about the app.
    package func addingAppModule(ofFileID fileID: String) -> ErrorCatalog {
        let module = String(fileID.prefix { $0 != "/" })
        guard !DeveloperText.ownModules.contains(module), !appModules.contains(module) else { return self }
        var catalog = self
        catalog.appModules.insert(module)
        return catalog
    }

    /// Whether a person may see the texts an error carries: the app's declarations, then the policy.
    package func textTrust(of error: any Error) -> TextTrust {
        let info = ErrorTypeInfo.of(error)
        if info.asPresentable != nil { return .trusted }
        if let localized = info.asLocalized?(error) {
            let texts = [localized.errorDescription, localized.failureReason, localized.recoverySuggestion]
            return textTrust(of: error, info: info, texts: texts.compactMap { $0 })
        }
        let userInfo = ErrorTree.userInfo(of: error, info: info) ?? [:]
        // The texts the resolver would show, so that this answer is the resolver's decision.
        let keys = [NSLocalizedDescriptionKey, NSLocalizedFailureReasonErrorKey, NSLocalizedRecoverySuggestionErrorKey]
        return textTrust(of: error, info: info, texts: keys.compactMap { userInfo[$0] as? String })
    }

    /// The policy for the `LocalizedError` or user-info texts of an error that isn't presentable.
    func textTrust(of error: any Error, info: ErrorTypeInfo, texts: [String]) -> TextTrust {
        if !typeTrust.isEmpty, let trust = typeTrust[ObjectIdentifier(type(of: error))] { return trust }
        let domain: String
        if info.isNSError {
            domain = (error as NSError).domain
        } else if let custom = info.asCustomNSError?(error) {
            domain = type(of: custom).errorDomain
        } else {
            domain = ""
        }
        if !domainTrust.isEmpty, let trust = domainTrust[domain] { return trust }
        if DeveloperText.isAppleDomain(domain) { return .trusted }
        // An NSError's class says nothing about who wrote it; its domain and texts do.
        if !info.isNSError, !appModules.isEmpty, !appModules.contains(info.moduleName),
            !DeveloperText.ownModules.contains(info.moduleName), !DeveloperText.appleModules.contains(info.moduleName)
        {
            return .untrusted
        }
        return texts.contains(where: DeveloperText.detects) ? .untrusted : .trusted
    }
}

/// Tells text written for developers from text written for people, for the trust policy.
enum DeveloperText {
    /// Remedy's modules, and Swift's and Foundation's, whose error texts are written for people.
    static let ownModules: Set<String> = [
        "Remedy", "RemedyTerminal", "RemedyTesting", "RemedyUI", "RemedyServer", "RemedyHummingbird", "RemedyVapor",
        "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking",
    ]

    /// Apple's frameworks whose Swift error types carry texts for people (StoreKit's `Product.PurchaseError`,
    /// which has no domain of Apple's): a type of theirs is no dependency of the app's.
    static let appleModules: Set<String> = [
        "StoreKit", "AuthenticationServices", "CloudKit", "CoreData", "SwiftData", "MapKit", "CoreLocation",
        "HealthKit", "HomeKit", "PassKit", "LocalAuthentication", "Photos", "PhotosUI", "MusicKit", "WeatherKit",
        "EventKit", "Contacts", "GameKit", "AVFoundation", "AVKit", "WebKit", "UserNotifications", "AppIntents",
    ]

    static func isAppleDomain(_ domain: String) -> Bool {
        (domain.hasPrefix("NS") && domain.hasSuffix("ErrorDomain")) || domain.hasPrefix("com.apple.")
            || domain.hasPrefix("kCF") || appleDomains.contains(domain)
    }

    private static let appleDomains: Set<String> = [
        "WebKitErrorDomain", "SKErrorDomain", "kCLErrorDomain", "AVFoundationErrorDomain", "CKErrorDomain",
        "HKErrorDomain", "LAErrorDomain", "MKErrorDomain", "PHPhotosErrorDomain", "UNErrorDomain",
        "ASAuthorizationErrorDomain", "StoreKit.StoreKitError", "SFAuthenticationErrorDomain",
    ]

    /// Whether a text reads like developer text. One pass of bytes per pattern, not Foundation's
    /// case-insensitive search: it runs on every text an error gives itself, on every resolution.
    ///
    /// The verdicts of short texts are kept (at most 256, then they start over): an app's errors repeat the same
    /// few texts, and screening one costs about a seventh of a failed request that answers an app's
    /// `LocalizedError` (`server.failure.localizedError`, Benchmarks/README.md).
    static func detects(_ text: String) -> Bool {
        guard text.utf8.count <= 256 else { return screens(text) }
        if let verdict = verdicts.withLock({ $0[text] }) { return verdict }
        let verdict = screens(text)
        verdicts.withLock { verdicts in
            if verdicts.count >= 256 { verdicts.removeAll(keepingCapacity: true) }
            verdicts[text] = verdict
        }
        return verdict
    }

    private static let verdicts = LockedValue<[String: Bool]>([:])

    private static func screens(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.contains(UInt8(ascii: "`")) { return true }
        let folded = String(decoding: bytes.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        for pattern in patterns where ReportText.contains(folded, pattern) { return true }
        return containsCode(bytes)
    }

    /// Markers of code and of SQL, in lowercase: a source file, an `NSError` dump, an errno, a dump of an
    /// optional, SQL statements and SQLite's words.
    private static let patterns = [
        ".swift:", ".swift\"", "/sources/", "/.build/", "error domain=", "code=", "errno", "sqlite_", "0x0000",
        "optional(", "insert into ", "delete from ", "create table ", "select * ", "sqlite error",
        "constraint failed", "syntax error near",
    ]

    /// Whether a word has a shape no word of a sentence has: an error type (`DatabaseError`), an identifier
    /// (`statusCode`, `token_expired`), a quoted operation name (`"list"`), a type path
    /// (`OpenAPIRuntime.HTTPBody`) or a dump's labelled case (`undocumented(statusCode:`). Brand names such as
    /// iPhone, macOS or YouTube have none.
    static func containsCode(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count {
            guard isWordByte(bytes[start]) else {
                start += 1
                continue
            }
            let end = wordEnd(in: bytes, from: start)
            let word = bytes[start..<end]
            let before = start > 0 ? bytes[start - 1] : 0
            let after = end < bytes.count ? bytes[end] : 0
            // What a person named or typed reads as it is: a file (`my_notes.txt`), an option (`--dryRun`).
            let isName = before == hyphen || (after == dot && end + 1 < bytes.count && isLower(bytes[end + 1]))
            if isErrorTypeName(word) || (!isName && isIdentifier(word))
                || (before == quote && after == quote && isLower(word[start]))
            {
                return true
            }
            if after == dot, word.count > 1, isUpper(word[start]), end + 1 < bytes.count, isUpper(bytes[end + 1]) {
                let next = bytes[(end + 1)..<wordEnd(in: bytes, from: end + 1)]
                if next.count > 1, next.contains(where: isLower) { return true }
            }
            if after == openingParenthesis, end + 1 < bytes.count, isWordByte(bytes[end + 1]) {
                let labelEnd = wordEnd(in: bytes, from: end + 1)
                if labelEnd < bytes.count, bytes[labelEnd] == colon { return true }
            }
            start = end
        }
        return false
    }

    private static let quote = UInt8(ascii: "\""), dot = UInt8(ascii: "."), colon = UInt8(ascii: ":")
    private static let hyphen = UInt8(ascii: "-")
    private static let openingParenthesis = UInt8(ascii: "(")

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLower(byte) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "_")
    }

    private static func wordEnd(in bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        return end
    }

    /// A word like `DatabaseError`: no word of a sentence has a capital letter inside it and ends so.
    private static func isErrorTypeName(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count > 5, let first = word.first, isUpper(first) else { return false }
        return word.suffix(5).elementsEqual("Error".utf8)
    }

    /// `statusCode` (two small letters, then a capital before a small one) or `token_expired`.
    private static func isIdentifier(_ word: ArraySlice<UInt8>) -> Bool {
        let letters = Array(word)
        if let underscore = letters.firstIndex(of: UInt8(ascii: "_")), underscore > 0, underscore + 1 < letters.count,
            letters[underscore + 1] != UInt8(ascii: "_")
        {
            return true
        }
        guard letters.count > 3, isLower(letters[0]), isLower(letters[1]) else { return false }
        return (2..<(letters.count - 1)).contains { isUpper(letters[$0]) && isLower(letters[$0 + 1]) }
    }
}
