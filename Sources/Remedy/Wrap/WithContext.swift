// MARK: - withContext

/// Runs an operation, wrapping any error it throws in a layer of context.
///
/// The operation may throw any error, or a typed one (`throws(LoadError)`); what it throws becomes the
/// ``ContextError/underlying`` error, or, if it is a ``ContextError`` already, gets one more layer.
///
/// ```swift
/// let settings = try withContext("Reading the settings") {
///     try JSONDecoder().decode(Settings.self, from: Data(contentsOf: url))
/// }
/// ```
///
/// - Parameters:
///   - message: What the operation does, for developers. Evaluated only when the operation throws.
///   - presentation: User-facing texts that win over the cause's, or `nil`.
///   - fileID: The file where the layer is added.
///   - line: The line where the layer is added.
///   - operation: The work to run.
/// - Returns: What the operation returns.
/// - Throws: A ``ContextError`` wrapping what the operation threw.
public func withContext<Value, Failure: Error>(
    _ message: @autoclosure () -> String,
    presentation: PresentationOverride? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ operation: () throws(Failure) -> Value
) throws(ContextError) -> Value {
    do {
        return try operation()
    } catch {
        throw ContextError(message(), wrapping: error, presentation: presentation, fileID: fileID, line: line)
    }
}

/// Runs an async operation, wrapping any error it throws in a layer of context.
///
/// The operation runs in the caller's isolation, so it may touch the caller's state (on the main actor,
/// say). It may throw any error, or a typed one.
///
/// ```swift
/// let forecast = try await withContext("Loading the forecast") {
///     try await service.forecast(for: city)
/// }
/// ```
///
/// - Parameters:
///   - message: What the operation does, for developers. Evaluated only when the operation throws.
///   - presentation: User-facing texts that win over the cause's, or `nil`.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - fileID: The file where the layer is added.
///   - line: The line where the layer is added.
///   - operation: The work to run.
/// - Returns: What the operation returns.
/// - Throws: A ``ContextError`` wrapping what the operation threw.
public func withContext<Value, Failure: Error>(
    _ message: @autoclosure () -> String,
    presentation: PresentationOverride? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    line: Int = #line,
    _ operation: () async throws(Failure) -> Value
) async throws(ContextError) -> Value {
    do {
        return try await operation()
    } catch {
        throw ContextError(message(), wrapping: error, presentation: presentation, fileID: fileID, line: line)
    }
}
