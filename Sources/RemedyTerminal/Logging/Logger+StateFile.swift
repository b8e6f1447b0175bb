import Foundation
import Logging

// MARK: - A command-line tool's log, where such logs belong

extension Logger {
    /// A log for a command-line tool's root scope, in the person's folder for programs' logs rather than the
    /// folder the tool runs in: ``stateDirectory(tool:environment:)``, such as `~/.local/state/notes/notes.log`.
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), logger: .stateFile("notes.log", tool: "notes"))
    /// ```
    ///
    /// The folder is created when missing; lines are appended as ``file(_:level:label:)`` writes them. A folder
    /// or file that can't be made loses the lines, never the program.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - tool: The tool's name: the folder of its own in the state folder.
    ///   - level: The lowest level written. Default: `debug`, everything Remedy records.
    ///   - label: The logger's label. Default: `"Remedy"`.
    /// - Returns: The logger.
    public static func stateFile(
        _ name: String,
        tool: String,
        level: Logger.Level = .debug,
        label: String = "Remedy"
    ) -> Logger {
        let folder = stateDirectory(tool: tool)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return file(folder.appendingPathComponent(name).path, level: level, label: label)
    }

    /// The folder of a tool's logs: on macOS `~/Library/Logs/<tool>`; elsewhere, as the XDG Base Directory
    /// specification puts logs, `$XDG_STATE_HOME/<tool>`, or `~/.local/state/<tool>` when `XDG_STATE_HOME` isn't
    /// an absolute path.
    ///
    /// - Parameters:
    ///   - tool: The tool's name.
    ///   - environment: The environment variables. Default: the process's.
    /// - Returns: The folder, which may not exist yet.
    public static func stateDirectory(
        tool: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        let base = home.appendingPathComponent("Library/Logs", isDirectory: true)
        #else
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else {
            base = home.appendingPathComponent(".local/state", isDirectory: true)
        }
        #endif
        return base.appendingPathComponent(tool, isDirectory: true)
    }
}
