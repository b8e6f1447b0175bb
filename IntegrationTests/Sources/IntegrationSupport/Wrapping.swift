import Remedy

/// How an app hands a library's error on to Remedy: as it came, inside a case of its own enum, or inside
/// layers of context. A person must read the same whichever way it travelled.
public enum Wrapping: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The error as the library threw it.
    case bare
    /// `AppFailure.storage(error)`: a plain enum whose payload is the error; the tree walk finds it by
    /// reflection.
    case appEnum
    /// `SyncFailure.backend(error)`: an enum that conforms to ``WrappingError`` and names its causes.
    case wrappingEnum
    /// Two layers of context (``ContextError``), added as `withContext` adds them.
    case context

    public var description: String { rawValue }

    /// The error, handed on this way.
    public func wrap(_ error: any Error) -> any Error {
        switch self {
        case .bare:
            error
        case .appEnum:
            AppFailure.storage(error)
        case .wrappingEnum:
            SyncFailure.backend(error)
        case .context:
            ContextError("Saving the note", wrapping: ContextError("Writing the note to the store", wrapping: error))
        }
    }
}

/// An app's own failures, the way the error-trees article writes them: a case per layer, the cause as its
/// payload, nothing else.
public enum AppFailure: Error {
    /// Saving or loading failed in the storage layer.
    case storage(any Error)
}

/// An app's failures that state their causes through ``WrappingError``.
public enum SyncFailure: WrappingError {
    /// The backend failed.
    case backend(any Error)

    public var underlyingErrors: [any Error] {
        switch self {
        case .backend(let error): [error]
        }
    }
}

/// What a person reads of a failure, in a form that compares: the title, the message and the options
/// offered inside `attempt` (title and role), the category and whether it is transient.
public struct Reading: Hashable, Sendable, CustomStringConvertible {
    /// The title.
    public var title: String
    /// The message.
    public var message: String
    /// Each option as `title (role)`.
    public var options: [String]
    /// The category's identifier.
    public var category: String
    /// Whether the failure is transient (retried on its own, Try Again offered).
    public var isTransient: Bool

    /// What a person reads of an observation: inside `attempt` where it presented, alone otherwise.
    public init(_ seen: Observation) {
        let shown = seen.attempted ?? seen.presentation
        title = shown.title
        message = shown.message
        options = shown.options.map { "\($0.localizedTitle(in: Observation.english)) (\($0.role))" }
        category = seen.presentation.category.identifier
        isTransient = seen.interpretation.isTransient
    }

    public var description: String {
        "“\(title)”, “\(message)”, [\(options.joined(separator: ", "))], \(category)"
            + (isTransient ? ", transient" : "")
    }
}

/// One error observed every ``Wrapping`` way.
public struct WrappedObservations: Sendable {
    /// Each way and what Remedy made of the error handed on that way, in ``Wrapping/allCases`` order.
    public let observations: [(wrapping: Wrapping, observation: Observation)]

    /// Observes an error bare, in each app enum and inside context.
    public init(of error: any Error) async {
        var observations: [(wrapping: Wrapping, observation: Observation)] = []
        for wrapping in Wrapping.allCases {
            observations.append((wrapping, await Observation(of: wrapping.wrap(error))))
        }
        self.observations = observations
    }

    /// The bare error's observation.
    public var bare: Observation { observations[0].observation }

    /// The ways whose reading differs from the bare error's, each with what a person reads.
    public var disagreements: [(wrapping: Wrapping, reading: Reading)] {
        let expected = Reading(bare)
        return observations.compactMap { wrapping, observation in
            let reading = Reading(observation)
            return reading == expected ? nil : (wrapping, reading)
        }
    }

    /// Whether a person reads the same every way.
    public var agree: Bool { disagreements.isEmpty }
}
