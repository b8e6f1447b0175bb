import Foundation
import Testing

@testable import Remedy

/// A presentation's visible content lives in one box shared by its copies and by the presentations made
/// from one template (copy-on-write): changing one copy never changes another, a template or a later
/// presentation made from it, and the derived grouping key stays the error's own through every change.
@Suite(.timeLimit(.minutes(10)))
struct PresentationContentTests {
    private enum Download: Error {
        case timeout
        case failed(URLError)
    }

    private let english = Localization(language: "en")

    private func presentation(of error: any Error = Download.timeout) -> Presentation {
        Presentation(
            title: "Title",
            message: "Message.",
            detail: "Detail.",
            helpAnchor: "anchor",
            options: [.retry],
            category: .externalSystemUnavailable,
            error: error,
            localization: english
        )
    }

    /// Everything a person sees, to compare presentations.
    private static func seen(_ presentation: Presentation) -> [String] {
        [
            presentation.title, presentation.message, presentation.detail ?? "-", presentation.helpAnchor ?? "-",
            presentation.options.map(\.title).joined(separator: ","), presentation.category.identifier,
            "\(presentation.severity)", "\(presentation.style)", presentation.icon.name,
        ]
    }

    @Test("changing every field of a copy leaves the original and other copies as they were")
    func contentIsCopiedOnWrite() {
        let original = presentation()
        let before = Self.seen(original)
        var changed = original
        let other = original
        changed.title = "Other title"
        changed.message = "Other message."
        changed.detail = nil
        changed.helpAnchor = "other"
        changed.category = .invalidInput
        changed.severity = .critical
        changed.style = .route
        changed.icon = ErrorIcon(name: "other")
        #expect(Self.seen(original) == before)
        #expect(Self.seen(other) == before)
        #expect(
            Self.seen(changed) == [
                "Other title", "Other message.", "-", "other", Self.seen(original)[4], "invalidInput", "critical",
                "route", "other",
            ])
        // A value changed alone (its box is its own now) changes in place.
        changed.title = "Third title"
        #expect(changed.title == "Third title")
        #expect(original.title == "Title")
    }

    @Test("setting a style to the one a presentation has changes nothing")
    func sameStyle() {
        var presentation = presentation()
        let copy = presentation
        presentation.style = copy.style
        #expect(Self.seen(presentation) == Self.seen(copy))
        presentation.style = .banner
        #expect(presentation.style == .banner)
        #expect(copy.style != .banner)
    }

    @Test("a presentation made from a template and changed doesn't change the template or later ones")
    func templatesStayAsTheyWere() {
        let resolver = ErrorResolver(localization: english)
        let expected = Self.seen(
            ErrorResolver(catalog: .standard, localization: english).presentation(for: URLError(.timedOut)))
        _ = resolver.presentation(for: URLError(.timedOut))
        var fromTemplate = resolver.presentation(for: URLError(.timedOut))
        #expect(Self.seen(fromTemplate) == expected)
        fromTemplate.title = "Changed"
        fromTemplate.message = "Changed."
        fromTemplate.style = fromTemplate.style == .banner ? .alert : .banner
        #expect(Self.seen(resolver.presentation(for: URLError(.timedOut))) == expected)
        #expect(fromTemplate.title == "Changed")
    }

    @Test("the derived grouping key is the error's own through changes, shared or not")
    func derivedKeyThroughChanges() {
        let error = Download.failed(URLError(.timedOut))
        let key = ErrorReport.groupingKey(of: error)
        // Changed alone, before and after the key was read.
        var alone = presentation(of: error)
        alone.title = "Changed"
        #expect(alone.groupingKey == key)
        alone.message = "Changed."
        #expect(alone.groupingKey == key)
        // Changed while shared, before the key was read by anyone.
        let original = presentation(of: error)
        var changed = original
        changed.title = "Changed"
        changed.error = URLError(.badURL)
        #expect(changed.groupingKey == key)
        #expect(original.groupingKey == key)
        changed.message = "Changed again."
        #expect(changed.groupingKey == key)
        // A key set replaces it on that copy alone, whatever changes follow.
        var given = original
        given.groupingKey = "given"
        given.detail = "Changed."
        #expect(given.groupingKey == "given")
        #expect(original.groupingKey == key)
        // Presentations from a template, changed.
        let resolver = ErrorResolver(localization: english)
        _ = resolver.presentation(for: URLError(.timedOut))
        var fromTemplate = resolver.presentation(for: URLError(.timedOut))
        fromTemplate.title = "Changed"
        #expect(fromTemplate.groupingKey == ErrorReport.groupingKey(of: URLError(.timedOut)))
    }

    @Test("copies changed from many tasks at once each keep their own content")
    func copiesChangedFromManyThreadsStayApart() async {
        let shared = presentation()
        let before = Self.seen(shared)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        var copy = shared
                        copy.title = "Title \(task).\(round)"
                        copy.message = "Message \(task)."
                        if copy.title != "Title \(task).\(round)" || copy.message != "Message \(task)." {
                            mismatches += 1
                        }
                        if Self.seen(shared) != before { mismatches += 1 }
                        if copy.groupingKey != ErrorReport.groupingKey(of: Download.timeout) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(Self.seen(shared) == before)
    }
}
