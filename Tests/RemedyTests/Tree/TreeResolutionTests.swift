import Foundation
import Remedy
import Testing

/// How `ErrorResolver.interpretation(of:)` merges a whole tree.
struct TreeResolutionTests {
    typealias Leaf = TreeFixtures.Leaf

    let resolver = ErrorResolver(catalog: .empty, localization: Localization(locale: Locale(identifier: "en")))

    /// A typed layer that only wraps its cause.
    enum Layer: Error { case wrapping(any Error) }

    struct Localized: LocalizedError {
        var errorDescription: String? { "The disk is full." }
    }

    static let freeUpSpace = RecoveryOption(title: "Free Up Space") { .recovered }

    @Test func theDeepestPresentableTextWins() {
        let error = MessageError(
            "The forecast couldn't be loaded.",
            options: [.retry]
        )
        let tree = MessageError("Outer text", title: "Outer Title", category: .externalSystemUnavailable)
        let interpretation = resolver.interpretation(of: TreeFixtures.Batch(failures: [tree]))
        #expect(interpretation.message == "Outer text")
        let nested = resolver.interpretation(of: Layer.wrapping(WrapperPresentable(inner: error)))
        #expect(nested.message == "The forecast couldn't be loaded.")
    }

    /// A presentable error that wraps another one.
    struct WrapperPresentable: PresentableError, WrappingError {
        var inner: any Error
        var message: String { "Something failed while syncing." }
        var title: String? { "Sync Failed" }
        var underlyingErrors: [any Error] { [inner] }
    }

    @Test func aDeepLocalizedTextWinsOverAnOuterPresentableOne() {
        let error = WrapperPresentable(inner: Layer.wrapping(Localized()))
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.message == "The disk is full.")
        #expect(interpretation.title == nil)  // the winner's title comes with it
    }

    @Test func anOuterOverrideWinsOverTheDeepestText() {
        let error = ContextError(
            "Saving the draft",
            wrapping: Layer.wrapping(Localized()),
            presentation: .init(title: "Draft Not Saved", message: "Your draft is still here.")
        )
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.title == "Draft Not Saved")
        #expect(interpretation.message == "Your draft is still here.")
    }

    @Test func anOverrideFillsOnlyTheFieldsItSets() {
        let error = ContextError("Saving", wrapping: Localized(), presentation: .init(title: "Not Saved"))
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.title == "Not Saved")
        #expect(interpretation.message == "The disk is full.")
    }

    @Test func anOverrideInAnotherBranchDoesNotApply() {
        let error = TreeFixtures.Batch(failures: [
            ContextError("Uploading", wrapping: Leaf.timeout, presentation: .init(message: "Upload override")),
            Layer.wrapping(Localized()),
        ])
        #expect(resolver.interpretation(of: error).message == "The disk is full.")
    }

    @Test func anOverrideAppliesWhenNoNodeHasAText() {
        let error = ContextError("Loading", wrapping: Leaf.timeout, presentation: .init(message: "Try again later."))
        #expect(resolver.interpretation(of: error).message == "Try again later.")
        #expect(resolver.interpretation(of: ContextError("Loading", wrapping: Leaf.timeout)).message == nil)
    }

    @Test func outerOverridesWinOverInnerOnesAlongThePath() {
        let inner = ContextError(
            "Inner",
            wrapping: Localized(),
            presentation: .init(title: "Inner Title", message: "Inner message")
        )
        let error = ContextError("Outer", wrapping: Layer.wrapping(inner), presentation: .init(title: "Outer Title"))
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.title == "Outer Title")
        #expect(interpretation.message == "Inner message")
    }

    @Test func optionsOfAllLayersAreMergedWithoutDuplicates() {
        let inner = MessageError("Inner", options: [.retry, Self.freeUpSpace])
        let outer = MessageError(
            "Outer",
            options: [.retry, RecoveryOption(title: " free up space ") { .recovered }]
        )
        let error = ContextError(
            "Saving",
            wrapping: WrapperPresentableWithOptions(options: outer.recoveryOptions, inner: inner),
            presentation: .init(options: [.cancel])
        )
        let titles = resolver.interpretation(of: error).options.map(\.title)
        #expect(titles == ["Cancel", "Try Again", " free up space "])
    }

    struct WrapperPresentableWithOptions: PresentableError, WrappingError {
        var options: [RecoveryOption]
        var inner: any Error
        var message: String { "Outer" }
        var recoveryOptions: [RecoveryOption] { options }
        var underlyingErrors: [any Error] { [inner] }
    }

    @Test func theHighestSeverityWins() {
        let error = Layer.wrapping(
            TreeFixtures.Batch(failures: [
                MessageError("Minor", severity: .minor),
                MessageError("Critical", severity: .critical),
                MessageError("Major", severity: .major),
            ])
        )
        #expect(resolver.interpretation(of: error).severity == .critical)
    }

    @Test func anOverrideSeverityWinsOverTheHighest() {
        let error = ContextError(
            "Refreshing",
            wrapping: MessageError("Critical", severity: .critical),
            presentation: .init(severity: .minor)
        )
        #expect(resolver.interpretation(of: error).severity == .minor)
    }

    @Test func theFirstOfTwoSiblingsAtTheSameDepthWins() {
        let error = TreeFixtures.Batch(failures: [MessageError("First"), MessageError("Second")])
        #expect(resolver.interpretation(of: error).message == "First")
    }

    @Test func theForecastTreeResolvesToOneCalmMessage() {
        let presentation = resolver.presentation(
            for: ContextError("Loading forecast", wrapping: TreeFixtures.forecastTree()))
        #expect(!presentation.message.isEmpty)
        #expect(!presentation.message.contains("temp"))  // no developer detail for the person
        #expect(presentation.options.map(\.title) == ["OK"])
    }
}

