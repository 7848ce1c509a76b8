import Glibc

/// Runs `body` on a new detached POSIX thread (`name` is for the message if it cannot start).
/// Foundation's `Thread` would do the same, but it lives in the Foundation that pulls
/// ICU into the binary, and the change feed needs nothing else from it.
func startDetachedThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    final class Start: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { context in
        let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
        start.body()
        return nil
    }, start)
    // Only when the process is out of threads or memory, where nothing else can go on either.
    precondition(created == 0, "cannot start the \(name) thread: error \(created)")
    pthread_detach(thread)
}
