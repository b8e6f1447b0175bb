/// An error with the context in which it happened: "Loading the forecast", "Parsing the response".
///
/// Every layer of a program may add context to an error without losing its cause. Wrapping a
/// `ContextError` again adds a layer to its flat list instead of nesting a new error, so even 100,000
/// layers build, walk, render and release without deep recursion. Each layer records the `#fileID` and
/// `#line` where it was added.
///
/// Use ``withContext(_:presentation:fileID:line:_:)`` rather than creating one directly:
///
/// ```swift
/// let forecast = try await withContext("Loading the forecast") {
///     try await service.forecast(for: city)
/// }
/// ```
///
/// In an ``ErrorTree`` a `ContextError` is one node whose only child is its ``underlying`` error;
/// ``ErrorReport`` shows each layer on a line of its own, with its source location.
public struct ContextError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// One layer of context.
    package struct Layer: Sendable, Hashable, Codable {
        /// What the program was doing, for developers ("Loading the forecast").
        package var message: String
        /// The file (`#fileID`) where the layer was added.
        package var fileID: String
        /// The line where the layer was added.
        package var line: Int

        package init(_ message: String, fileID: String = #fileID, line: Int = #line) {
            self.message = message
            self.fileID = fileID
            self.line = line
        }
    }

    /// The layers of every `ContextError` wrapped from one original, innermost first, shared so that a
    /// loop wrapping an error again and again appends in place instead of copying the list each time;
    /// this error owns the first `layerCount`.
    private let storage: LockedValue<[Layer]>
    package let layerCount: Int
    /// The error that happened, never itself a `ContextError`.
    public let underlying: any Error
    package private(set) var presentationOverride: PresentationOverride?

    /// Wraps an error in a layer of context. Wrapping a `ContextError` adds a layer to it instead.
    ///
    /// ```swift
    /// throw ContextError("Saving the draft", wrapping: error)
    /// ```
    ///
    /// - Parameters:
    ///   - message: What the program was doing.
    ///   - error: The error that happened.
    ///   - presentation: User-facing texts that win over the cause's, or `nil`. An outer layer's
    ///     override wins over an inner one's, field by field.
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
        guard let context = error as? ContextError else {
            self.storage = LockedValue([layer])
            self.layerCount = 1
            self.underlying = error
            self.presentationOverride = presentation
            return
        }
        let count = context.layerCount
        let appended = context.storage.withLock { layers in
            guard layers.count == count else { return false }
            layers.append(layer)
            return true
        }
        if appended {
            self.storage = context.storage
        } else {
            var layers = context.innermostFirst
            layers.append(layer)
            self.storage = LockedValue(Array(layers))
        }
        self.layerCount = count + 1
        self.underlying = context.underlying
        self.presentationOverride =
            presentation.map { $0.merged(over: context.presentationOverride) } ?? context.presentationOverride
    }

    /// The context layers, outermost first.
    package var layers: [Layer] { innermostFirst.reversed() }

    package var outermostLayer: Layer {
        storage.withLock { $0[layerCount - 1] }
    }

    package var innermostLayer: Layer {
        storage.withLock { $0[0] }
    }

    var innermostFirst: ArraySlice<Layer> {
        storage.withLock { $0[..<layerCount] }
    }

    /// The one-line summary of ``ErrorReport``, as `Loading forecast: Parsing forecast: key 'temp' not found`.
    public var description: String {
        ErrorReport(self).summary
    }

    /// The full plain-text ``ErrorReport``: every layer with its source location, then every cause.
    public var debugDescription: String {
        ErrorReport(self).text
    }
}

extension ContextError: WrappingError {
    /// The cause.
    public var underlyingErrors: [any Error] { [underlying] }
}
