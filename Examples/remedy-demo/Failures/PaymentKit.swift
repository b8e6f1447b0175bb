/// A stand-in for a third-party payment SDK, the one part of the demo that is simulated: there's no
/// real payment provider to fail against here. Its error type is foreign to the app, as a real SDK's
/// would be: not presentable, with a cancellation case that must never be shown.
enum PaymentKit {
    /// The SDK's own error type.
    enum Failure: Error, Sendable {
        /// The card issuer declined the payment.
        case declined(reasonCode: Int)
        /// The person closed the SDK's payment sheet.
        case userCancelled
        /// The SDK couldn't reach its servers.
        case transport(underlying: any Error & Sendable)
    }

    /// Charges an amount, answering the way the scripted sheet says.
    ///
    /// - Parameters:
    ///   - cents: The amount.
    ///   - outcome: What the simulated payment sheet does.
    /// - Throws: A ``Failure`` unless the outcome is success.
    static func charge(cents: Int, outcome: Outcome) throws(Failure) -> String {
        switch outcome {
        case .declined: throw .declined(reasonCode: 51)
        case .cancelled: throw .userCancelled
        case .succeeds: return "receipt-\(cents)"
        }
    }

    /// What the simulated payment sheet does.
    enum Outcome: Sendable {
        case declined, cancelled, succeeds
    }
}
