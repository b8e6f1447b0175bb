/// How badly an error disrupts the person using the program.
///
/// Severity orders errors (`minor < major < critical < fatal`) and, unless an error prefers another
/// ``PresentationStyle``, decides how it is shown:
///
/// | severity | default style |
/// | --- | --- |
/// | ``minor`` | ``PresentationStyle/banner``, dismissed by itself |
/// | ``major`` | ``PresentationStyle/alert`` |
/// | ``critical`` | ``PresentationStyle/route``, a screen of its own |
/// | ``fatal`` | ``PresentationStyle/alert``, then cleanup, then termination |
public enum Severity: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// The program carries on; a short notice is enough.
    case minor = 0
    /// The action the person started failed and needs their attention.
    case major = 1
    /// A whole area of the program cannot work until the person acts (for example, signs in again).
    case critical = 2
    /// The program cannot continue safely and will end after cleanup.
    case fatal = 3

    /// The style used when the error does not ask for another.
    package var defaultStyle: PresentationStyle {
        switch self {
        case .minor: .banner
        case .major: .alert
        case .critical: .route
        case .fatal: .alert
        }
    }

    /// A lower-case name, as used in logs and reports (`"major"`).
    public var description: String {
        switch self {
        case .minor: "minor"
        case .major: "major"
        case .critical: "critical"
        case .fatal: "fatal"
        }
    }

    /// Compares by disruption: `minor < major < critical < fatal`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
