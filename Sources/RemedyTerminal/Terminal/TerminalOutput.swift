#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the terminal presenter writes.
///
/// The presenter writes each part of a presentation (the block, a prompt, a notice) with one call, so
/// implementations need not buffer. Standard error is the default, which keeps standard output clean
/// for a tool's real output.
///
/// ```swift
/// let presenter = TerminalPresenter(output: .standardOutput)
/// ```
public protocol TerminalOutput: Sendable {
    /// Writes text as is; it may hold ANSI escape sequences and newlines.
    ///
    /// - Parameter text: The text to write.
    func write(_ text: String)

    /// Whether the output is a terminal (and not a file or a pipe), for deciding on colour.
    var isTerminal: Bool { get }

    /// The width of the terminal in columns, or `nil` when unknown or not a terminal.
    var terminalColumns: Int? { get }
}

/// A ``TerminalOutput`` that writes to a file descriptor: standard error, standard output, or another.
///
/// Writes go straight to the descriptor with `write(2)`, unbuffered, retried when interrupted and
/// continued when partial. Errors (a closed pipe, a full disk) drop the rest of the text silently: an
/// error presenter has nowhere better to report them.
public struct FileDescriptorOutput: TerminalOutput {
    /// The file descriptor written to.
    public let fileDescriptor: Int32

    /// Creates an output for a file descriptor.
    ///
    /// - Parameter fileDescriptor: An open file descriptor, such as `STDERR_FILENO`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes the text's UTF-8 bytes to the descriptor.
    ///
    /// - Parameter text: The text to write.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard var address = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                #if canImport(Darwin)
                let written = Darwin.write(fileDescriptor, address, remaining)
                #elseif canImport(Glibc)
                let written = Glibc.write(fileDescriptor, address, remaining)
                #else
                let written = Musl.write(fileDescriptor, address, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                remaining -= written
                address += written
            }
        }
    }

    /// Whether the descriptor is a terminal (`isatty`).
    public var isTerminal: Bool {
        isatty(fileDescriptor) == 1
    }

    /// The terminal's width from `ioctl(TIOCGWINSZ)`, or `nil` when the descriptor isn't a terminal.
    public var terminalColumns: Int? {
        var size = winsize()
        #if canImport(Darwin)
        let result = ioctl(fileDescriptor, TIOCGWINSZ, &size)
        #else
        let result = ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size)
        #endif
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

extension TerminalOutput where Self == FileDescriptorOutput {
    /// Standard error: the presenter's default, so standard output stays clean.
    public static var standardError: FileDescriptorOutput {
        FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
    }

    /// Standard output.
    public static var standardOutput: FileDescriptorOutput {
        FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
    }
}
