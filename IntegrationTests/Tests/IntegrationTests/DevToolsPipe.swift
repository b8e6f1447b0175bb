#if os(Linux)
import Foundation
import Glibc

/// Headless Chromium driven through the DevTools protocol over `--remote-debugging-pipe`: JSON messages
/// separated by NUL bytes, read by the browser on its fd 3 and written on its fd 4. No websocket, no port.
///
/// Every call blocks: a session runs on a thread of its own (``run(_:language:_:)``), never on the
/// cooperative pool, whose threads the server under test needs. A session that doesn't end within a minute
/// has its browser killed, which ends every read.
final class DevToolsPipe {
    /// The DevTools protocol answered a command with an error, or the browser went away.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    /// Messages read while waiting for another: events, kept in order for ``waitForEvent(_:)``.
    private var pending: [[String: Any]] = []
    private var nextID = 0
    private var session: String?

    /// Runs `body` with a fresh headless Chromium, on a thread of its own, and ends the browser afterwards.
    static func run<Value: Sendable>(
        _ chromium: String,
        language: String,
        _ body: @escaping @Sendable (DevToolsPipe) throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try session(chromium, language: language, body) })
            }
            thread.start()
        }
    }

    private static func session<Value>(
        _ chromium: String,
        language: String,
        _ body: (DevToolsPipe) throws -> Value
    ) throws -> Value {
        let profile = FileManager.default.temporaryDirectory.appending(path: "remedy-devtools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let browser = try DevToolsPipe(
            chromium,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--lang=\(language)",
                "--accept-lang=\(language)", "about:blank",
            ]
        )
        // The watchdog: a browser that hangs is killed, which ends the reads below with a failure.
        // Cancelled before the browser is reaped, so it never hits a process that took its pid.
        let pid = browser.pid
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer {
            watchdog.cancel()
            browser.close()
        }
        let target = try browser.command("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target") }
        let attached = try browser.command("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        browser.session = attached["sessionId"] as? String
        _ = try browser.command("Page.enable")
        return try body(browser)
    }

    private init(_ executable: String, arguments: [String]) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Failure(description: "pipe failed") }
        // Close-on-exec, so no other child inherits them; the copies the browser gets below are its own.
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy: the browser keeps exactly fds 3 and 4 of these.
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        Glibc.close(toChild[0])
        Glibc.close(fromChild[1])
        guard spawned == 0 else {
            Glibc.close(toChild[1])
            Glibc.close(fromChild[0])
            throw Failure(description: "posix_spawn failed: \(spawned)")
        }
        self.pid = pid
        toBrowser = toChild[1]
        fromBrowser = fromChild[0]
    }

    /// Ends the browser and waits for it.
    private func close() {
        _ = try? command("Browser.close", inSession: false)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    // MARK: - Messages

    /// Sends a command (to the attached page, unless `inSession` is false) and returns its result.
    @discardableResult
    func command(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        let written = bytes.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(description: "the browser's pipe is closed") }
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == id else {
                pending.append(reply)
                continue
            }
            if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the next event named `method` of the attached page, and drops the events before it.
    func waitForEvent(_ method: String) throws {
        while !pending.isEmpty {
            if pending.removeFirst()["method"] as? String == method { return }
        }
        while try readMessage()["method"] as? String != method {}
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser went away") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    // MARK: - Pages

    /// Loads a URL in the page, and waits until it has loaded.
    func navigate(to url: URL) throws {
        try command("Page.navigate", ["url": url.absoluteString])
        try waitForEvent("Page.loadEventFired")
    }

    /// Evaluates a JavaScript expression in the page (DevTools' evaluation, which the page's CSP doesn't
    /// govern) and returns its value.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try command("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Clicks, as a person would with a mouse, the middle of the link or button whose text is `text`, and
    /// waits for the page it leads to to load.
    func click(_ text: String) throws {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self)
        let point = try evaluate(
            """
            (() => { const e = [...document.querySelectorAll('a, button')]
                .find(e => e.textContent.trim() === \(quoted)[0]);
              if (!e) return null; const r = e.getBoundingClientRect();
              return [r.x + r.width / 2, r.y + r.height / 2]; })()
            """
        )
        guard let point = point as? [Double], point.count == 2 else {
            throw Failure(description: "no control titled \(text)")
        }
        for type in ["mousePressed", "mouseReleased"] {
            try command(
                "Input.dispatchMouseEvent",
                ["type": type, "x": point[0], "y": point[1], "button": "left", "clickCount": 1]
            )
        }
        try waitForEvent("Page.loadEventFired")
    }
}
#endif
