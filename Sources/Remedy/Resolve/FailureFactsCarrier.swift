/// A presentable error that carries facts ``PresentableError`` has no place for: how long to wait, whether a
/// retry can help, what is wrong with each field, the HTTP statuses it answered with.
protocol FailureFactsCarrier: PresentableError {
    /// How long to wait before retrying, or `nil`.
    var retryAfter: Duration? { get }
    /// Whether the failure may go away by itself.
    var isTransient: Bool { get }
    /// What is wrong with each field of the input.
    var fieldErrors: [FieldError] { get }
    /// The HTTP statuses the error stands for.
    var httpStatuses: [Int] { get }
}

extension FailureFactsCarrier {
    var retryAfter: Duration? { nil }
    var isTransient: Bool { false }
    var httpStatuses: [Int] { [] }
}

extension ProblemDetailsError: FailureFactsCarrier {}

extension InvalidInputError: FailureFactsCarrier {}
