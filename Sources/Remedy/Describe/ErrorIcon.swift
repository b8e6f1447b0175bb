/// A symbolic icon for a presentation.
///
/// The ``name`` is an SF Symbols name, which Apple-platform presenters show directly; other presenters
/// map the ready-made icons to their own marks (the terminal presenter uses a severity mark instead).
///
/// ```swift
/// struct QuotaError: PresentableError {
///     var message: String { "You've used all your storage." }
///     var icon: ErrorIcon { .storage }
/// }
/// ```
public struct ErrorIcon: Hashable, Sendable, Codable {
    /// The SF Symbols name of the icon.
    public var name: String

    /// Creates an icon from an SF Symbols name.
    ///
    /// - Parameter name: The symbol's name, for example `"exclamationmark.triangle"`.
    public init(name: String) {
        self.name = name
    }

    /// A warning triangle: the default for most errors.
    public static var warning: ErrorIcon { ErrorIcon(name: "exclamationmark.triangle") }
    /// A stop sign: for fatal errors.
    public static var stop: ErrorIcon { ErrorIcon(name: "xmark.octagon") }
    /// A network symbol: for connection problems.
    public static var network: ErrorIcon { ErrorIcon(name: "wifi.exclamationmark") }
    /// A server symbol: for services that are down or misbehave.
    public static var server: ErrorIcon { ErrorIcon(name: "server.rack") }
    /// A disk symbol: for storage that is full or unavailable.
    public static var storage: ErrorIcon { ErrorIcon(name: "externaldrive.badge.exclamationmark") }
    /// A lock: for sign-in and permission problems.
    public static var lock: ErrorIcon { ErrorIcon(name: "lock") }
    /// A pencil: for input the person can correct.
    public static var input: ErrorIcon { ErrorIcon(name: "pencil.circle") }
    /// An information symbol: for notices that are not really failures.
    public static var info: ErrorIcon { ErrorIcon(name: "info.circle") }
}
