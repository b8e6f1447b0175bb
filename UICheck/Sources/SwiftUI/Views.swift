import Foundation

/// https://developer.apple.com/documentation/swiftui/text
/// `@frozen struct Text`
nonisolated public struct Text: View, Equatable {
    /// Fake: the text shown.
    public let fakeContent: String

    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    /// `init<S>(_ content: S) where S : StringProtocol`
    public init<S: StringProtocol>(_ content: S) { fakeContent = String(content) }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
}

/// https://developer.apple.com/documentation/swiftui/image
/// `@frozen struct Image`
nonisolated public struct Image: View {
    /// Fake: the symbol's name.
    public let fakeSystemName: String

    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    /// `init(systemName: String)`
    public init(systemName: String) { fakeSystemName = systemName }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
}

/// https://developer.apple.com/documentation/swiftui/label
/// `struct Label<Title, Icon> where Title : View, Icon : View`
nonisolated public struct Label<Title: View, Icon: View>: View, FakeNode {
    let title: Title
    let icon: Icon
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [title, icon] }
}

extension Label where Title == Text, Icon == Image {
    /// https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:) (the overload page)
    /// `init<S>(_ title: S, systemImage name: String) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: Text(title), icon: Image(systemName: name))
    }
}

/// https://developer.apple.com/documentation/swiftui/buttonrole
/// `struct ButtonRole`
nonisolated public struct ButtonRole: Equatable, Sendable {
    let name: String

    /// https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    /// `static let cancel: ButtonRole`
    public static let cancel = ButtonRole(name: "cancel")

    /// https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    /// `static let destructive: ButtonRole`
    public static let destructive = ButtonRole(name: "destructive")
}

/// https://developer.apple.com/documentation/swiftui/button
/// `@MainActor @preconcurrency struct Button<Label> where Label : View`
nonisolated public struct Button<Label: View>: View, FakeNode {
    /// Fake: the button's label, role and action.
    public let fakeLabel: Label
    public let fakeRole: ButtonRole?
    let action: @MainActor () -> Void

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [fakeLabel] }

    /// Fake: a tap.
    @MainActor public func fakeTap() { action() }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    /// `nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(fakeLabel: Text(title), fakeRole: nil, action: action)
    }

    /// https://developer.apple.com/documentation/swiftui/button/init(_:role:action:) (the overload page)
    /// `nonisolated init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
    /// where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(fakeLabel: Text(title), fakeRole: role, action: action)
    }
}

/// https://developer.apple.com/documentation/swiftui/foreach
/// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// https://developer.apple.com/documentation/swiftui/foreach/data
    public var data: Data
    /// https://developer.apple.com/documentation/swiftui/foreach/content
    public var content: (Data.Element) -> Content
}

extension ForEach: View, FakeNode where Content: View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`
    public var body: Never { fatalError("primitive view") }
    /// Fake: the view of each element.
    @MainActor public var fakeChildren: [Any] { data.map(content) }

    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    /// `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
    }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
    /// `init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)`
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

/// https://developer.apple.com/documentation/swiftui/verticalalignment
/// `@frozen struct VerticalAlignment`
public struct VerticalAlignment: Equatable, Sendable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static let center = VerticalAlignment(name: "center")
    /// https://developer.apple.com/documentation/swiftui/verticalalignment/bottom
    public static let bottom = VerticalAlignment(name: "bottom")
}

/// https://developer.apple.com/documentation/swiftui/horizontalalignment
/// `@frozen struct HorizontalAlignment`
public struct HorizontalAlignment: Equatable, Sendable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment(name: "center")
}

/// https://developer.apple.com/documentation/swiftui/alignment
/// `@frozen struct Alignment`
public struct Alignment: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/alignment/horizontal
    public var horizontal: HorizontalAlignment
    /// https://developer.apple.com/documentation/swiftui/alignment/vertical
    public var vertical: VerticalAlignment

    /// https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// https://developer.apple.com/documentation/swiftui/alignment/bottom
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
}

/// https://developer.apple.com/documentation/swiftui/hstack
/// `@frozen struct HStack<Content> where Content : View`
nonisolated public struct HStack<Content: View>: View, FakeNode {
    let content: Content

    /// https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    /// `init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [content] }
}

/// https://developer.apple.com/documentation/swiftui/vstack
/// `@frozen struct VStack<Content> where Content : View`
nonisolated public struct VStack<Content: View>: View, FakeNode {
    let content: Content

    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {
        self.content = content()
    }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [content] }
}

/// https://developer.apple.com/documentation/swiftui/contentunavailableview
/// `struct ContentUnavailableView<Label, Description, Actions> where Label : View, Description : View,
/// Actions : View` (iOS 17, macOS 14, tvOS 17, watchOS 10)
nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View, FakeNode {
    /// Fake: the parts it was given.
    public let fakeLabel: Label
    public let fakeDescription: Description
    public let fakeActions: Actions

    /// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(label:description:actions:)
    /// `init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
    /// @ViewBuilder actions: () -> Actions = { EmptyView() })`
    public init(
        @ViewBuilder label: () -> Label,
        @ViewBuilder description: () -> Description,
        @ViewBuilder actions: () -> Actions
    ) {
        fakeLabel = label()
        fakeDescription = description()
        fakeActions = actions()
    }

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property — a primitive view, `Body == Never`

    public var body: Never { fatalError("primitive view") }
    @MainActor public var fakeChildren: [Any] { [fakeLabel, fakeDescription, fakeActions] }
}
