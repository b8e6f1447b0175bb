import Foundation
import Subprocess
import SystemPackage

extension Failures {
    // MARK: - swift-subprocess and Foundation's Process

    /// Spawning a program that isn't installed, and one in a working directory that doesn't exist.
    static let processes: [FailureCase] = [
        FailureCase(
            "subprocess.notFound", library: "swift-subprocess",
            summary: "run(.name(\"remedy-no-such-program\")): no such program on PATH"
        ) { workspace in
            try await workspace.failure {
                try await Subprocess.run(.name("remedy-no-such-program"), output: .discarded).terminationStatus
            }
        },
        FailureCase(
            "subprocess.workingDirectory", library: "swift-subprocess",
            summary: "run /bin/sh with a working directory that doesn't exist"
        ) { workspace in
            try await workspace.failure {
                try await Subprocess.run(
                    .path("/bin/sh"), arguments: ["-c", "true"],
                    workingDirectory: FilePath(workspace.path("missing")), output: .discarded
                ).terminationStatus
            }
        },
        FailureCase(
            "process.notFound", library: "Foundation",
            summary: "Process.run() of an executable path that doesn't exist"
        ) { workspace in
            let process = Process()
            process.executableURL = workspace.url("bin/remedy-no-such-program")
            return try await workspace.failure { try process.run() }
        },
    ]

    // MARK: - Foundation pipes and devices

    /// Writing output that nobody reads any more (`tool | head`), and writing to a full device.
    static let pipes: [FailureCase] = [
        FailureCase(
            "pipe.closed", library: "Foundation",
            summary: "FileHandle.write(contentsOf:) to a pipe whose reading end is closed (SIGPIPE ignored)"
        ) { workspace in
            // A tool that writes to a pipe ignores SIGPIPE to get EPIPE as an error instead of being killed.
            signal(SIGPIPE, SIG_IGN)
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return try await workspace.failure {
                try pipe.fileHandleForWriting.write(contentsOf: Data("note 1\nnote 2\n".utf8))
            }
        },
        FailureCase(
            "device.full", library: "Foundation",
            summary: "FileHandle.write(contentsOf:) to /dev/full (ENOSPC)"
        ) { workspace in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            defer { try? handle.close() }
            return try await workspace.failure { try handle.write(contentsOf: Data("the notes".utf8)) }
        },
    ]
}
