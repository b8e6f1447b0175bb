/// A text style made of ANSI SGR (Select Graphic Rendition) codes.
package struct ANSIStyle: Sendable, Hashable {
    /// The SGR parameters, such as 1 (bold) and 31 (red).
    package var codes: [Int]

    package init(_ codes: [Int]) {
        self.codes = codes
    }

    package static let plain = ANSIStyle([])
    package static let bold = ANSIStyle([1])
    package static let dim = ANSIStyle([2])
    package static let red = ANSIStyle([31])
    package static let boldRed = ANSIStyle([1, 31])
    package static let green = ANSIStyle([32])
    package static let yellow = ANSIStyle([33])
    package static let cyan = ANSIStyle([36])
    package static let boldCyan = ANSIStyle([1, 36])

    /// The escape sequence that starts the style.
    package var start: String {
        "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    }

    /// The escape sequence that resets every style.
    package static let reset = "\u{1B}[0m"

    /// The text in this style, or the text as is when colour is off or the style is plain.
    ///
    /// - Parameters:
    ///   - text: The text to style; it must hold no newline, so every line resets on its own.
    ///   - enabled: Whether to emit escape sequences.
    /// - Returns: The styled text.
    package func apply(to text: some StringProtocol, enabled: Bool) -> String {
        guard enabled, !codes.isEmpty, !text.isEmpty else { return String(text) }
        return start + text + Self.reset
    }

    /// The text without any SGR escape sequences (`ESC [ … m`).
    ///
    /// - Parameter text: Text that may hold styles.
    /// - Returns: The text as a person reads it.
    package static func stripped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            // Skips "[" parameters "m".
            while let next = scalars.next(), next != "m" {}
        }
        return String(result)
    }
}
