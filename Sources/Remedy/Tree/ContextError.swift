/// An error with the context in which it happened: "Loading the forecast", "Parsing the response".
///
/// Every layer of a program may add context to an error without losing its cause. Layers are kept in
/// one flat array, outermost first: wrapping a `ContextError` again appends a layer instead of nesting
/// a new error, so even 100,000 layers build, walk, render and release without deep recursion.
///
/// Use `withContext(_:presentation:fileID:line:_:)` rather than creating one directly:
///
/// ```swift
/// let forecast = try await withContext("Loading the forecast") {
///     try await service.forecast(for: city)
/// }
/// ```
public struct ContextError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// One layer of context.
    public struct Layer: Sendable, Hashable, Codable {
        /// What the program was doing, for developers ("Loading the forecast").
        public var message: String
        /// The file (`#fileID`) where the layer was added.
        public var fileID: String
        /// The line where the layer was added.
        public var line: Int

        /// Creates a layer.
        ///
        /// - Parameters:
        ///   - message: What the program was doing.
        ///   - fileID: The file where the layer was added.
        ///   - line: The line where the layer was added.
        public init(_ message: String, fileID: String = #fileID, line: Int = #line) {
            self.message = message
            self.fileID = fileID
            self.line = line
        }
    }

    /// The context layers, innermost first: appending is how a layer is added, in constant time.
    private var innermostFirst: [Layer]

    /// The context layers, outermost first.
    public var layers: [Layer] { innermostFirst.reversed() }

    /// How many layers of context there are.
    public var layerCount: Int { innermostFirst.count }
    /// The error that happened, never itself a `ContextError`.
    public let underlying: any Error
    /// User-facing texts from an outer layer that win over the cause's, or `nil`.
    public private(set) var presentationOverride: PresentationOverride?

    /// Wraps an error in a layer of context. Wrapping a `ContextError` adds a layer to it instead.
    ///
    /// - Parameters:
    ///   - message: What the program was doing.
    ///   - error: The error that happened.
    ///   - presentation: User-facing texts that win over the cause's, or `nil`.
    ///   - fileID: The file where the layer is added.
    ///   - line: The line where the layer is added.
    public init(
        _ message: String,
        wrapping error: any Error,
        presentation: PresentationOverride? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let layer = Layer(message, fileID: fileID, line: line)
        if let context = error as? ContextError {
            self = context
            innermostFirst.append(layer)
            if let presentation {
                // An outer override wins over inner ones.
                self.presentationOverride = presentation.merged(over: context.presentationOverride)
            }
        } else {
            self.innermostFirst = [layer]
            self.underlying = error
            self.presentationOverride = presentation
        }
    }

    /// The layers' messages joined by ": ", then the cause: `Loading forecast: Parsing: <cause>`.
    public var description: String {
        (innermostFirst.reversed().map(\.message) + [String(describing: underlying)]).joined(separator: ": ")
    }

    /// The layers with their source locations, then the cause.
    public var debugDescription: String {
        let lines = innermostFirst.reversed().map { "\($0.message) (\($0.fileID):\($0.line))" }
        return (lines + [String(reflecting: underlying)]).joined(separator: "\n")
    }
}

extension ContextError: WrappingError {
    /// The cause.
    public var underlyingErrors: [any Error] { [underlying] }
}

/// User-facing texts an outer layer sets explicitly, winning over the most specific text of the tree.
///
/// ```swift
/// try await withContext("Saving the draft", presentation: .init(title: "Draft Not Saved")) {
///     try await drafts.save(draft)
/// }
/// ```
public struct PresentationOverride: Sendable {
    /// A title that wins over the tree's, or `nil`.
    public var title: String?
    /// A message that wins over the tree's, or `nil`.
    public var message: String?
    /// A severity that wins over the tree's, or `nil`.
    public var severity: Severity?
    /// Options offered in addition to the tree's (merged without duplicates, these first).
    public var options: [RecoveryOption]

    /// Creates an override.
    ///
    /// - Parameters:
    ///   - title: A title that wins over the tree's.
    ///   - message: A message that wins over the tree's.
    ///   - severity: A severity that wins over the tree's.
    ///   - options: Options offered in addition to the tree's.
    public init(
        title: String? = nil,
        message: String? = nil,
        severity: Severity? = nil,
        options: [RecoveryOption] = []
    ) {
        self.title = title
        self.message = message
        self.severity = severity
        self.options = options
    }

    func merged(over inner: PresentationOverride?) -> PresentationOverride {
        guard let inner else { return self }
        return PresentationOverride(
            title: title ?? inner.title,
            message: message ?? inner.message,
            severity: severity ?? inner.severity,
            options: options + inner.options
        )
    }
}

// MARK: - withContext

/// Runs an operation, wrapping any error it throws in a layer of context.
///
/// ```swift
/// let data = try withContext("Reading the settings") { try Data(contentsOf: url) }
/// ```
///
/// - Parameters:
///   - message: What the operation does, for developers.
///   - presentation: User-facing texts that win over the cause's, or `nil`.
///   - fileID: The file where the layer is added.
///   - line: The line where the layer is added.
///   - operation: The work to run.
/// - Returns: What the operation returns.
/// - Throws: A ``ContextError`` wrapping what the operation threw.
public func withContext<Value>(
    _ message: @autoclosure () -> String,
    presentation: PresentationOverride? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ operation: () throws -> Value
) throws(ContextError) -> Value {
    do {
        return try operation()
    } catch {
        throw ContextError(message(), wrapping: error, presentation: presentation, fileID: fileID, line: line)
    }
}

/// Runs an async operation, wrapping any error it throws in a layer of context.
///
/// ```swift
/// let forecast = try await withContext("Loading the forecast") {
///     try await service.forecast(for: city)
/// }
/// ```
///
/// - Parameters:
///   - message: What the operation does, for developers.
///   - presentation: User-facing texts that win over the cause's, or `nil`.
///   - fileID: The file where the layer is added.
///   - line: The line where the layer is added.
///   - operation: The work to run.
/// - Returns: What the operation returns.
/// - Throws: A ``ContextError`` wrapping what the operation threw.
public func withContext<Value>(
    _ message: @autoclosure () -> String,
    presentation: PresentationOverride? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ operation: () async throws -> Value
) async throws(ContextError) -> Value {
    do {
        return try await operation()
    } catch {
        throw ContextError(message(), wrapping: error, presentation: presentation, fileID: fileID, line: line)
    }
}
