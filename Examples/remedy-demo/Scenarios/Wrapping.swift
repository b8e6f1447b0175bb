import Remedy

/// The app's own error for failed payments: presentable, with the SDK's error kept underneath.
struct PaymentError: PresentableError, WrappingError {
    var cause: PaymentKit.Failure
    var useAnotherCard: RecoveryOption
    var text: DemoText

    var title: String? { text("demo.wrapping.error.title") }
    var message: String { text("demo.wrapping.error.message") }
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
        console.note(text("demo.wrapping.simulated"))
        let sheet = PaymentSheet()
        let console = self.console
        let text = self.text
        let useAnotherCard = RecoveryOption(title: text("demo.wrapping.option.anotherCard"), role: .recommended) {
            await sheet.useAnotherCard()
            console.step(text("demo.wrapping.switches", await sheet.card))
            return .recovered
        }
        let checkout = root.child(
            "Checkout",
            rules: [
                .matching(PaymentKit.Failure.self) { failure, _ in
                    if case .userCancelled = failure { return .silence }
                    return .replace(PaymentError(cause: failure, useAnotherCard: useAnotherCard, text: text))
                }
            ]
        )

        let receipt = await checkout.attempt("Paying for the order", idempotent: false) {
            console.step(text("demo.wrapping.charge", await sheet.card))
            return try await sheet.pay(cents: 1999, cancelsSheet: false)
        }
        if let receipt {
            console.result(text("demo.wrapping.paid", receipt))
        } else {
            console.note(text("demo.wrapping.notPaid"))
        }

        let tip = await checkout.attempt("Paying the tip", idempotent: false) {
            console.step(text("demo.wrapping.tip"))
            return try await sheet.pay(cents: 200, cancelsSheet: true)
        }
        if tip == nil {
            console.result(text("demo.wrapping.silenced"))
        }
    }
}
