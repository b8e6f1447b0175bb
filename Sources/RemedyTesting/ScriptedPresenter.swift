import Remedy

/// An `ErrorPresenter` for tests: answers each presentation from a script and records
/// everything it was shown.
///
/// Answers are used in order, one per presentation; when the script runs out, `otherwise` answers.
///
/// Every answer but ``Answer/never`` and ``Answer/held(_:)`` is given at once
/// (`ErrorPresenter.immediateAnswer(to:)`), as a person who clicks at once would. The two that
/// wait are given by ``present(_:)``.
///
/// ```swift
/// let presenter = ScriptedPresenter([.title("Try Again")], otherwise: .role(.cancel))
/// let root = ErrorScope.root(presenter: presenter, clock: TestClock())
/// let feed = await root.attempt("Loading the feed") { try await api.feed() }
/// #expect(presenter.presentations.map(\.title) == ["Service Unavailable"])
/// ```
public final class ScriptedPresenter: ErrorPresenter, Sendable {
    /// How the presenter answers one presentation.
    public indirect enum Answer: Sendable, CustomStringConvertible {
        /// Chooses the option with this title. A title the presentation doesn't have is answered with a
        /// new option of that title, which is not part of the presentation.
        case title(String)
        /// Chooses the first option with this role; without one, dismisses.
        case role(RecoveryOption.Role)
        /// Chooses the presentation's default option; without one, dismisses.
        case defaultOption
        /// Dismisses without a choice (answers `nil`).
        case dismiss
        /// Answers with this option, whether or not it is part of the presentation.
        case option(RecoveryOption)
        /// Throws this error.
        case fail(any Error)
        /// Never answers, and ignores cancellation: a presenter that hangs.
        case never
        /// Waits until ``ScriptedPresenter/release()`` is called, then answers as given. A wait whose task
        /// is cancelled ends at once, dismissed, as a presenter's view taken away.
        case held(Answer)

        /// A short rendering, such as `title("Try Again")`.
        public var description: String {
            switch self {
            case .title(let title): "title(\(String(reflecting: title)))"
            case .role(let role): "role(\(role))"
            case .defaultOption: "defaultOption"
            case .dismiss: "dismiss"
            case .option(let option): "option(\(option))"
            case .fail(let error): "fail(\(error))"
            case .never: "never"
            case .held(let answer): "held(\(answer))"
            }
        }
    }

    /// One presentation and what the presenter answered.
    public struct Record: Sendable {
        /// The presentation, as handed to the presenter.
        public var presentation: Presentation
        /// The answer from the script.
        public var answer: Answer
    }

    private struct Storage: Sendable {
        var script: [Answer]
        var records: [Record] = []
        var held: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var lastHeld: UInt64 = 0
        var isReleased = false
        var hanging: [CheckedContinuation<Void, Never>] = []
    }

    private let storage: LockedValue<Storage>
    private let otherwise: Answer
    private let changes = ChangeSignal()

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - script: The answers, one per presentation, in order.
    ///   - otherwise: The answer when the script has run out. Default: the cancel option.
    public init(_ script: [Answer] = [], otherwise: Answer = .role(.cancel)) {
        self.storage = LockedValue(Storage(script: script))
        self.otherwise = otherwise
    }

    /// Adds answers to the end of the script.
    ///
    /// - Parameter answers: The answers.
    public func enqueue(_ answers: Answer...) {
        storage.withLock { $0.script += answers }
    }

    /// Every presentation shown so far, in order.
    public var presentations: [Presentation] {
        storage.withLock { $0.records.map(\.presentation) }
    }

    /// Every presentation shown so far, with the answer it got.
    public var records: [Record] {
        storage.withLock { $0.records }
    }

    /// Lets every ``Answer/held(_:)`` answer go, now and later.
    public func release() {
        let held = storage.withLock { storage in
            storage.isReleased = true
            defer { storage.held.removeAll() }
            return storage.held.values
        }
        for continuation in held { continuation.resume() }
    }

    /// Makes later ``Answer/held(_:)`` answers wait again, until the next ``release()``.
    ///
    /// Answers already released stay released. A test that holds two presentations in turn calls this
    /// between them.
    public func hold() {
        storage.withLock { $0.isReleased = false }
    }

