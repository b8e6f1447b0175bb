// Stand-in of the parts of SwiftUI that RemedyUI calls, for type-checking RemedyUI on Linux and testing it with
// fakes. Each declaration cites its page of Apple's documentation; what is marked "Fake" is not Apple API.
// The views record what they were given instead of rendering; `fakeFind(_:in:)` searches a view tree.
@_exported import Foundation

/// https://developer.apple.com/documentation/swiftui/view
/// `@MainActor @preconcurrency protocol View`
@MainActor
@preconcurrency
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view (associatedtype Body)
    associatedtype Body: View

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    @ViewBuilder var body: Body { get }
}

/// https://developer.apple.com/documentation/swift/never (SwiftUI: `extension Never : View`)
extension Never: View {
    /// https://developer.apple.com/documentation/swiftui/view (`Never` is the body of primitive views)
    public typealias Body = Never
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError("Never has no body") }
}

/// Fake: a view that records its parts, so tests can look into a view tree.
@MainActor
public protocol FakeNode {
    /// The values this view holds: child views and records of modifiers.
    var fakeChildren: [Any] { get }
}

/// Fake: every value of a type in a view tree, depth first.
@MainActor
public func fakeFind<T>(_ type: T.Type, in root: Any) -> [T] {
    var found: [T] = []
    var stack: [Any] = [root]
    while let value = stack.popLast() {
        if let match = value as? T { found.append(match) }
        if let node = value as? any FakeNode { stack.append(contentsOf: node.fakeChildren.reversed()) }
    }
    return found
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
/// `@resultBuilder struct ViewBuilder`
@resultBuilder
public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder (buildBlock for one view)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
    /// `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>`
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, FakeNode {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] {
        switch storage {
        case .trueContent(let view): [view]
        case .falseContent(let view): [view]
        }
    }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
/// `@frozen struct TupleView<T>`
nonisolated public struct TupleView<T>: View, FakeNode {
    /// https://developer.apple.com/documentation/swiftui/tupleview/value
    public var value: T

    /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    public init(_ value: T) { self.value = value }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { Mirror(reflecting: value).children.map(\.value) }
}

/// https://developer.apple.com/documentation/swiftui/optional (SwiftUI: `extension Optional : View where Wrapped : View`)
extension Optional: View where Wrapped: View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
}

extension Optional: FakeNode where Wrapped: View {
    @MainActor public var fakeChildren: [Any] { map { [$0] } ?? [] }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
/// `@frozen struct EmptyView`
nonisolated public struct EmptyView: View {
    /// https://developer.apple.com/documentation/swiftui/emptyview/init()
    public init() {}
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
/// `@MainActor @preconcurrency protocol ViewModifier`
@MainActor
@preconcurrency
public protocol ViewModifier {
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body
    associatedtype Body: View

    /// https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>

    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    /// `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`
    @ViewBuilder func body(content: Content) -> Body
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
/// The stand-in for the modified view inside `body(content:)`.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// Fake: SwiftUI makes it; a test calls a modifier's body with this.
    public init() {}
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent
/// `@frozen struct ModifiedContent<Content, Modifier>`
nonisolated public struct ModifiedContent<Content, Modifier> {
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/content
    public var content: Content
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/modifier
    public var modifier: Modifier

    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
}

extension ModifiedContent: FakeNode where Content: View, Modifier: ViewModifier {
    /// Fake: the modified view and what the modifier's body makes of it.
    @MainActor public var fakeChildren: [Any] { [content, modifier.body(content: _ViewModifier_Content())] }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    /// `func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Fake: a view with a modifier applied, and the record of what the modifier was given.
nonisolated public struct FakeModified<Content: View, Record>: View, FakeNode {
    public let content: Content
    public let record: Record
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [record, content] }
}
