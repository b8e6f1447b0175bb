// The soak of the issue "Across the wire": 200,000 failed requests through `ProblemDetailsMiddleware`, in
// process (a router called without sockets, as `remedy-profile`'s `server.failure.<shape>`, every shape in turn), 8 at a
// time. Resident memory is read after the first 10,000 and at the end; the run fails (exit 1) when it grew
// by more than 5 MB: whatever a request's resolution makes must be gone when its answer is written.
//
//     swift run -c release remedy-soak [REQUESTS]
//
// Memory, not time, is what it checks; it prints the time only to say how long the soak ran.
import Foundation
import RemedyBenchmarkSupport

let total = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
let warmUp = 10_000
let limitBytes = 5 * 1024 * 1024
let width = 8

/// The resident set size of this process, from `/proc/self/statm`, in bytes.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { fatalError("remedy-soak: /proc/self/statm can't be read") }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let server = FailingServer(answersProblems: true)

/// Sends `count` failed requests, `width` at a time, each shape of error in turn; every answer must be a
/// failure's.
func soak(_ count: Int) async {
    await withTaskGroup(of: Int.self) { group in
        var sent = 0
        var answered = 0
        while sent < min(width, count) {
            let shape = FailureShape.allCases[sent % FailureShape.allCases.count]
            group.addTask { await server.respond(failing: shape) }
            sent += 1
        }
        while let status = await group.next() {
            precondition((400..<600).contains(status), "remedy-soak: a failed request answered \(status)")
            answered += 1
            if sent < count {
                let shape = FailureShape.allCases[sent % FailureShape.allCases.count]
                group.addTask { await server.respond(failing: shape) }
                sent += 1
            }
        }
        precondition(answered == count)
    }
}

let start = ContinuousClock.now
await soak(warmUp)
let afterWarmUp = residentBytes()
await soak(total - warmUp)
let atEnd = residentBytes()
let growth = atEnd - afterWarmUp
let megabytes = { (bytes: Int) in String(format: "%.2f MB", Double(bytes) / 1_048_576) }
print(
    "remedy-soak: \(total) failed requests in \(ContinuousClock.now - start); resident after \(warmUp): "
        + "\(megabytes(afterWarmUp)), at the end: \(megabytes(atEnd)), growth \(megabytes(growth)) "
        + "(limit \(megabytes(limitBytes)))"
)
exit(growth <= limitBytes ? 0 : 1)