    /// Waits, without sleeping, until at least a number of presentations were shown.
    ///
    /// - Parameter count: How many presentations to wait for.
    /// - Returns: The presentations so far; fewer than `count` only when the calling task was cancelled.
    @discardableResult
    public func waitForPresentations(_ count: Int) async -> [Presentation] {
        await changes.wait { storage.withLock { $0.records.count } >= count }
        return presentations
    }

    /// Answers a presentation at once, when the script's next answer doesn't wait: records it and
    /// answers from the script. For ``Answer/never`` and ``Answer/held(_:)`` it takes nothing from the
    /// script and says it needs waiting; ``present(_:)`` then takes that answer.
    ///
    /// - Parameter presentation: The presentation.
    /// - Returns: The scripted option (`nil` for ``Answer/dismiss``), or
    ///   `ImmediateAnswer.needsWaiting`.
    /// - Throws: The error of ``Answer/fail(_:)``.
    public func immediateAnswer(to presentation: Presentation) throws -> ImmediateAnswer {
        let answer = storage.withLock { storage -> Answer? in
            let answer = storage.script.first ?? otherwise
            if answer.waits { return nil }
            if !storage.script.isEmpty { storage.script.removeFirst() }
            storage.records.append(Record(presentation: presentation, answer: answer))
            return answer
        }
        guard let answer else { return .needsWaiting }
        changes.signal()
        return .answered(try Self.option(answer, for: presentation))
    }

    /// Shows a presentation: records it and answers from the script.
    ///
    /// - Parameter presentation: The presentation.
    /// - Returns: The scripted option, or `nil` for ``Answer/dismiss``.
    /// - Throws: The error of ``Answer/fail(_:)``.
    public func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        let answer = storage.withLock { storage -> Answer in
            let answer = storage.script.isEmpty ? otherwise : storage.script.removeFirst()
            storage.records.append(Record(presentation: presentation, answer: answer))
            return answer
        }
        changes.signal()
        return try await respond(answer, to: presentation)
    }

    /// The option of an answer that doesn't wait.
    private static func option(_ answer: Answer, for presentation: Presentation) throws -> RecoveryOption? {
        switch answer {
        case .title(let title):
            return presentation.options.first { $0.title == title } ?? RecoveryOption(title: title) { .notRecovered }
        case .role(let role):
            return presentation.options.first { $0.role == role }
        case .defaultOption:
            return presentation.defaultOption
        case .dismiss:
            return nil
        case .option(let option):
            return option
        case .fail(let error):
            throw error
        case .never, .held:
            preconditionFailure("\(answer) waits: it is answered by respond(_:to:)")
        }
    }

    private func respond(_ answer: Answer, to presentation: Presentation) async throws -> RecoveryOption? {
        switch answer {
        case .title, .role, .defaultOption, .dismiss, .option, .fail:
            return try Self.option(answer, for: presentation)
        case .never:
            await withCheckedContinuation { continuation in
                storage.withLock { $0.hanging.append(continuation) }
            }
            return nil
        case .held(let inner):
            let id = storage.withLock { storage -> UInt64 in
                storage.lastHeld += 1
                return storage.lastHeld
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    // Checked with the lock held: a cancellation after it finds the continuation stored.
                    let goes = storage.withLock { storage -> Bool in
                        if storage.isReleased || Task.isCancelled { return true }
                        storage.held[id] = continuation
                        return false
                    }
                    if goes { continuation.resume() }
                }
            } onCancel: {
                storage.withLock { $0.held.removeValue(forKey: id) }?.resume()
            }
            if Task.isCancelled { return nil }
            return try await respond(inner, to: presentation)
        }
    }

    deinit {
        // Hanging answers end with the presenter, so no continuation leaks.
        let waiting = storage.withLock { $0.hanging + $0.held.values }
        for continuation in waiting { continuation.resume() }
    }
}

extension ScriptedPresenter.Answer {
    /// Whether the presenter waits before it gives this answer.
    fileprivate var waits: Bool {
        switch self {
        case .never, .held: true
        case .title, .role, .defaultOption, .dismiss, .option, .fail: false
        }
    }
}
