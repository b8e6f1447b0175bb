#if Hummingbird || Vapor || OpenAPI || GRPC
import Remedy

/// The language of each text an answer sends: Remedy's texts are in the language the request chose, the app's
/// own texts in the language the app wrote them in (``ProblemDetailsConfiguration/appTextLanguage``), so an
/// English-only app error asked for in German is answered `Content-Language: en`, and its page marks the German
/// parts (the reference's label, Try Again) with their own `lang`.
struct TextLanguages: Hashable {
    /// The title's.
    var title: String
    /// The message's: the answer's `Content-Language`, and the page's `lang`.
    var message: String
    /// The field errors' messages'.
    var fieldErrors: String
    /// Remedy's own words: the page's labels, and the titles of Try Again, Sign In and the way on.
    var labels: String

    /// Every text in one language.
    init(all language: String) {
        title = language
        message = language
        fieldErrors = language
        labels = language
    }

    /// The languages of a failure's texts as answered.
    ///
    /// - Parameters:
    ///   - failure: The failure, resolved in the answer's language.
    ///   - isServerFailure: Whether its texts were withheld for the catalog's (all in the answer's language).
    ///   - labels: The answer's language.
    ///   - appTextLanguage: The language of the app's own texts; `nil` when they follow the answer's.
    init(_ failure: ResolvedFailure, isServerFailure: Bool, labels: String, appTextLanguage: String?) {
        self.init(all: labels)
        guard !isServerFailure, let app = appTextLanguage, app != labels else { return }
        let interpretation = failure.interpretation
        // The app's message comes with the app's title; without one the category's title is Remedy's.
        if interpretation.hasAppText {
            message = app
            if interpretation.title != nil { title = app }
        }
        if !failure.fieldErrors.isEmpty { fieldErrors = app }
    }
}
#endif
