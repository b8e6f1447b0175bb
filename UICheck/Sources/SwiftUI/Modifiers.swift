import Foundation

/// https://developer.apple.com/documentation/swiftui/shapestyle
/// `protocol ShapeStyle : Sendable`
public protocol ShapeStyle: Sendable {}

/// https://developer.apple.com/documentation/swiftui/material
/// `struct Material`
public struct Material: ShapeStyle {
    let name: String
}

extension ShapeStyle where Self == Material {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/regularmaterial
    /// `static var regularMaterial: Material { get }`
    public static var regularMaterial: Material { Material(name: "regular") }
}

/// https://developer.apple.com/documentation/swiftui/edge
/// `@frozen enum Edge`
public enum Edge: Int8, Sendable {
    /// https://developer.apple.com/documentation/swiftui/edge/top (and `leading`, `bottom`, `trailing`)
    case top, leading, bottom, trailing

    /// https://developer.apple.com/documentation/swiftui/edge/set
    /// `@frozen struct Set`
    public struct Set: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/swiftui/edge/set/rawvalue
        public let rawValue: Int8
        /// https://developer.apple.com/documentation/swiftui/edge/set/init(rawvalue:)
        public init(rawValue: Int8) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/swiftui/edge/set/all
        public static let all = Set(rawValue: 0b1111)
    }
}

/// Fake: what `.alert(_:isPresented:presenting:actions:message:)` was given. The actions and the message are
/// made from the data as SwiftUI does when it shows the alert; `nil` when there is no data.
nonisolated public struct FakeAlert<Actions: View, Message: View>: FakeNode {
    public let title: String
    public let isPresented: Binding<Bool>
    public let actions: Actions?
    public let message: Message?
    @MainActor public var fakeChildren: [Any] { [actions as Any, message as Any] }
}

/// Fake: what `.sheet(item:onDismiss:content:)` was given.
public struct FakeSheet<Item: Identifiable, Content: View> {
    public let item: Binding<Item?>
    public let content: (Item) -> Content
}

/// Fake: what `.overlay(alignment:content:)` was given.
nonisolated public struct FakeOverlay<Overlay: View>: FakeNode {
    public let alignment: Alignment
    public let overlay: Overlay
    @MainActor public var fakeChildren: [Any] { [overlay] }
}

/// Fake: what `.environment(_:_:)` was given.
public struct FakeEnvironmentWrite<Value> {
    public let keyPath: WritableKeyPath<EnvironmentValues, Value>
    public let value: Value
}

/// Fake: what `.onAppear`, `.onDisappear` and `.onChange(of:)` were given; a test runs the action as SwiftUI
/// would (when the view appears, disappears, or the value changes).
public struct FakeLifecycleAction {
    public let event: String
    public let action: () -> Void
}

/// Fake: a modifier that only styles (padding, background).
public struct FakeStyling {
    public let name: String
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    /// `nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        FakeModified(content: self, record: FakeEnvironmentWrite(keyPath: keyPath, value: value))
    }

    /// https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:presenting:actions:message:)-8584l
    /// `nonisolated func alert<S, A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
    /// @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View
    /// where S : StringProtocol, A : View, M : View` (the newest SDK spells the builders `@ContentBuilder`)
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S,
        isPresented: Binding<Bool>,
        presenting data: T?,
        @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View {
        FakeModified(
            content: self,
            record: FakeAlert(
                title: String(title),
                isPresented: isPresented,
                actions: data.map(actions),
                message: data.map(message)
            )
        )
    }

    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    /// `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
    /// where V : View`
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        FakeModified(content: self, record: FakeOverlay(alignment: alignment, overlay: content()))
    }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    /// `nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    /// @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        FakeModified(content: self, record: FakeSheet(item: item, content: content))
    }

    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    /// `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        FakeModified(content: self, record: FakeLifecycleAction(event: "appear", action: action ?? {}))
    }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    /// `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        FakeModified(content: self, record: FakeLifecycleAction(event: "disappear", action: action ?? {}))
    }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:) (the form whose action
    /// takes no parameters)
    /// `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    /// -> some View where V : Equatable` (iOS 17, macOS 14)
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    {
        FakeModified(content: self, record: FakeLifecycleAction(event: "change", action: action))
    }

    /// https://developer.apple.com/documentation/swiftui/view/focusable(_:)
    /// `nonisolated func focusable(_ isFocusable: Bool = true) -> some View` (macOS 12, iOS 17)
    public func focusable(_ isFocusable: Bool = true) -> some View {
        FakeModified(content: self, record: FakeStyling(name: isFocusable ? "focusable" : "notFocusable"))
    }

    /// https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    /// `nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View`
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        FakeModified(content: self, record: FakeStyling(name: "padding"))
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    /// `nonisolated func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
    /// where S : ShapeStyle`
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        FakeModified(content: self, record: FakeStyling(name: "background"))
    }
}
