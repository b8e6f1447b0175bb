/// Collects the values of a documentation sample's bare expressions, such as `tree.count  // 4`.
///
/// Samples show values as lines of their own, which compile to "unused" warnings in a plain function. In a
/// function marked `@SampleValues` each such line becomes an element of the returned array, in order, so
/// the sample compiles as written and a test checks what the comment next to it says.
@resultBuilder
enum SampleValues {
    static func buildExpression<Value>(_ value: Value) -> [Any] { [value] }
    static func buildBlock(_ parts: [Any]...) -> [Any] { parts.flatMap { $0 } }
}
