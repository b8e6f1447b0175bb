/// An error that knows how to present itself to a person.
///
/// Code that throws knows what went wrong, whether retrying makes sense and how to recover. A
/// `PresentableError` says so; only ``message`` is required, everything else has a sensible default
/// drawn from the error's ``category``.
///
/// ```swift
/// enum SignUpError: PresentableError {
///     case emptyUserName
///
///     var message: String { "Enter a user name to continue." }
///     var category: ErrorCategory { .invalidInput }
/// }
/// ```
///
/// Errors that are not presentable are still shown well: Remedy reads `LocalizedError`,
/// `RecoverableError` and `NSError` texts, translates known foreign errors through the ``ErrorCatalog``,
/// and falls back to a calm, generic message chosen by category.
public protocol PresentableError: Error, Sendable {
    /// A short title, or `nil` for the category's localized title. Default: `nil`.
    var title: String? { get }
    /// What happened and what to do next, in one or two short sentences a person understands.
    var message: String { get }
    /// Extra detail shown in a less prominent place (a disclosure, a second line). Default: `nil`.
    var detail: String? { get }
    /// What kind of failure this is. Default: ``ErrorCategory/unknown``.
    var category: ErrorCategory { get }
    /// How badly the failure disrupts the person. Default: the category's default severity.
    var severity: Severity { get }
    /// The ways out, besides giving up. Default: none (the presentation then offers "OK").
    var recoveryOptions: [RecoveryOption] { get }
    /// What a developer needs to know, for reports and logs. Default: `String(reflecting: self)`.
    var developerDescription: String { get }
    /// The icon presenters show. Default: the category's icon.
    var icon: ErrorIcon { get }
    /// A style that overrides the one chosen by severity, or `nil`. Default: `nil`.
    var preferredStyle: PresentationStyle? { get }
    /// The support reference this occurrence already has (a server's, from its Problem Details), or `nil`
    /// for a new one. Default: `nil`.
    var supportReference: SupportReference? { get }
}

extension PresentableError {
    /// `nil`: the category's localized title is shown.
    public var title: String? { nil }
    /// `nil`: no extra detail.
    public var detail: String? { nil }
    /// ``ErrorCategory/unknown``.
    public var category: ErrorCategory { .unknown }
    /// The category's default severity.
    public var severity: Severity { category.defaultSeverity }
    /// No options: the presentation offers "OK".
    public var recoveryOptions: [RecoveryOption] { [] }
    /// `String(reflecting: self)`.
    public var developerDescription: String { String(reflecting: self) }
    /// The category's default icon.
    public var icon: ErrorIcon { category.defaultIcon }
    /// `nil`: the style follows severity.
    public var preferredStyle: PresentationStyle? { nil }
    /// `nil`: the occurrence gets a new reference.
    public var supportReference: SupportReference? { nil }
}
