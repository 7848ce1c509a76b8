import CGtk

/// One connected signal handler (`g_signal_connect_data`).
///
/// The handler's closure lives in a box GLib owns; GLib releases it when the handler is
/// disconnected or the object is disposed. The connection only observes: dropping it does
/// not disconnect. `replaceHandler(_:)` swaps the closure in place, so a re-rendered view
/// keeps its handler id and GTK's own state (a press in progress) is untouched.
@MainActor public final class SignalConnection<Handler> {
    /// The id `g_signal_connect_data` returned.
    public let handlerID: UInt
    private let instance: UnsafeMutablePointer<GObject>
    private let liveness: Liveness
    /// Weak: GLib owns the box. `nil` once GLib has released it.
    weak var box: ClosureBox?
    private let replace: @MainActor (Handler) -> Void

    init(handlerID: UInt, instance: UnsafeMutablePointer<GObject>, liveness: Liveness,
         box: ClosureBox, replace: @escaping @MainActor (Handler) -> Void) {
        self.handlerID = handlerID
        self.instance = instance
        self.liveness = liveness
        self.box = box
        self.replace = replace
    }

    /// Whether the handler is still connected (`g_signal_handler_is_connected`).
    public var isConnected: Bool {
        box != nil && liveness.isAlive && Bool(gboolean: g_signal_handler_is_connected(instance, gulong(handlerID)))
    }

    /// Disconnects the handler (`g_signal_handler_disconnect`); GLib then releases the
    /// closure. Safe to call twice, after the object is gone, or from inside the handler.
    public func disconnect() {
        guard isConnected else { return }
        g_signal_handler_disconnect(instance, gulong(handlerID))
    }

    /// Makes `handler` the closure that runs on the next emission, without reconnecting.
    /// Does nothing once the handler is disconnected.
    public func replaceHandler(_ handler: Handler) {
        replace(handler)
    }
}

extension NativeObject {
    /// Connects `handler` to `signal` through the trampoline for its C signature.
    /// `adapt` turns the public handler type into the shape's call; it is reused by
    /// `replaceHandler(_:)`.
    func connect<Handler, Call>(_ signal: String, shape: SignalShape<Call>, after: Bool = false,
                                handler: Handler,
                                adapt: @escaping @MainActor (Handler) -> Call) -> SignalConnection<Handler> {
        let box = CallbackBox(adapt(handler))
        let data = box.retainedForGLib()
        let flags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        var handlerID: gulong = 0
        if liveness.isAlive {
            handlerID = g_signal_connect_data(objectPointer, signal, shape.trampoline, data, releaseSignalBox, flags)
        } else {
            Log.gtkKit.warning("ignored connecting \(signal) on a destroyed \(Self.self)")
        }
        if handlerID == 0 {
            // Nothing connected (destroyed object or unknown signal, which GLib reports):
            // GLib will never call the notify, so give its retain back here.
            Unmanaged<ClosureBox>.fromOpaque(data).release()
        }
        return SignalConnection(handlerID: UInt(handlerID), instance: objectPointer, liveness: liveness, box: box) { [weak box] newHandler in
            box?.call = adapt(newHandler)
        }
    }

    /// Connects a handler to any signal whose C signature is
    /// `void handler(Instance *self, gpointer user_data)` (`g_signal_connect_data`).
    @discardableResult
    public func connect(_ signal: String, after: Bool = false,
                        _ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect(signal, shape: .instance, after: after, handler: handler) { handler in { _ in handler() } }
    }

    /// Emits a signal that takes no arguments and returns nothing (`g_signal_emit_by_name`).
    public func emit(_ signal: String) {
        ifAlive(()) { tessera_signal_emit_by_name($0, signal) }
    }
}
