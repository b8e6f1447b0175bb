import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it: reports are often
/// written on threads with small stacks, where deep recursion crashes.
package func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    #if canImport(Glibc)
    // POSIX threads directly: the stack size asked for is the stack size the thread gets.
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0, "stack size refused")
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
        &thread,
        &attributes,
        { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        },
        context
    )
    precondition(created == 0, "thread not created")
    pthread_join(thread, nil)
    #else
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    #endif
}

private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
