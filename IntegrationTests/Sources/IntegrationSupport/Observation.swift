import Foundation
import Remedy
import RemedyTerminal
import RemedyTesting

/// What Remedy makes of one real error: what a person sees, alone and inside `attempt`, and the
/// developer's report.
public struct Observation: Sendable {
    /// The error.
    public let error: any Error
    /// `ErrorResolver(catalog: .commandLine).presentation(for:)`, in English: the standard catalog, and
    /// swift-argument-parser's errors read as a tool reads them.
    public let presentation: Presentation
    /// The same resolver's `interpretation(of:)`.
    public let interpretation: ErrorInterpretation
    /// The presentation a person sees when the error ends an `attempt` of a root scope (English, no automatic
    /// retries): the options here are the ones offered, Try Again included or not.
    public let attempted: Presentation?
    /// `ErrorReport(error).text`.
    public let report: String

    /// The language of every text observed.
    public static let english = Localization(locale: Locale(identifier: "en"))

    /// Resolves an error, and hands it to `attempt` once (the presenter cancels).
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - action: The attempt's action name.
    public init(of error: any Error, action: String = "Opening the notes") async {
        let resolver = ErrorResolver(catalog: .commandLine, localization: Self.english)
        self.error = error
        presentation = resolver.presentation(for: error)
        interpretation = resolver.interpretation(of: error)
        report = ErrorReport(error).text
        let harness = HandlingHarness(catalog: .commandLine, localization: Self.english)
        _ = await harness.scope.attempt(action) { () throws(any Error) -> Void in throw error }
        attempted = harness.presentations.first
    }

    /// The option titles a person sees inside `attempt` (the standalone presentation's when `attempt`
    /// presented nothing).
    public var optionTitles: [String] {
        (attempted ?? presentation).options.map { $0.localizedTitle(in: Self.english) }
    }

    /// Whether Try Again is offered inside `attempt`, or among the standalone presentation's options.
    public var offersTryAgain: Bool {
        let tryAgain = RecoveryOption.retry.localizedTitle(in: Self.english)
        let offered = presentation.options + (attempted?.options ?? [])
        return offered.contains { $0.localizedTitle(in: Self.english) == tryAgain }
    }

    /// Every text a person reads: the titles and messages alone and inside `attempt`, and the option titles.
    public var personTexts: [String] {
        var texts = [presentation.title, presentation.message]
        if let attempted { texts += [attempted.title, attempted.message] }
        return texts + optionTitles
    }

    /// Every text a person reads in a language (one of `Localization.supportedLanguages`): the titles,
    /// messages and option titles alone and inside `attempt`, resolved again in that language.
    public func personTexts(in language: String) async -> [String] {
        let localization = Localization(language: language)
        let alone = ErrorResolver(catalog: .commandLine, localization: localization).presentation(for: error)
        let harness = HandlingHarness(catalog: .commandLine, localization: localization)
        let error = self.error
        _ = await harness.scope.attempt("Opening the notes") { () throws(any Error) -> Void in throw error }
        var texts: [String] = []
        for shown in [alone] + harness.presentations {
            texts += [shown.title, shown.message] + shown.options.map { $0.localizedTitle(in: localization) }
        }
        return texts
    }
}
