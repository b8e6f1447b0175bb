import Foundation
import Remedy
import Testing

@testable import CheckedRemedyUI

/// The texts every adapter shows besides the presentation's own: in the presentation's language.
struct PresentationLayoutTests {
    func presentation(in language: String, occurrences: Int = 1) -> Presentation {
        var presentation = Presentation(
            title: "Sync Delayed", message: "Your notes will sync later.", error: CancellationError(),
            localization: Localization(locale: Locale(identifier: language)))
        presentation.occurrences = occurrences
        return presentation
    }

    @Test(arguments: [
        ("en", "This happened 3 times."),
        ("de", "Das ist 3-mal passiert."),
        ("ja", "これは 3 回発生しました。"),
    ])
    func theOccurrenceCountIsASentenceInThePresentationsLanguage(language: String, sentence: String) {
        let body = PresentationLayout.body(of: presentation(in: language, occurrences: 3))
        #expect(body.components(separatedBy: "\n\n").contains(sentence))
        #expect(!body.contains("×"))
    }

    @Test func aSingleOccurrenceIsNotCounted() {
        let body = PresentationLayout.body(of: presentation(in: "en"))
        #expect(!body.contains("times"))
    }

    @Test(arguments: [
        ("en", "Sync Delayed. Your notes will sync later."),
        ("zh-Hans", "Sync Delayed。Your notes will sync later."),
    ])
    func theBannerAnnouncementJoinsTitleAndMessageAsTheLanguageDoes(language: String, announcement: String) {
        #expect(PresentationLayout.announcement(of: presentation(in: language)) == announcement)
    }
}
