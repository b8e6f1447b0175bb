import Foundation
import Remedy

/// Errors and trees shared by the tree and report tests.
enum TreeFixtures {
    // MARK: - The forecast tree of the error-trees write-up: three typed layers, no conformances

    enum DataServiceError: Error {
        case transport(URLError)
        case unexpectedStatus(Int)
        case parsing(DecodingError)
    }

    enum ForecastServiceError: Error {
        case data(DataServiceError)
        case outOfRange(Double)
    }

    enum ViewModelError: Error {
        case forecast(ForecastServiceError)
    }

    struct Forecast: Decodable {
        struct Day: Decodable { var temp: Double }
        var days: [Day]
    }

    /// A real `DecodingError` from `JSONDecoder`: the first day has no `temp`.
    static func decodingError() -> DecodingError {
        do {
            _ = try JSONDecoder().decode(Forecast.self, from: Data(#"{"days": [{"tmp": 21.5}]}"#.utf8))
        } catch let error as DecodingError {
            return error
        } catch {}
        preconditionFailure("the forecast JSON must fail to decode")
    }

    /// `ViewModelError.forecast(.data(.parsing(DecodingError)))`.
    static func forecastTree() -> ViewModelError {
        .forecast(.data(.parsing(decodingError())))
    }

    // MARK: - Small errors

    enum Leaf: Error {
        case timeout
        case notFound
    }

    struct Message: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    struct Batch: WrappingError {
        var failures: [any Error]
        var underlyingErrors: [any Error] { failures }
    }

    /// A `WrappingError` whose cause is a new instance on every look: an infinite tree.
    struct Bottomless: WrappingError {
        var underlyingErrors: [any Error] { [Bottomless()] }
    }

    // MARK: - Class errors, for cycles and deep chains

    /// A class error whose cause can be set after creation, to build cycles and long chains.
    final class LinkError: Error, @unchecked Sendable {
        // @unchecked: `next` is only set while a test builds or dismantles its tree, never during a walk.
        let name: String
        var next: (any Error)?

        init(_ name: String, next: (any Error)? = nil) {
            self.name = name
            self.next = next
        }

        /// A chain of `count` links, the first one returned; the last link's cause is `end`.
        static func chain(count: Int, end: (any Error)? = nil) -> LinkError {
            let last = LinkError("link \(count - 1)", next: end)
            var head = last
            for index in stride(from: count - 2, through: 0, by: -1) {
                head = LinkError("link \(index)", next: head)
            }
            return head
        }

        /// Unlinks a chain from this link down, so that releasing it doesn't recurse once per link.
        func dismantle() {
            var current: LinkError? = self
            while let link = current {
                current = link.next as? LinkError
                link.next = nil
            }
        }
    }

    /// An `NSError` whose underlying error is itself.
    final class SelfReferencingNSError: NSError, @unchecked Sendable {
        // @unchecked: immutable after init, like every NSError.
        init() { super.init(domain: "Remedy.Tests", code: 1, userInfo: nil) }
        required init?(coder: NSCoder) { nil }
        override var userInfo: [String: Any] { [NSUnderlyingErrorKey: self] }
    }

    /// An `NSError` whose underlying error is set after creation, for A↔B cycles of `NSError`s.
    final class LinkedNSError: NSError, @unchecked Sendable {
        // @unchecked: `next` is only set while a test builds its tree, never during a walk.
        var next: NSError?
        init(code: Int) { super.init(domain: "Remedy.Tests", code: code, userInfo: nil) }
        required init?(coder: NSCoder) { nil }
        override var userInfo: [String: Any] { next.map { [NSUnderlyingErrorKey: $0] } ?? [:] }
    }

    // MARK: - Threads

    /// Runs `body` on a new thread with a 512 KiB stack and waits for it, without sleeping.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                body()
                continuation.resume()
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }
}
