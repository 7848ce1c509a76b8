import CGtk
import Dispatch
import Glibc

/// Drains libdispatch's main queue from GLib's main loop.
///
/// On Linux nothing runs the main queue while GLib owns the main thread, so
/// `DispatchQueue.main.async`, `Task { @MainActor in … }` and `await MainActor.run` would
/// never run. libdispatch signals new main-queue work on an eventfd
/// (`_dispatch_get_main_queue_handle_4CF`); this installs a GLib fd source on it
/// (`g_unix_fd_add`) whose callback clears the eventfd and drains the queue
/// (`_dispatch_main_queue_callback_4CF`), the way CoreFoundation's run loop does.
///
/// Private libdispatch SPI: `MainQueueBridgeTests` fails if a toolchain upgrade breaks it.
/// Never call `dispatch_main()` in a process that installs the bridge: after it, the drain
/// callback traps.
public enum MainQueueBridge {
    @MainActor private static var sourceID: guint = 0

    /// Whether `install()` has run in this process.
    @MainActor public static var isInstalled: Bool { sourceID != 0 }

    /// Adds the fd source to GLib's default main context. Idempotent. Call on the main
    /// thread before running the loop (`Application.run` does).
    @MainActor public static func install() {
        guard sourceID == 0 else { return }
        let handle = _dispatch_get_main_queue_handle_4CF()
        precondition(handle >= 0, "GtkKit: libdispatch has no main-queue handle")
        sourceID = g_unix_fd_add(handle, G_IO_IN, drainMainQueue, nil)
        // The queue may already hold work posted before the loop existed.
        _dispatch_main_queue_callback_4CF(nil)
    }
}

/// `GUnixFDSourceFunc`: clear the eventfd first, so work queued while draining wakes the
/// loop again, then run everything on the main queue. Keeps the source.
private let drainMainQueue: GUnixFDSourceFunc = { fd, _, _ in
    var counter: UInt64 = 0
    // Non-blocking eventfd: EAGAIN just means another wake-up already cleared it.
    _ = read(fd, &counter, MemoryLayout<UInt64>.size)
    _dispatch_main_queue_callback_4CF(nil)
    return 1  // G_SOURCE_CONTINUE
}
