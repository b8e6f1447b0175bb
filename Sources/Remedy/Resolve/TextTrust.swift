import Foundation

extension ErrorCatalog {
    /// Whether the texts a foreign error carries were written for a person, so that a person may see them.
    ///
    /// Untrusted texts never become a presentation's message: they go to its detail and to the report,
    /// and the message comes from the catalog or the category. <doc:Catalog> explains the default policy:
    ///
    /// - ``PresentableError`` texts are always trusted, and `LocalizedError` texts by default: both
    ///   protocols promise text for people.
    /// - Apple's framework domains (`NSCocoaErrorDomain`, `NSURLErrorDomain`, `com.apple.…`, `NS…ErrorDomain`,
    ///   `kCF…`) are trusted.
    /// - The user info of any other `NSError` or `CustomNSError` is trusted unless one of its texts reads like
    ///   developer text: SQL, code in backticks, a source file, a type name such as `DatabaseError`, an
    ///   `NSError` dump, an errno. Libraries do fill `NSLocalizedDescriptionKey` with their developer
    ///   description — GRDB's `DatabaseError` puts "SQLite error 19: UNIQUE constraint failed: … - while
    ///   executing \`INSERT …\`" there — while apps put sentences for people in their own.
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

    /// Whether a person may see the texts an error carries: the app's declarations, then the policy.
    package func textTrust(of error: any Error) -> TextTrust {
        let info = ErrorTypeInfo.of(error)
        if info.asPresentable != nil { return .trusted }
        if info.asLocalized != nil { return localizedTextTrust(of: error) }
        let userInfo = ErrorTree.userInfo(of: error, info: info) ?? [:]
        // The texts the resolver would show, so that this answer is the resolver's decision.
        let keys = [NSLocalizedDescriptionKey, NSLocalizedFailureReasonErrorKey, NSLocalizedRecoverySuggestionErrorKey]
        return userInfoTextTrust(of: error, info: info, texts: keys.compactMap { userInfo[$0] as? String })
    }

    func localizedTextTrust(of error: any Error) -> TextTrust {
        typeTrust[ObjectIdentifier(type(of: error))] ?? .trusted
    }

    func userInfoTextTrust(of error: any Error, info: ErrorTypeInfo, texts: [String]) -> TextTrust {
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
        return texts.contains(where: DeveloperText.detects) ? .untrusted : .trusted
    }
}

/// Tells text written for developers from text written for people, for the trust policy.
enum DeveloperText {
    static func isAppleDomain(_ domain: String) -> Bool {
        (domain.hasPrefix("NS") && domain.hasSuffix("ErrorDomain")) || domain.hasPrefix("com.apple.")
            || domain.hasPrefix("kCF") || appleDomains.contains(domain)
    }

    private static let appleDomains: Set<String> = [
        "WebKitErrorDomain", "SKErrorDomain", "kCLErrorDomain", "AVFoundationErrorDomain", "CKErrorDomain",
        "HKErrorDomain", "LAErrorDomain", "MKErrorDomain", "PHPhotosErrorDomain", "UNErrorDomain",
        "ASAuthorizationErrorDomain", "StoreKit.StoreKitError", "SFAuthenticationErrorDomain",
    ]

    static func detects(_ text: String) -> Bool {
        if text.contains("`") { return true }
        for marker in markers where text.contains(marker) { return true }
        for keyword in sqlKeywords where text.range(of: keyword, options: .caseInsensitive) != nil { return true }
        return containsErrorTypeName(text)
    }

    private static let markers = [
        ".swift:", ".swift\"", "/Sources/", "/.build/", "Error Domain=", "Code=", "errno", "SQLITE_",
        "0x0000",
    ]

    private static let sqlKeywords = [
        "INSERT INTO ", "DELETE FROM ", "CREATE TABLE ", "SELECT * ", "SQLite error", "constraint failed",
        "syntax error near",
    ]

    /// A word like `DatabaseError`: no word of a sentence has a capital letter inside it.
    static func containsErrorTypeName(_ text: String) -> Bool {
        var word: [UInt8] = []
        func check() -> Bool {
            defer { word.removeAll(keepingCapacity: true) }
            guard word.count > 5, let first = word.first, first >= 65, first <= 90 else { return false }
            return word.suffix(5).elementsEqual("Error".utf8)
        }
        for byte in text.utf8 {
            let isIdentifier = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
            if isIdentifier {
                word.append(byte)
            } else if check() {
                return true
            }
        }
        return check()
    }
}
