import CGtk
import GtkKit

// Raw GTK calls the style layer needs that GtkKit does not wrap (yet): event controllers and
// widget state flags. Kept in this one file so they can move into GtkKit as they are; every
// function names the C calls it makes.

/// GTK widget state flags the gallery sets to render hover, pressed and focus without input.
public struct WidgetStateFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GTK_STATE_FLAG_PRELIGHT` (`:hover`).
    public static let hover = WidgetStateFlags(rawValue: GTK_STATE_FLAG_PRELIGHT.rawValue)
    /// `GTK_STATE_FLAG_ACTIVE` (`:active`, pressed).
    public static let active = WidgetStateFlags(rawValue: GTK_STATE_FLAG_ACTIVE.rawValue)
    /// `GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE` (`:focus-visible`).
    public static let focusVisible = WidgetStateFlags(
        rawValue: GTK_STATE_FLAG_FOCUSED.rawValue | GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue)
    /// `GTK_STATE_FLAG_INSENSITIVE` (`:disabled`).
    public static let insensitive = WidgetStateFlags(rawValue: GTK_STATE_FLAG_INSENSITIVE.rawValue)
}

extension Widget {
    /// The widget's current state flags (`gtk_widget_get_state_flags`).
    public var stateFlags: WidgetStateFlags {
        guard !isDestroyed else { return [] }
        return WidgetStateFlags(rawValue: gtk_widget_get_state_flags(widgetPointer).rawValue)
    }

    /// Turns state flags on (`gtk_widget_set_state_flags` with `clear` false).
    public func setStateFlags(_ flags: WidgetStateFlags) {
        guard !isDestroyed else { return }
        gtk_widget_set_state_flags(widgetPointer, GtkStateFlags(rawValue: flags.rawValue), 0)
    }

    /// Turns state flags off (`gtk_widget_unset_state_flags`).
    public func unsetStateFlags(_ flags: WidgetStateFlags) {
        guard !isDestroyed else { return }
        gtk_widget_unset_state_flags(widgetPointer, GtkStateFlags(rawValue: flags.rawValue))
    }
}

enum GtkInterop {
    /// Hides `widget` and its children from assistive technology, or shows them again
    /// (`gtk_accessible_update_state_value` with `GTK_ACCESSIBLE_STATE_HIDDEN`).
    @MainActor static func setAccessibleHidden(_ hidden: Bool, on widget: Widget) {
        guard !widget.isDestroyed else { return }
        var value = GValue()
        g_value_init(&value, tessera_type_boolean())
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(OpaquePointer(widget.widgetPointer), 1, &state, &value)
        g_value_unset(&value)
    }

    /// Swallows every key press that passes through `widget` toward its focused descendant
    /// while `isBlocking()` is true.
    @MainActor static func blockKeys(on widget: Widget, while isBlocking: @escaping @MainActor () -> Bool) {
        onKey(on: widget, phase: GTK_PHASE_CAPTURE, isBlocking)
    }

    /// Calls `handler` for every key press reaching `widget` in `phase`; the press stops there
    /// when it returns true (`gtk_event_controller_key_new`,
    /// `gtk_event_controller_set_propagation_phase`, `gtk_widget_add_controller`, `key-pressed`).
    @MainActor static func onKey(on widget: Widget, phase: GtkPropagationPhase,
                                 _ handler: @escaping @MainActor () -> Bool) {
        guard !widget.isDestroyed, let controller = gtk_event_controller_key_new() else { return }
        gtk_event_controller_set_propagation_phase(controller, phase)
        let pressed: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType,
                                     UnsafeMutableRawPointer?) -> gboolean = { _, _, _, _, data in
            guard let data else { return 0 }
            let handler = InteropHandler<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { handler.call() ? 1 : 0 }
        }
        // Only presses: they start a button's activation (a release alone activates nothing),
        // and `key-released` cannot stop a key anyway (it returns nothing).
        let box = InteropHandler(handler)
        g_signal_connect_data(UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(pressed, to: GCallback.self),
                              box.retainedForGLib(), releaseInteropHandler, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(widget.widgetPointer, controller)
    }

    /// Claims every pointer or touch press on `widget`, so nothing under or around it reacts,
    /// and reports each one.
    @MainActor static func absorbPresses(on widget: Widget, _ report: @escaping @MainActor () -> Void) {
        onPress(on: widget, phase: GTK_PHASE_BUBBLE, claim: true, report)
    }

    /// Calls `handler` for every pointer or touch press on `widget` in `phase`, claiming the
    /// press if `claim` (`gtk_gesture_click_new`, `gtk_gesture_single_set_button` 0 = any
    /// button, `pressed` → `gtk_gesture_set_state(GTK_EVENT_SEQUENCE_CLAIMED)`).
    @MainActor static func onPress(on widget: Widget, phase: GtkPropagationPhase, claim: Bool,
                                   _ handler: @escaping @MainActor () -> Void) {
        guard !widget.isDestroyed, let gesture = gtk_gesture_click_new() else { return }
        gtk_gesture_single_set_button(gesture, 0)
        gtk_event_controller_set_propagation_phase(gesture, phase)
        let claiming: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble,
                                      UnsafeMutableRawPointer?) -> Void = { gesture, _, _, _, data in
            guard let gesture, let data else { return }
            gtk_gesture_set_state(OpaquePointer(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
            let handler = InteropHandler<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { handler.call() }
        }
        let observing: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble,
                                       UnsafeMutableRawPointer?) -> Void = { _, _, _, _, data in
            guard let data else { return }
            let handler = InteropHandler<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { handler.call() }
        }
        let box = InteropHandler(handler)
        let callback = claim ? unsafeBitCast(claiming, to: GCallback.self) : unsafeBitCast(observing, to: GCallback.self)
        g_signal_connect_data(UnsafeMutableRawPointer(gesture), "pressed", callback,
                              box.retainedForGLib(), releaseInteropHandler, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(widget.widgetPointer, gesture)
    }
}

/// A Swift closure handed to GLib as signal `user_data`: GLib holds one retain and gives it
/// back through `releaseInteropHandler` when the handler goes away with its controller.
@MainActor private final class InteropHandler<Call> {
    let call: Call
    init(_ call: Call) { self.call = call }

    func retainedForGLib() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    nonisolated static func from(_ data: UnsafeMutableRawPointer) -> InteropHandler<Call> {
        Unmanaged<InteropHandler<Call>>.fromOpaque(data).takeUnretainedValue()
    }
}

/// `GClosureNotify` balancing `InteropHandler.retainedForGLib()`.
private let releaseInteropHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GTK set-up and redraw calls for tools and tests that run without a `GtkApplication`.
public enum GTKRuntime {
    /// Initializes GTK once (`gtk_init_check`); false when there is no display.
    @MainActor public static func initialize() -> Bool {
        gtk_init_check() != 0
    }

    /// Asks GTK to repaint `widget` on the next frame (`gtk_widget_queue_draw`).
    @MainActor public static func queueDraw(_ widget: Widget) {
        guard !widget.isDestroyed else { return }
        gtk_widget_queue_draw(widget.widgetPointer)
    }

    /// Runs the main loop until `widget`'s window has painted a frame after this call, or
    /// `timeout` passes; returns whether it painted (`gtk_widget_queue_draw` + `after-paint`).
    @MainActor @discardableResult
    public static func waitForPaint(of widget: Widget, timeout: Duration = .seconds(5)) -> Bool {
        var painted = false
        widget.afterNextPaint { _ in painted = true }
        queueDraw(widget)
        return MainContext.iterate(until: { painted }, timeout: timeout)
    }
}
