import Foundation
import Logging
import Remedy

// What the benchmarks and `remedy-profile` share besides the error fixtures.

/// Remedy's texts in English, whatever the machine's locale.
package let english = Localization(locale: Locale(identifier: "en"))

/// A resolver in English, created once: its cost is not part of any figure.
package let resolver = ErrorResolver(localization: english)

/// A text cut into the pieces a renderer appends: words and separators.
package func concatenationPieces(of text: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    for character in text {
        current.append(character)
        if character == " " || character == "\n" {
            pieces.append(current)
            current = ""
        }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
}

/// Appends pieces into one new String.
@inline(never)
package func concatenate(_ pieces: [String]) -> String {
    var result = ""
    for piece in pieces {
        result += piece
    }
    return result
}

/// A root scope in English whose presenter answers at once and whose log handler drops what it gets.
package func makeQuietRoot(presenter: any ErrorPresenter = SilentPresenter(), counter: CountingLogHandler.Counter)
    -> ErrorScope
{
    ErrorScope.root(
        presenter: presenter,
        localization: english,
        logger: Logger(label: "benchmarks") { _ in CountingLogHandler(counter: counter) }
    )
}

/// Returns its argument through a call the optimizer can't see into, so work on it can't be folded away.
@inline(never)
package func opaque<Value>(_ value: Value) -> Value {
    value
}

/// The work an `attempt` wraps: opaque to the optimizer, so both figures pay for the same call.
@inline(never)
package func loadValue() async throws -> Int {
    opaque(42)
}
