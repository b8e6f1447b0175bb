import Dispatch
import Remedy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the terminal presenter reads a person's answers to its prompts.
///
/// The presenter asks ``canAnswer`` before it prompts: when nobody can answer (standard input isn't a
/// terminal), it picks the fallback option at once and says so, instead of waiting forever. Otherwise
/// it reads one line per answer until it gets a valid one; `nil` (end of input) also picks the fallback.
///
/// ```swift
/// let presenter = TerminalPresenter(input: .answers(["Try Again", "cancel"]))
/// ```
public protocol TerminalInput: Sendable {
    /// Whether anyone can answer a prompt at all; when `false` the presenter doesn't prompt.
    var canAnswer: Bool { get }

    /// Whether typed answers appear on the screen by themselves (a terminal echoes what is typed).
    /// When `false`, the presenter writes each answer after its prompt, so the output reads as a whole.
    var echoesAnswers: Bool { get }

    /// Reads one answer.
    ///
    /// - Returns: The line, without its line ending, or `nil` at the end of input.
    func readLine() async -> String?
}

// MARK: - Standard input

/// A ``TerminalInput`` that reads lines from standard input.
///
/// By default it only reads when standard input is a terminal: a tool started from a script, a
/// service or CI (standard input a pipe that may never close, or `/dev/null`) picks each prompt's
/// fallback option at once instead of hanging. Set `readsWhenNotATerminal` to read answers piped in
/// (`printf '1\n' | tool`).
///
/// Lines are read on a serial dispatch queue of its own, never on Swift concurrency's threads. A
/// cancelled read returns `nil` at once; the line it was waiting for, when it comes, is dropped.
public struct StandardInput: TerminalInput {
    /// Whether to read from standard input even when it isn't a terminal.
    public var readsWhenNotATerminal: Bool

    /// Creates a reader of standard input.
    ///
    /// - Parameter readsWhenNotATerminal: Whether to read answers from a pipe or file too. Default:
    ///   `false`, so a tool without a person at the keyboard never waits for one.
    public init(readsWhenNotATerminal: Bool = false) {
        self.readsWhenNotATerminal = readsWhenNotATerminal
    }

    /// `true` when standard input is a terminal, or when reading from pipes and files is allowed.
    public var canAnswer: Bool {
        readsWhenNotATerminal || isatty(STDIN_FILENO) == 1
    }

    /// `true` when standard input is a terminal, which echoes what is typed.
    public var echoesAnswers: Bool {
        isatty(STDIN_FILENO) == 1
    }

    /// Reads one line of standard input.
    ///
    /// - Returns: The line without its line ending, or `nil` at the end of input or when cancelled.
    public func readLine() async -> String? {
        await StandardInputReader.shared.readLine()
    }
}

/// Reads standard input on one serial queue, so reads keep their order.
private final class StandardInputReader: Sendable {
    static let shared = StandardInputReader()

    private let queue = DispatchQueue(label: "Remedy.StandardInput")

    func readLine() async -> String? {
        let once = ResumeOnce<String?>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard once.install(continuation) else { return }
                queue.async {
                    once.resume(returning: Swift.readLine(strippingNewline: true))
                }
            }
        } onCancel: {
            once.resume(returning: nil)
        }
    }
}

/// A continuation that is resumed once, by whichever comes first: the value or the cancellation.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case finished(Value)
    }

    private let state = LockedValue<State>(.waiting(nil))

    /// Stores the continuation; returns `false` (after resuming it) when the value came first.
    func install(_ continuation: CheckedContinuation<Value, Never>) -> Bool {
        let early = state.withLock { state -> Value? in
            switch state {
            case .finished(let value):
                return value
            case .waiting:
                state = .waiting(continuation)
                return nil
            }
        }
        guard let early else { return true }
        continuation.resume(returning: early)
        return false
    }

    func resume(returning value: Value) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished(value)
            return continuation
        }
        waiting?.resume(returning: value)
    }
}

// MARK: - Scripted answers

/// A ``TerminalInput`` that answers prompts from a list, in order, as if a person typed them.
///
/// Each answer is matched like a typed one: by number, key, title or role (`cancel`, `recommended`).
/// An answer that fits no option is reported and the next one is tried; when the answers run out, the
/// prompt behaves as at the end of input and picks its fallback option. Answers don't echo by
/// themselves, so the presenter writes each after its prompt.
///
/// ```swift
/// let presenter = TerminalPresenter(input: .answers(["Try Again"]))
/// ```
public struct ScriptedInput: TerminalInput {
    private let answers: LockedValue<ArraySlice<String>>

    /// Creates scripted answers.
    ///
    /// - Parameter answers: The answers, in the order the prompts will read them.
    public init(_ answers: [String]) {
        self.answers = LockedValue(answers[...])
    }

    /// Always `true`: the script answers.
    public var canAnswer: Bool { true }

    /// Always `false`: nothing is typed, so the presenter writes the answers out.
    public var echoesAnswers: Bool { false }

    /// The answers not read yet.
    public var remainingAnswers: [String] {
        answers.withLock { Array($0) }
    }

    /// Takes the next answer.
    ///
    /// - Returns: The next answer, or `nil` when none is left.
    public func readLine() async -> String? {
        answers.withLock { $0.popFirst() }
    }
}

extension TerminalInput where Self == StandardInput {
    /// Standard input, read only when it is a terminal.
    public static var standardInput: StandardInput {
        StandardInput()
    }
}

extension TerminalInput where Self == ScriptedInput {
    /// Answers from a list, in order.
    ///
    /// - Parameter answers: The answers, in the order the prompts will read them.
    /// - Returns: A ``ScriptedInput``.
    public static func answers(_ answers: [String]) -> ScriptedInput {
        ScriptedInput(answers)
    }
}
