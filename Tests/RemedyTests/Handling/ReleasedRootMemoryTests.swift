import Foundation
import Remedy
import RemedyTesting
import Testing

/// Roots made for one window or one request and released after presenting one error give back everything
/// they held: measured in resident memory, on the real clock, whose cancelled sleeps keep
/// their timers until their deadline.
@Suite(.timeLimit(.minutes(10)))
struct ReleasedRootMemoryTests {
    @Test(.enabled(if: residentBytes() != nil, "resident memory can't be read here: no /proc/self/statm"))
    func releasedRootsThatPresentedAnErrorKeepNoMemory() async throws {
        let rootsPerRound = 6_000
        var growthPerRoot: [Int] = []
        // The least of three rounds: tests running alongside allocate too, but not through every round.
        for _ in 0..<3 {
            let before = residentBytes() ?? 0
            for _ in 0..<rootsPerRound {
                try await presentOnceAndRelease()
            }
            growthPerRoot.append(((residentBytes() ?? 0) - before) / rootsPerRound)
        }
        // A sleep left until the presenter timeout (ten minutes) costs about 800 bytes a root.
        #expect(growthPerRoot.min()! < 200, "bytes kept per released root, in each round: \(growthPerRoot)")
    }

    private func presentOnceAndRelease() async throws {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        var root: ErrorScope? = ErrorScope.root(presenter: presenter, clock: ContinuousClock())
        _ = await root?.handle(MessageError("The upload failed.")).value
        #expect(presenter.presentations.count == 1)
        weak let released = root
        root = nil
        try #require(released == nil)
    }

}

/// The process's resident memory in bytes, where the platform says (Linux: `/proc/self/statm`, whose
/// second field counts resident pages).
private func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
