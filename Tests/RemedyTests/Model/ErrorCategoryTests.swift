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

    /// The fields a category had as stored properties, encoded as Swift synthesizes it.
    private struct StoredFields: Encodable {
        let identifier: String
        let defaultSeverity: Severity
        let defaultIcon: ErrorIcon
    }

    @Test(
        arguments: ErrorCategory.builtIn + [ErrorCategory("paymentDeclined", defaultSeverity: .critical, icon: .lock)])
    func encodingIsTheStoredFieldsEncoding(category: ErrorCategory) throws {
        let expected = StoredFields(
            identifier: category.identifier, defaultSeverity: category.defaultSeverity,
            defaultIcon: category.defaultIcon)
        // Sorted keys: the order of a keyed container's keys is the encoder's choice.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(category), as: UTF8.self)
        #expect(encoded == String(decoding: try encoder.encode(expected), as: UTF8.self))
    }

    @Test func copiesAndRebuiltCategoriesKeepTheirValues() {
        let copy = ErrorCategory.externalSystemUnavailable
        #expect(copy == .externalSystemUnavailable)
        #expect(copy.identifier == "externalSystemUnavailable")
        #expect(copy.defaultSeverity == .major)
        #expect(copy.defaultIcon == .network)
        let own = ErrorCategory("paymentDeclined", defaultSeverity: .critical, icon: .lock)
        #expect(own != ErrorCategory("paymentFailed", defaultSeverity: .critical, icon: .lock))
        #expect(own == ErrorCategory("paymentDeclined"))
        let localization = Localization(
            language: "en",
            overrides: [
                "category.paymentDeclined.title": "Payment Declined",
                "category.paymentDeclined.message": "Try another card.",
            ]
        )
        #expect(own.title(in: localization) == "Payment Declined")
        #expect(own.message(in: localization) == "Try another card.")
        #expect(Set([own, ErrorCategory("paymentDeclined"), .unknown, ErrorCategory("unknown")]).count == 2)
    }

    @Test func cancellationIsMinorAndSignInIsCritical() {
        #expect(ErrorCategory.cancellation.defaultSeverity == .minor)
        #expect(ErrorCategory.authenticationRequired.defaultSeverity == .critical)
        #expect(ErrorCategory.unknown.defaultSeverity == .major)
    }
}
