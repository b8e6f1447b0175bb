import Foundation
import Remedy
import Testing

/// `RecoverableError` options, including attempters that misbehave.
@Suite(.timeLimit(.minutes(10)))
struct RecoverableErrorTests {
    // MARK: - Fixtures

    /// Answers `attemptRecovery(optionIndex:)` synchronously, through the default result handler.
    private struct DocumentError: RecoverableError {
        let attempts = LockedValue<[Int]>([])
        var recoveryOptions: [String] { ["Save a Copy", "Revert", "Discard"] }

        func attemptRecovery(optionIndex: Int) -> Bool {
            attempts.withLock { $0.append(optionIndex) }
            return optionIndex == 0
        }
    }

    /// Returns a different list on every read.
    private struct ChangingOptionsError: RecoverableError {
        let reads = LockedValue(0)
        let attempts = LockedValue<[Int]>([])

        var recoveryOptions: [String] {
            let read = reads.withLock { reads -> Int in
                reads += 1
                return reads
            }
            return read == 1 ? ["Retry", "Open Settings", "Report"] : ["Something Else"]
        }

        func attemptRecovery(optionIndex: Int) -> Bool {
            attempts.withLock { $0.append(optionIndex) }
            return true
        }
    }

    private struct NoOptionsError: RecoverableError {
        var recoveryOptions: [String] { [] }
        func attemptRecovery(optionIndex: Int) -> Bool { true }
    }

    /// Keeps the result handler and never calls it; tells the test when recovery started.
    private struct SilentAttempterError: RecoverableError {
        let started: AsyncStream<Void>.Continuation
        let handlers = LockedValue<[ResultHandler]>([])
        var recoveryOptions: [String] { ["Reconnect"] }

        func attemptRecovery(optionIndex: Int, resultHandler handler: @escaping (Bool) -> Void) {
            handlers.withLock { $0.append(ResultHandler(handler)) }
            started.yield()
        }

        func attemptRecovery(optionIndex: Int) -> Bool { false }
    }

    /// Calls its result handler twice, with different answers.
    private struct TwiceCallingError: RecoverableError {
        var recoveryOptions: [String] { ["Reconnect"] }

        func attemptRecovery(optionIndex: Int, resultHandler handler: @escaping (Bool) -> Void) {
            handler(true)
            handler(false)
        }

        func attemptRecovery(optionIndex: Int) -> Bool { true }
    }

    /// Calls its result handler twice at once, from two other threads.
    private struct ConcurrentlyCallingError: RecoverableError {
        var recoveryOptions: [String] { ["Reconnect"] }

        func attemptRecovery(optionIndex: Int, resultHandler handler: @escaping (Bool) -> Void) {
            let handler = ResultHandler(handler)
            for _ in 0..<2 {
                Thread { handler.call(true) }.start()
            }
        }

        func attemptRecovery(optionIndex: Int) -> Bool { true }
    }

    private struct DuplicateTitlesError: RecoverableError {
        let attempts = LockedValue<[Int]>([])
        var recoveryOptions: [String] { ["Retry", "Retry", " retry", "Ignore"] }

        func attemptRecovery(optionIndex: Int) -> Bool {
            attempts.withLock { $0.append(optionIndex) }
            return false
        }
    }

    private let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: "en")))

    // MARK: - Options

    @Test func optionsCallAttemptRecoveryWithTheirIndex() async throws {
        let error = DocumentError()
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Save a Copy", "Revert", "Discard", "Cancel"])
        #expect(presentation.options.map(\.role) == [.normal, .normal, .normal, .cancel])
        #expect(try await presentation.options[2].perform() == .notRecovered)
        #expect(try await presentation.options[0].perform() == .recovered)
        #expect(error.attempts.withLock { $0 } == [2, 0])
        // The added Cancel is Remedy's, not an index of the error's.
        #expect(try await presentation.options[3].perform() == .notRecovered)
        #expect(error.attempts.withLock { $0 } == [2, 0])
    }

    @Test func theTextsAreGenericWhenTheErrorHasNone() {
        let presentation = resolver.presentation(for: DocumentError())
        #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: resolver.localization))
    }

    @Test func optionsAreReadOnceAndIndicesReferToThatSnapshot() async throws {
        let error = ChangingOptionsError()
        let presentation = resolver.presentation(for: error)
        #expect(error.reads.withLock { $0 } == 1)
        #expect(presentation.options.map(\.title) == ["Retry", "Open Settings", "Report", "Cancel"])
        #expect(try await presentation.options[2].perform() == .recovered)
        #expect(error.attempts.withLock { $0 } == [2])
        #expect(error.reads.withLock { $0 } == 1)
    }

    @Test func anEmptyOptionsListOffersOK() {
        let presentation = resolver.presentation(for: NoOptionsError())
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(resolver.interpretation(ofNode: NoOptionsError()) == nil)
    }

    @Test func duplicateTitlesAreShownOnceAndRunTheFirstIndex() async throws {
        let error = DuplicateTitlesError()
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Retry", "Ignore", "Cancel"])
        _ = try await presentation.options[0].perform()
        _ = try await presentation.options[1].perform()
        #expect(error.attempts.withLock { $0 } == [0, 3])
    }

    // MARK: - Misbehaving attempters

    @Test func anAttempterThatNeverCallsBackEndsWhenTheTaskIsCancelled() async throws {
        let (started, continuation) = AsyncStream.makeStream(of: Void.self)
        let error = SilentAttempterError(started: continuation)
        let option = try #require(resolver.presentation(for: error).options.first)
        let task = Task { try await option.perform() }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        #expect(try await task.value == .notRecovered)
        // An answer that comes after all is ignored.
        let handler = try #require(error.handlers.withLock { $0.first })
        handler.call(true)
        #expect(error.handlers.withLock { $0.count } == 1)
    }

    @Test func anOptionRunInACancelledTaskEndsAtOnce() async throws {
        let (_, continuation) = AsyncStream.makeStream(of: Void.self)
        let option = try #require(resolver.presentation(for: SilentAttempterError(started: continuation)).options.first)
        let outcome = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await option.perform()
        }.value
        #expect(outcome == .notRecovered)
    }

    @Test func anAttempterThatCallsBackTwiceIsAnsweredOnce() async throws {
        let option = try #require(resolver.presentation(for: TwiceCallingError()).options.first)
        #expect(try await option.perform() == .recovered)
    }

    @Test func anAttempterThatCallsBackTwiceFromOtherThreadsIsAnsweredOnce() async throws {
        let option = try #require(resolver.presentation(for: ConcurrentlyCallingError()).options.first)
        for _ in 0..<20 {
            #expect(try await option.perform() == .recovered)
        }
    }
}

/// A result handler of `attemptRecovery(optionIndex:resultHandler:)`, kept or passed to another thread.
///
/// `@unchecked Sendable`: the handlers Remedy passes only resume a continuation behind a lock, so calling
/// them from any thread is safe; the test relies on exactly that.
private final class ResultHandler: @unchecked Sendable {
    let call: (Bool) -> Void

    init(_ call: @escaping (Bool) -> Void) {
        self.call = call
    }
}
