import CGtk

/// Pointer and touch presses on a widget (`GtkGestureClick`). Add it with
/// `Widget.addController(_:)`; a `pressed` handler that calls `claim()` takes the press for
/// itself, so no other gesture (a button's own, one under or around it) reacts to it.
@MainActor public final class GestureClick: EventController {
    /// A `pressed` or `released` handler: the gesture, how many presses in a row (2 on a
    /// double click) and where, in the widget's coordinates. The gesture is handed in (held
    /// weakly, like every GtkKit typed handler) so the handler can `claim()` the press.
    public typealias PressHandler = @MainActor (_ gesture: GestureClick, _ pressCount: Int, _ x: Double, _ y: Double) -> Void

    /// Creates a click gesture (`gtk_gesture_click_new`); it listens to the primary button.
    public init() {
        super.init(newController: gtk_gesture_click_new())
    }

    /// Wraps a gesture a widget owns; used to hand handlers a gesture whose wrapper is gone.
    init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer, checkedAs: gtk_gesture_click_get_type())
    }

    /// The mouse button the gesture listens to: 1 primary, 2 middle, 3 secondary, 0 any
    /// (`gtk_gesture_single_get_button` / `gtk_gesture_single_set_button`).
    public var button: UInt32 {
        get { ifAlive(0) { _ in gtk_gesture_single_get_button(controllerPointer) } }
        set { ifAlive(()) { _ in gtk_gesture_single_set_button(controllerPointer, newValue) } }
    }

    /// Whether the gesture is tracking a press now (`gtk_gesture_is_active`).
    public var isActive: Bool {
        ifAlive(false) { _ in Bool(gboolean: gtk_gesture_is_active(controllerPointer)) }
    }

    /// Claims the press in progress (`gtk_gesture_set_state` with `GTK_EVENT_SEQUENCE_CLAIMED`):
    /// other gestures on the way cancel theirs. Call it from `onPressed`; false when there is
    /// no press to claim.
    @discardableResult
    public func claim() -> Bool {
        ifAlive(false) { _ in Bool(gboolean: gtk_gesture_set_state(controllerPointer, GTK_EVENT_SEQUENCE_CLAIMED)) }
    }

    /// Runs `handler` on every press (`pressed` signal). The handler does not keep this
    /// wrapper alive; if the wrapper is gone it gets a new one for the same gesture.
    @discardableResult
    public func onPressed(_ handler: @escaping PressHandler) -> SignalConnection<PressHandler> {
        connectPress("pressed", handler)
    }

    /// Runs `handler` when a press ends on the widget (`released` signal).
    @discardableResult
    public func onReleased(_ handler: @escaping PressHandler) -> SignalConnection<PressHandler> {
        connectPress("released", handler)
    }

    private func connectPress(_ signal: String, _ handler: @escaping PressHandler) -> SignalConnection<PressHandler> {
        connect(signal, shape: .instanceIntTwoDoubles, handler: handler) { [weak self] handler in
            { instance, count, x, y in handler(self ?? GestureClick(borrowing: instance), Int(count), x, y) }
        }
    }
}
