import Foundation
import Logging
import Remedy

// MARK: - A LocalizedError

/// An app's error that explains itself through `LocalizedError`, as most Swift apps write them.
package struct ForecastUnavailableError: LocalizedError {
    package init() {}

    package var errorDescription: String? { "The forecast isn't available right now." }
    package var recoverySuggestion: String? { "Try again in a few minutes." }
}

// MARK: - The 3-level typed-enum tree of the error-trees article

/// The coding key of the decoding failure at the bottom of the tree.
package struct ForecastKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// The service layer: its cases carry the error that caused them.
package enum ForecastServiceError: Error {
    case transport(URLError)
    case parsing(DecodingError)
}

/// The view model layer, one level up.
package enum ForecastViewModelError: Error {
    case download(ForecastServiceError)
    case cache(path: String)
}

/// The decoding failure at the bottom of both three-level trees.
package let missingTemperature = DecodingError.keyNotFound(
    ForecastKey(stringValue: "temperature"),
    DecodingError.Context(
        codingPath: [ForecastKey(stringValue: "days"), ForecastKey(intValue: 0)],
        debugDescription: "No value associated with key \"temperature\"."
    )
)

/// `ForecastViewModelError.download(ForecastServiceError.parsing(DecodingError.keyNotFound))`: three levels,
/// found by reflection with no conformance at all.
package let threeLevelTree: any Error = ForecastViewModelError.download(.parsing(missingTemperature))

/// The two enum nodes of ``threeLevelTree`` above its decoding error, each as the `any Error` a walk meets.
package let threeLevelTreeEnumNodes: [any Error] = [threeLevelTree, ForecastServiceError.parsing(missingTemperature)]

/// The floor of every reflected operation on ``threeLevelTree``: for each of its two enum nodes, one
/// `Mirror` and its first child (the case's name and payload), and nothing else — not even the cast that
/// finds the next node in the payload (the nodes are handed in already found). No public API reads an
/// enum's case or payload without `Mirror`, so a presentation, a grouping key or a report of this tree
/// that isn't told its causes (`WrappingError`) costs at least this, whatever it does with what it reads.
///
/// - Returns: How many nodes had a case with a payload (2).
@inline(never)
package func reflectCases(of nodes: [any Error]) -> Int {
    var found = 0
    for node in nodes {
        if let child = Mirror(reflecting: node).children.first, child.label != nil { found += 1 }
    }
    return found
}

/// The same three levels, with the enums telling their causes and their case names through
/// `WrappingError` instead of being found by reflection, as the documentation tells the owners of hot
/// error types to do (lending their causes with `forEachUnderlyingError` too, without building an array
/// per visit): what Remedy costs by itself, without the Swift runtime's `Mirror`.
package enum DeclaredServiceError: WrappingError {
    case transport(URLError)
    case parsing(DecodingError)

    package var underlyingErrors: [any Error] {
        switch self {
        case .transport(let error): [error]
        case .parsing(let error): [error]
        }
    }

    package func forEachUnderlyingError(_ body: (any Error) -> Void) {
        switch self {
        case .transport(let error): body(error)
        case .parsing(let error): body(error)
        }
    }

    package var declaredCaseName: String? {
        switch self {
        case .transport: "transport"
        case .parsing: "parsing"
        }
    }
}

/// The view model layer of the declared tree.
package enum DeclaredViewModelError: WrappingError {
    case download(DeclaredServiceError)
    case cache(path: String)

    package var underlyingErrors: [any Error] {
        switch self {
        case .download(let error): [error]
        case .cache: []
        }
    }

    package func forEachUnderlyingError(_ body: (any Error) -> Void) {
        switch self {
        case .download(let error): body(error)
        case .cache: break
        }
    }

    package var declaredCaseName: String? {
        switch self {
        case .download: "download"
        case .cache: "cache"
        }
    }
}

/// `DeclaredViewModelError.download(DeclaredServiceError.parsing(DecodingError.keyNotFound))`.
package let threeLevelDeclaredTree: any Error = DeclaredViewModelError.download(.parsing(missingTemperature))

/// The service layer of a tree whose enums tell their causes through `WrappingError` but not their case
/// names, which Remedy then reads with one `Mirror` per node: the cost of a conformance without
/// `declaredCaseName`, shown next to the declared tree's.
package enum WrappingServiceError: WrappingError {
    case transport(URLError)
    case parsing(DecodingError)

    package var underlyingErrors: [any Error] {
        switch self {
        case .transport(let error): [error]
        case .parsing(let error): [error]
        }
    }
}

/// The view model layer of the wrapping tree.
package enum WrappingViewModelError: WrappingError {
    case download(WrappingServiceError)
    case cache(path: String)

    package var underlyingErrors: [any Error] {
        switch self {
        case .download(let error): [error]
        case .cache: []
        }
    }
}

/// `WrappingViewModelError.download(WrappingServiceError.parsing(DecodingError.keyNotFound))`.
package let threeLevelWrappingTree: any Error = WrappingViewModelError.download(.parsing(missingTemperature))

