import Foundation

/// What reports say about one error (not its tree): its message, kind, codes and debug texts.
package enum NodeFacts {
    // MARK: - Message

    /// The error's own message for developers, or `nil` when it has none (an enum case that only wraps
    /// its cause). ``ContextError`` has none: its layers speak for it.
    static func message(of error: any Error, info: ErrorTypeInfo) -> String? {
        switch info.source {
        case .context:
            return nil
        case .decoding:
            return ErrorTree.value(error, as: DecodingError.self).map(describe)
        case .encoding:
            return ErrorTree.value(error, as: EncodingError.self).map(describe)
        default:
            break
        }
        if let text = info.asLocalized?(error)?.errorDescription.userFacing {
            return text
        }
        if let text = (info.asPresentable?(error)?.message).nonBlank {
            return text
        }
        switch info.source {
        case .nsError, .customNSError(isFoundation: true):
            // No boxing: these are `NSError`s already, or hold one.
            let nsError = ErrorTree.nsError(error) ?? (error as NSError)
            let userInfo = nsError.userInfo
            if let description = (userInfo[NSLocalizedDescriptionKey] as? String).userFacing {
                return description
            }
            // Foundation makes up descriptions for its own domains and for domains with a provider;
            // for any other error `localizedDescription` is only a costly generic sentence.
            if nsError.domain == NSCocoaErrorDomain || NSError.userInfoValueProvider(forDomain: nsError.domain) != nil,
                let description = (nsError.localizedDescription as String?).userFacing
            {
                return description
            }
            return (userInfo[NSLocalizedFailureReasonErrorKey] as? String).userFacing
        case .customNSError(isFoundation: false):
            let userInfo = info.asCustomNSError?(error)?.errorUserInfo
            return (userInfo?[NSLocalizedDescriptionKey] as? String).userFacing
                ?? (userInfo?[NSLocalizedFailureReasonErrorKey] as? String).userFacing
        default:
            break
        }
        if info.hasVagueDescription {
            // A description that says nothing on purpose: the family's more specific words, or none.
            return info.ecosystemFamily?.specificMessage(of: error)
        }
        if info.isTextual, let text = (String(describing: error) as String?).nonBlank {
            // `String(describing:)` uses the type's own description (checked by `isTextual`).
            return text
        }
        return nil
    }

    /// A decoding error in a few words: `key 'temp' not found`.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _):
            return keyNotFoundMessage(key)
        case .valueNotFound(let type, let context):
            return "value of type \(type) not found at \(ErrorTree.codingPath(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "type mismatch: expected \(type) at \(ErrorTree.codingPath(context.codingPath))"
        case .dataCorrupted(let context):
            return "data corrupted at \(ErrorTree.codingPath(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `key 'temp' not found`.
    static func keyNotFoundMessage(_ key: any CodingKey) -> String {
        "key '\(key.stringValue)' not found"
    }

    /// An encoding error in a few words: `invalid value at days[0].temp`.
    static func describe(_ error: EncodingError) -> String {
        switch error {
        case .invalidValue(_, let context):
            return "invalid value at \(ErrorTree.codingPath(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }

    // MARK: - Kind

    /// The type and, for an enum, the case: `DecodingError.keyNotFound`, `ServiceError.timeout`,
    /// `HTTPStatusError`.
    static func kind(of error: any Error, info: ErrorTypeInfo, caseLabel: String?) -> String {
        switch info.source {
        case .decoding:
            if let error = ErrorTree.value(error, as: DecodingError.self) {
                return info.kind(case: caseName(of: error))
            }
        case .encoding:
            return info.name + ".invalidValue"
        default:
            break
        }
        guard info.style == .enumeration else { return info.name }
        if let caseLabel { return info.kind(case: caseLabel) }
        if info.isTextual { return info.name }  // its description isn't the case name
        return info.kind(case: caseName(of: error, info: info, caseLabel: caseLabel))
    }

    /// The case of an enum value whose walk found no case label: its mirror's first child, or its description for a
    /// case without payload; never the payload's description, which renders the whole tree below it.
    static func caseName(of error: any Error, info: ErrorTypeInfo, caseLabel: String?) -> String {
        let holdsNoReferences = holdsNoReferences(info: info, caseLabel: caseLabel)
        if !holdsNoReferences, !info.isCustomReflectable, let label = Mirror(reflecting: error).children.first?.label {
            return label
        }
        return caseName(fromDescription: String(describing: error))
    }

    /// Whether an error's value holds nothing: an enum case that reflection found without associated
    /// values (with the default mirror, which shows them all).
    static func holdsNoReferences(info: ErrorTypeInfo, caseLabel: String?) -> Bool {
        (info.source == .reflection || info.source == .leaf) && info.style == .enumeration && caseLabel == nil
            && !info.isCustomReflectable
    }

    /// The case name from a default enum description: `timeout`, `invalid` for `invalid(42)`.
    ///
    /// The bytes before the first parenthesis: a case name is an identifier, so whatever follows the
    /// parenthesis belongs to the values.
    package static func caseName(fromDescription description: String) -> String {
        guard let parenthesis = description.utf8.firstIndex(of: UInt8(ascii: "(")) else { return description }
        return String(description[..<parenthesis])
    }

    static func caseName(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound: "keyNotFound"
        case .valueNotFound: "valueNotFound"
        case .typeMismatch: "typeMismatch"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    /// What a report shows for an error without a message: its kind with the values that aren't errors, as
    /// `DataError.invalidStatus(503)`. `kind`: the error's kind when the caller has it already.
    static func fallback(
        of error: any Error,
        info: ErrorTypeInfo,
        caseLabel: String?,
        fields: [ErrorTree.Field],
        messageLimit: Int,
        kind knownKind: String? = nil
    ) -> String {
        if let (domain, code) = domainAndCode(of: error, info: info), info.style != .enumeration {
            return info.source == .nsError ? "\(domain) \(code)" : "\(info.name) \(code)"
        }
        let kind = knownKind ?? kind(of: error, info: info, caseLabel: caseLabel)
        guard !fields.isEmpty else { return kind }
        var text = kind + "("
        for (position, field) in fields.enumerated() {
            if position > 0 { text += ", " }
            if let label = field.label { text += label + ": " }
            text += describe(field: field.value, limit: messageLimit)
        }
        return text + ")"
    }

    /// The fallback of a visited node, its fields read here (walks don't collect them); not of a repeated instance.
    static func fallback(of visit: ErrorTree.Visit, caseLabel: String?, messageLimit: Int, kind: String) -> String {
        let error = visit.node.error
        let isRepeat = visit.node.isCycle || visit.node.isRepeated
        let fields =
            isRepeat ? [] : ErrorTree.inspect(error, info: visit.info, limit: 0, collectsFields: true).fields
        return fallback(
            of: error, info: visit.info, caseLabel: caseLabel, fields: fields, messageLimit: messageLimit, kind: kind)
    }

    /// ``fallback(of:info:caseLabel:fields:messageLimit:)`` with what an inspection found.
    static func fallback(
        of error: any Error,
        info: ErrorTypeInfo,
        inspection: ErrorTree.Inspection,
        messageLimit: Int
    ) -> String {
        fallback(
            of: error,
            info: info,
            caseLabel: inspection.caseLabel,
            fields: inspection.fields,
            messageLimit: messageLimit
        )
    }

    /// A bounded description of a value found next to errors: strings, numbers, URLs and the app's
    /// `CustomStringConvertible` types as such, collections by their first elements (at most three, each
    /// bounded) and their size, other values by their type.
    static func describe(field value: Any, limit: Int) -> String {
        switch value {
        case let text as String:
            return "\"" + ReportText.truncated(text, limit: limit) + "\""
        case let text as Substring:
            return "\"" + ReportText.truncated(String(text), limit: limit) + "\""
        case let url as URL:
            return ReportText.truncated(url.absoluteString, limit: limit)
        case let data as Data:
            return "\(data.count) bytes"
        case let optional as any OptionalValue:
            return optional.wrappedValue.map { describe(field: $0, limit: limit) } ?? "nil"
        case let collection as any Collection:
            return describe(collection: collection, limit: limit)
        case let value as any CustomStringConvertible:
            return ReportText.truncated(value.description, limit: limit)
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .enum, mirror.children.isEmpty {
                return String(describing: value)
            }
            return String(describing: type(of: value)) + "(…)"
        }
    }

    /// `[a, b]` for a collection of up to three elements, `[a, b, c, … (1000 elements)]` for more: a TLS
    /// library's error stack or a list of failed attempts says what went wrong in its first elements.
    private static func describe(collection: some Collection, limit: Int) -> String {
        let count = collection.count
        let shown = collection.prefix(3).map { describe(field: $0, limit: limit) }.joined(separator: ", ")
        return count > 3 ? "[\(shown), … (\(count) elements)]" : "[\(shown)]"
    }

    // MARK: - Codes and debug texts

    /// The domain and code of an `NSError` or a `CustomNSError`, read without boxing a Swift error.
    static func domainAndCode(of error: any Error, info: ErrorTypeInfo) -> (String, Int)? {
        switch info.source {
        case .nsError:
            guard let nsError = ErrorTree.nsError(error) else { return nil }
            return (nsError.domain, nsError.code)
        case .customNSError:
            guard let custom = info.asCustomNSError?(error) else { return nil }
            return (type(of: custom).errorDomain, custom.errorCode)
        default:
            return nil
        }
    }

    /// A code the error carries in its structure, named: `ENOSPC (28)` for an errno (in the POSIX domain, or
    /// kept in a field), `HTTP 503` for a status, `gRPC unavailable (14)` for an RPC status code.
    static func namedCode(of error: any Error, info: ErrorTypeInfo) -> String? {
        if let (domain, code) = domainAndCode(of: error, info: info) {
            guard domain == NSPOSIXErrorDomain, let code = Int32(exactly: code).flatMap(POSIXErrorCode.init) else {
                return nil
            }
            return SharedVocabularies.errnoName(code)
        }
        return info.ecosystemFamily?.code(of: error, info: info)
    }

    /// The failure reason and recovery suggestion, when the error has them.
    static func reasonAndSuggestion(of error: any Error, info: ErrorTypeInfo) -> (String?, String?) {
        if let localized = info.asLocalized?(error) {
            return (localized.failureReason.nonBlank, localized.recoverySuggestion.nonBlank)
        }
        if let userInfo = userInfo(of: error, info: info) {
            return (
                (userInfo[NSLocalizedFailureReasonErrorKey] as? String).nonBlank,
                (userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String).nonBlank
            )
        }
        return (nil, nil)
    }

    /// The developer's debug text of an error, when it has one beyond its message.
    static func debugText(of error: any Error, info: ErrorTypeInfo, isLeaf: Bool) -> String? {
        switch info.source {
        case .decoding:
            return (ErrorTree.value(error, as: DecodingError.self)?.context?.debugDescription).nonBlank
        case .encoding:
            return (ErrorTree.value(error, as: EncodingError.self)?.context?.debugDescription).nonBlank
        case .nsError, .customNSError:
            return (userInfo(of: error, info: info)?[NSDebugDescriptionErrorKey] as? String).nonBlank
        case .context:
            return nil
        default:
            break
        }
        // A presentable error's default developer description reflects the whole payload, causes
        // included: only a leaf's is worth its cost.
        if isLeaf, let presentable = info.asPresentable?(error) {
            return (presentable.developerDescription as String?).nonBlank
        }
        if info.isDebugTextual {
            return (String(reflecting: error) as String?).nonBlank
        }
        return nil
    }

    /// The category and severity of a presentable error: `category: invalidInput, severity: minor`.
    static func presentation(of error: any Error, info: ErrorTypeInfo) -> String? {
        guard let presentable = info.asPresentable?(error) else { return nil }
        return "category: \(ReportText.escaped(presentable.category.identifier)), severity: \(presentable.severity)"
    }

    /// User-info entries a report shows besides the ones it reads itself, sorted by key:
    /// `NSFilePath=/tmp/a, NSURL=https://example.com`.
    static func otherUserInfo(of error: any Error, info: ErrorTypeInfo, limit: Int) -> String? {
        guard let userInfo = userInfo(of: error, info: info), !userInfo.isEmpty else { return nil }
        let entries = otherUserInfoEntries(userInfo, limit: limit)
        guard !entries.isEmpty else { return nil }
        var text = entries.keys.sorted().map { "\($0)=\(entries[$0] ?? "")" }.joined(separator: ", ")
        let total = userInfo.keys.count { !knownUserInfoKeys.contains($0) }
        if total > entries.count { text += ", … \(total - entries.count) more" }
        return text
    }

    /// The first user-info entries (by key) that reports don't read themselves, described.
    static func otherUserInfoEntries(_ userInfo: [String: Any], limit: Int) -> [String: String] {
        var entries: [String: String] = [:]
        for key in userInfo.keys.sorted() where !knownUserInfoKeys.contains(key) {
            guard entries.count < ErrorTree.maximumFields else { break }
            entries[key] = describe(field: userInfo[key] as Any, limit: limit)
        }
        return entries
    }

    static func userInfo(of error: any Error, info: ErrorTypeInfo) -> [String: Any]? {
        switch info.source {
        case .nsError, .customNSError: ErrorTree.userInfo(of: error, info: info)
        default: nil
        }
    }

    /// Keys whose values reports show elsewhere, or that hold objects without developer meaning.
    private static let knownUserInfoKeys: Set<String> = [
        NSUnderlyingErrorKey, multipleUnderlyingErrorsKey, NSLocalizedDescriptionKey,
        NSLocalizedFailureReasonErrorKey, NSLocalizedRecoverySuggestionErrorKey,
        NSLocalizedRecoveryOptionsErrorKey, NSRecoveryAttempterErrorKey, NSDebugDescriptionErrorKey,
        ErrorBridging.titleKey, ErrorBridging.categoryKey, ErrorBridging.severityKey,
    ]
}
