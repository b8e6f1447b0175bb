/// Bridges a callback that may be called never, once or many times into an async value: the first call
/// counts, and a cancelled waiter gets `false`, so a callback that never comes can't hang it.
enum OnceContinuation {
    static func value(_ start: (@escaping @Sendable (Bool) -> Void) -> Void) async -> Bool {
        let answer = FirstAnswer<Bool>()
        return await answer.value(onCancel: false) { start { answer.give($0) } }
    }
}
