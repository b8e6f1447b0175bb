import Remedy

/// The app's own error for failed payments: presentable, with the SDK's error kept underneath.
struct PaymentError: PresentableError, WrappingError {
    var cause: PaymentKit.Failure
    var useAnotherCard: RecoveryOption

    var title: String? { "Payment Declined" }
    var message: String { "The card was declined. Use another card, or try again later." }
    var category: ErrorCategory { .externalSystemUnexpected }
    var recoveryOptions: [RecoveryOption] { [useAnotherCard] }
    var underlyingErrors: [any Error] { [cause] }
}

/// The card the simulated payment sheet uses.
actor PaymentSheet {
    private(set) var card = "Visa •••• 0002"
    private(set) var charges = 0

    func useAnotherCard() {
        card = "Visa •••• 4242"
    }

    /// Charges through the SDK: the first card is declined, the other one works.
    func pay(cents: Int, cancelsSheet: Bool) throws -> String {
        charges += 1
        let outcome: PaymentKit.Outcome = cancelsSheet ? .cancelled : card.hasSuffix("0002") ? .declined : .succeeds
        return try PaymentKit.charge(cents: cents, outcome: outcome)
    }
}

extension DemoSession {
    /// A third-party SDK's errors become the app's own; its cancellation case is never shown.
    func wrapping() async {
        console.note("PaymentKit stands in for a third-party SDK: it is the one simulated part of the demo.")
        let sheet = PaymentSheet()
        let console = self.console
        let useAnotherCard = RecoveryOption(title: "Use Another Card", role: .recommended) {
            await sheet.useAnotherCard()
            console.step("The payment sheet switches to \(await sheet.card)")
            return .recovered
        }
        let checkout = root.child(
            "Checkout",
            rules: [
                .matching(PaymentKit.Failure.self) { failure, _ in
                    if case .userCancelled = failure { return .silence }
                    return .replace(PaymentError(cause: failure, useAnotherCard: useAnotherCard))
                }
            ]
        )

        let receipt = await checkout.attempt("Paying for the order", idempotent: false) {
            console.step("PaymentKit.charge(19.99) with \(await sheet.card)")
            return try await sheet.pay(cents: 1999, cancelsSheet: false)
        }
        if let receipt { console.result("Paid: \(receipt)") } else { console.note("Not paid.") }

        let tip = await checkout.attempt("Paying the tip", idempotent: false) {
            console.step("PaymentKit.charge(2.00): the person closes the payment sheet")
            return try await sheet.pay(cents: 200, cancelsSheet: true)
        }
        if tip == nil {
            console.result("Nothing shown: the SDK's cancellation is silenced, and only logged")
        }
    }
}
