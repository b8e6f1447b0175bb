/// Remedy's built-in catalog entries.
enum BuiltInCatalog {
    /// The built-in translation of one error, or `nil`.
    static func translation(for error: any Error, localization: Localization) -> ErrorTranslation? {
        switch error {
        case is CancellationError:
            return .silent
        default:
            return nil
        }
    }
}
