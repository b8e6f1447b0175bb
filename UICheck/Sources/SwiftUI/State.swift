import Foundation
import Observation

/// https://developer.apple.com/documentation/swiftui/binding
/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    /// Fake: a binding over two closures (SwiftUI's own `init(get:set:)` takes `@isolated(any)` closures that
    /// only SwiftUI's runtime can call synchronously).
    public init(fakeGet: @escaping () -> Value, fakeSet: @escaping (Value) -> Void) {
        read = fakeGet
        write = fakeSet
    }

    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    /// `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    /// `var projectedValue: Binding<Value> { get }`
    public var projectedValue: Binding<Value> { self }

    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            fakeGet: { read()[keyPath: keyPath] },
            fakeSet: { newValue in
                var value = read()
                value[keyPath: keyPath] = newValue
                write(value)
            }
        )
    }
}

/// https://developer.apple.com/documentation/swiftui/bindable
/// `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17, macOS 14)
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    /// https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
    /// `var wrappedValue: Value`
    public var wrappedValue: Value

    /// https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
    /// `var projectedValue: Bindable<Value> { get }`
    public var projectedValue: Bindable<Value> { self }

    /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
    /// `init(wrappedValue: Value)` where `Value : AnyObject, Value : Observable`
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// https://developer.apple.com/documentation/swiftui/bindable (its initializer `init(_:)`)
    /// `init(_ wrappedValue: Value)` where `Value : AnyObject, Value : Observable`
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
    /// `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    /// { get }` where `Value : AnyObject`
    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(fakeGet: { object[keyPath: keyPath] }, fakeSet: { object[keyPath: keyPath] = $0 })
    }
}

/// https://developer.apple.com/documentation/swiftui/environmentkey
/// `protocol EnvironmentKey`
public protocol EnvironmentKey {
    /// https://developer.apple.com/documentation/swiftui/environmentkey/value
    associatedtype Value

    /// https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    /// `static var defaultValue: Self.Value { get }`
    static var defaultValue: Value { get }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
/// `struct EnvironmentValues`
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}

    /// https://developer.apple.com/documentation/swiftui/environmentkey (the subscript, as its page uses it)
    /// `subscript<K>(key: K.Type) -> K.Value where K : EnvironmentKey { get set }`
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Fake: the environment every `@Environment` property reads, set by a test.
    @MainActor public static var fakeCurrent = EnvironmentValues()
}

/// https://developer.apple.com/documentation/swiftui/scenephase
/// `enum ScenePhase`
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/scenephase/background
    case background
    /// https://developer.apple.com/documentation/swiftui/scenephase/inactive
    case inactive
    /// https://developer.apple.com/documentation/swiftui/scenephase/active
    case active
}

/// The environment key of the fake's scene phase.
private struct FakeScenePhaseKey: EnvironmentKey {
    static let defaultValue = ScenePhase.active
}

extension EnvironmentValues {
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    /// `var scenePhase: ScenePhase { get set }`
    public var scenePhase: ScenePhase {
        get { self[FakeScenePhaseKey.self] }
        set { self[FakeScenePhaseKey.self] = newValue }
    }
}

/// https://developer.apple.com/documentation/swiftui/environment
/// `@frozen @propertyWrapper struct Environment<Value>`
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)
    /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    /// `@MainActor @preconcurrency var wrappedValue: Value { get }`
    @MainActor
    public var wrappedValue: Value { EnvironmentValues.fakeCurrent[keyPath: keyPath] }
}

/// https://developer.apple.com/documentation/accessibility/accessibilitynotification
/// `enum AccessibilityNotification` (the Accessibility framework, which SwiftUI re-exports)
public enum AccessibilityNotification {
    /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    /// `struct Announcement` (iOS 17, macOS 14)
    public struct Announcement: Sendable {
        let text: String

        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
        /// `init(_ announcement: String)`
        public init(_ announcement: String) { text = announcement }

        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
        /// `func post()`
        public func post() {
            MainActor.assumeIsolated { AccessibilityNotification.fakePosted.append(text) }
        }
    }

    /// Fake: every announcement posted, in order.
    @MainActor public static var fakePosted: [String] = []
}

/// https://developer.apple.com/documentation/swiftui/state
/// `@frozen @propertyWrapper struct State<Value>` — SwiftUI keeps a view's state across renders, for as long
/// as the view is in the tree; the fake keeps it for as long as the view value, and a test renders the same
/// value again to stand for a new render.
@propertyWrapper
public struct State<Value> {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    /// `init(wrappedValue value: Value)`
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    /// `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}