struct AuthoredTextPrecedenceTests {
    enum SaveError: PresentableError {
        case diskFull(CocoaError)
        var message: String { "The photo wasn't saved. Free up space or buy more storage." }
        var title: String? { "Photo Not Saved" }
    }

    enum PlainWrapper: Error { case wrapped(any Error) }

    @Test func appTextOutranksADeeperBuiltInCatalogText() {
        let error = SaveError.diskFull(CocoaError(.fileWriteOutOfSpace))
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.title == "Photo Not Saved")
        #expect(presentation.message == "The photo wasn't saved. Free up space or buy more storage.")
    }

    @Test func builtInCatalogTextWinsWhenTheAppWroteNone() throws {
        let error = PlainWrapper.wrapped(CocoaError(.fileWriteOutOfSpace))
        let entry = try #require(ErrorResolver().interpretation(ofNode: CocoaError(.fileWriteOutOfSpace)))
        let presentation = ErrorResolver().presentation(for: error)
        #expect(presentation.message == entry.message)
        #expect(presentation.title == entry.title)
    }

    @Test func deeperAppTextWinsOverOuterAppText() {
        let inner = MessageError("The draft is too long to upload.", title: "Draft Too Long")
        let error = ContextError("Uploading", wrapping: PlainWrapper.wrapped(inner))
        let outer = SaveErrorWrapping.failed(error)
        let presentation = ErrorResolver().presentation(for: outer)
        #expect(presentation.title == "Draft Too Long")
    }

    enum SaveErrorWrapping: PresentableError {
        case failed(any Error)
        var message: String { "Saving failed." }
    }

    @Test func appCatalogEntriesCountAsTheAppsOwnText() {
        struct SDKError: Error {}
        var catalog = ErrorCatalog.standard
        catalog.register(SDKError.self) { _, _ in
            ErrorInterpretation(title: "Payment Failed", message: "Try another card.")
        }
        let error = PlainWrapper.wrapped(SDKError())
        let outerBuiltIn = ContextError("Paying", wrapping: error)
        let presentation = ErrorResolver(catalog: catalog).presentation(for: outerBuiltIn)
        #expect(presentation.title == "Payment Failed")
    }
}