// MARK: - Deep chains

/// One link of a deep chain of nested errors, each holding the next as an existential: the shape that
/// a naive recursive walk or release cannot survive.
package enum ChainError: Error {
    case layer(any Error)
    case origin
}

/// A chain of nested errors `depth` levels deep (the origin at the bottom counts as one level).
package func makeChain(depth: Int) -> any Error {
    var error: any Error = ChainError.origin
    for _ in 1..<max(1, depth) {
        error = ChainError.layer(error)
    }
    return error
}

/// The nodes of a chain made by ``makeChain(depth:)`` that hold a cause, outermost first, each as the
/// `any Error` a walk meets: the input of ``reflectCases(of:)`` for the chain's floor.
package func causeHoldingNodes(of chain: any Error) -> [any Error] {
    var nodes: [any Error] = []
    var current = chain
    while let link = current as? ChainError, case .layer(let next) = link {
        nodes.append(current)
        current = next
    }
    return nodes
}

/// The cause at the bottom of a context stack.
package struct DiskFullError: Error, CustomStringConvertible {
    package init() {}

    package var description: String { "no space left on device" }
}

/// Builds a `ContextError` of `layers` layers through `withContext`, as code does when every layer adds
/// context to what it rethrows.
package func makeContextStack(layers: Int) -> any Error {
    var error: any Error = DiskFullError()
    for _ in 0..<layers {
        let cause = error
        do {
            try withContext("Saving the draft") { throw cause }
        } catch let wrapped {
            error = wrapped
        }
    }
    return error
}

/// Keeps an error alive until told to let go, so a release can be measured by itself.
package final class ErrorHolder: @unchecked Sendable {
    // Only touched by the benchmark closure that owns the holder, on one thread at a time.
    package var error: (any Error)?

    package init(_ error: any Error) {
        self.error = error
    }

    @inline(never)
    package func release() {
        error = nil
    }
}

// MARK: - Handling

/// A major error that explains itself, as an app's own errors do.
package struct DraftNotSavedError: PresentableError {
    package init() {}

    package var message: String { "The draft couldn't be saved. Try again in a moment." }
    package var category: ErrorCategory { .externalSystemUnavailable }
    package var severity: Severity { .major }
}

/// A presenter that shows nothing and answers at once, as if the person dismissed every alert.
package struct SilentPresenter: ErrorPresenter {
    package init() {}

    package func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        nil
    }
}

/// A presenter that answers every presentation at once by choosing its cancel option, as a person who
/// clicks Cancel on every alert; it counts what it was shown.
///
/// It answers in `immediateAnswer(to:)`, as a scripted presenter does, unless made with
/// `answersAtOnce: false`: then every answer comes from `present(_:)`, in a task of the presenter's own
/// (the path of a presenter that has to wait, such as an app's alerts).
package final class CancellingPresenter: ErrorPresenter, @unchecked Sendable {
    // `shown` is behind the lock.
    private let lock = NSLock()
    private var shown = 0
    private let answersAtOnce: Bool

    package init(answersAtOnce: Bool = true) {
        self.answersAtOnce = answersAtOnce
    }

    package var presentationCount: Int { lock.withLock { shown } }

    package func immediateAnswer(to presentation: Presentation) -> ImmediateAnswer {
        guard answersAtOnce else { return .needsWaiting }
        return .answered(cancel(presentation))
    }

    package func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        cancel(presentation)
    }

    private func cancel(_ presentation: Presentation) -> RecoveryOption? {
        lock.withLock { shown += 1 }
        return presentation.options.first { $0.role == .cancel }
    }
}

/// A presenter that holds its first presentation until `occurrences` identical errors joined it, then
/// dismisses it; it counts what it was shown.
package final class StormPresenter: ErrorPresenter, @unchecked Sendable {
    // `state` is set once, before the first error is handled; `shown` is behind the lock.
    package var state: PresentationState?
    private let lock = NSLock()
    private var shown = 0
    package let occurrences: Int

    package init(occurrences: Int) {
        self.occurrences = occurrences
    }

    package var presentationCount: Int { lock.withLock { shown } }

    package func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        lock.withLock { shown += 1 }
        // Yields instead of sleeping: the errors still arriving need the threads more than this wait.
        while (state?.current?.occurrences ?? occurrences) < occurrences {
            await Task.yield()
        }
        return nil
    }
}

/// A log handler that drops every message after Remedy has built it: the cost of logging without I/O.
/// It counts the messages, so a benchmark can check that every error was logged.
package struct CountingLogHandler: LogHandler {
    package final class Counter: @unchecked Sendable {
        // Only touched under the lock.
        private let lock = NSLock()
        private var count = 0

        package init() {}

        package func increment() { lock.withLock { count += 1 } }
        package var value: Int { lock.withLock { count } }
    }

    package let counter: Counter
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]

    package init(counter: Counter) {
        self.counter = counter
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        counter.increment()
    }
}
