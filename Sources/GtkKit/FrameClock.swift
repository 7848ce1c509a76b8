import CGtk

/// The clock that paces a window's frames (`GdkFrameClock`), for timing hooks.
/// GTK owns it (through the window's surface); the wrapper only borrows it.
@MainActor public final class FrameClock: NativeObject {
    init(borrowing pointer: UnsafeMutableRawPointer) {
        precondition(Bool(gboolean: tessera_is_frame_clock(pointer)), "GtkKit: not a GdkFrameClock")
        super.init(pointer, adoption: .borrow)
    }

    private var clock: OpaquePointer { OpaquePointer(objectPointer) }

    /// The current frame's time in microseconds, monotonic (`gdk_frame_clock_get_frame_time`).
    public var frameTime: Int64 { ifAlive(0) { _ in Int64(gdk_frame_clock_get_frame_time(clock)) } }

    /// How many frames have been drawn (`gdk_frame_clock_get_frame_counter`).
    public var frameCounter: Int64 { ifAlive(0) { _ in Int64(gdk_frame_clock_get_frame_counter(clock)) } }

    /// Runs `handler` after each frame is painted (`after-paint` signal).
    @discardableResult
    public func onAfterPaint(_ handler: @escaping @MainActor (FrameClock) -> Void) -> SignalConnection<@MainActor (FrameClock) -> Void> {
        connect("after-paint", shape: .instance, handler: handler) { [weak self] handler in
            { instance in handler(self ?? FrameClock(borrowing: instance)) }
        }
    }
}

extension Widget {
    /// The frame clock of the widget's window, `nil` until realized (`gtk_widget_get_frame_clock`).
    public var frameClock: FrameClock? {
        withWidget(nil) { widget in
            gtk_widget_get_frame_clock(widget).map { FrameClock(borrowing: UnsafeMutableRawPointer($0)) }
        }
    }

    /// Runs `body` once, after the next frame that paints this widget's window
    /// (`after-paint` on its frame clock; waits for `realize` first if needed).
    public func afterNextPaint(_ body: @escaping @MainActor (FrameClock) -> Void) {
        if let clock = frameClock {
            clock.afterNextPaint(body)
            return
        }
        let pending = PendingConnection()
        pending.connection = onRealize { [weak self] in
            pending.connection?.disconnect()
            self?.frameClock?.afterNextPaint(body)
        }
    }
}

extension FrameClock {
    /// Runs `body` after the next paint only, then disconnects.
    func afterNextPaint(_ body: @escaping @MainActor (FrameClock) -> Void) {
        let pending = PendingConnection()
        pending.connection = onAfterPaint { clock in
            pending.connection?.disconnect()
            body(clock)
        }
    }
}

/// Lets a one-shot handler reach its own connection, which exists only after connecting.
@MainActor private final class PendingConnection {
    var connection: AnyDisconnectable?
}

/// Anything with `disconnect()`; erases a `SignalConnection`'s handler type.
@MainActor protocol AnyDisconnectable: AnyObject {
    func disconnect()
}

extension SignalConnection: AnyDisconnectable {}
