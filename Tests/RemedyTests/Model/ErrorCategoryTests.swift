import Foundation
import Remedy
import Testing

struct ErrorCategoryTests {
    private let english = Localization(locale: Locale(identifier: "en"))

    @Test(arguments: ErrorCategory.builtIn)
    func everyBuiltInCategoryHasItsOwnTitleAndMessage(category: ErrorCategory) {
        let title = category.title(in: english)
        let message = category.message(in: english)
        #expect(!title.isEmpty && !message.isEmpty)
        #expect(!title.hasPrefix("category."))
        #expect(!message.hasPrefix("category."))
        if category != .unknown {
            #expect(message != ErrorCategory.unknown.message(in: english))
        }
    }

    @Test func theBuiltInCategoriesAreTheDocumentedOnes() {
        #expect(
            ErrorCategory.builtIn.map(\.identifier) == [
                "invalidInput", "internalInconsistency", "externalSystemUnavailable", "externalSystemUnexpected",
                "cancellation", "authenticationRequired", "permissionDenied", "resourceExhausted", "unknown",
            ]
        )
        #expect(Set(ErrorCategory.builtIn).count == ErrorCategory.builtIn.count)
    }

    @Test func anAppCategoryWithoutTextsFallsBackToTheUnknownTexts() {
        let category = ErrorCategory("paymentDeclined", defaultSeverity: .critical, icon: .lock)
        #expect(category.title(in: english) == ErrorCategory.unknown.title(in: english))
        #expect(category.message(in: english) == ErrorCategory.unknown.message(in: english))
        #expect(category.defaultSeverity == .critical)
        #expect(category.defaultIcon == .lock)
    }

    @Test func anAppCategoryGetsItsTextsFromOverrides() {
        let category = ErrorCategory("paymentDeclined")
        let localization = Localization(
            locale: Locale(identifier: "en"),
            overrides: [
                "category.paymentDeclined.title": "Payment Declined",
                "category.paymentDeclined.message": "The card was declined. Try another card.",
            ]
        )
        #expect(category.title(in: localization) == "Payment Declined")
        #expect(category.message(in: localization) == "The card was declined. Try another card.")
    }

    @Test func categoriesAreEqualByIdentifier() {
        let rebuilt = ErrorCategory("invalidInput", defaultSeverity: .fatal, icon: .stop)
        #expect(rebuilt == .invalidInput)
        #expect(rebuilt.hashValue == ErrorCategory.invalidInput.hashValue)
        #expect(ErrorCategory.invalidInput != .unknown)
        #expect(ErrorCategory.invalidInput.description == "invalidInput")
    }

    @Test func categoriesRoundTripThroughCodable() throws {
        let data = try JSONEncoder().encode(ErrorCategory.resourceExhausted)
        let decoded = try JSONDecoder().decode(ErrorCategory.self, from: data)
        #expect(decoded == .resourceExhausted)
        #expect(decoded.defaultSeverity == .major)
        #expect(decoded.defaultIcon == .storage)
    }

    @Test func cancellationIsMinorAndSignInIsCritical() {
        #expect(ErrorCategory.cancellation.defaultSeverity == .minor)
        #expect(ErrorCategory.authenticationRequired.defaultSeverity == .critical)
        #expect(ErrorCategory.unknown.defaultSeverity == .major)
    }
}
