import CGtk

/// When an event controller sees an event on its way to the target widget (`GtkPropagationPhase`).
public enum PropagationPhase: Sendable {
    /// Never: the controller is off (`GTK_PHASE_NONE`).
    case none
    /// On the way down from the window to the target, before the target's own handling
    /// (`GTK_PHASE_CAPTURE`): an ancestor can stop the event first.
    case capture
    /// On the way back up from the target to the window (`GTK_PHASE_BUBBLE`, GTK's default).
    case bubble
    /// Only when the controller's widget is the target itself (`GTK_PHASE_TARGET`).
    case target

    var gtkValue: GtkPropagationPhase {
        switch self {
        case .none: GTK_PHASE_NONE
        case .capture: GTK_PHASE_CAPTURE
        case .bubble: GTK_PHASE_BUBBLE
        case .target: GTK_PHASE_TARGET
        }
    }

    init(_ phase: GtkPropagationPhase) {
        switch phase {
        case GTK_PHASE_CAPTURE: self = .capture
        case GTK_PHASE_BUBBLE: self = .bubble
        case GTK_PHASE_TARGET: self = .target
        default: self = .none
        }
    }
}

/// The base of GtkKit's event controllers (`GtkEventController`).
///
/// Ownership (see `GtkKit.docc/Lifetime.md`): a new controller comes with a full reference,
/// which its wrapper owns until `Widget.addController(_:)` hands it to the widget. From then
/// on the controller lives exactly as long as its widget, and the wrapper is only a handle.
@MainActor public class EventController: NativeObject {
    /// Wraps a newly created controller (`transfer full`).
    init(newController pointer: OpaquePointer?) {
        guard let pointer else { preconditionFailure("GtkKit: GTK returned no event controller") }
        super.init(UnsafeMutableRawPointer(pointer), adoption: .takeFull)
    }

    /// Wraps a controller a widget owns, checking its GType first (`g_type_check_instance_is_a`).
    init(borrowing pointer: UnsafeMutableRawPointer, checkedAs type: GType) {
        precondition(Bool(gboolean: tessera_is_a(pointer, type)), "GtkKit: wrong GType for wrapper")
        super.init(pointer, adoption: .borrow)
    }

    /// The wrapped `GtkEventController *`. Valid only while `isDestroyed` is false.
    var controllerPointer: OpaquePointer { objectPointer.opaque }

    /// When the controller sees events
    /// (`gtk_event_controller_get_propagation_phase` / `gtk_event_controller_set_propagation_phase`).
    public var propagationPhase: PropagationPhase {
        get { ifAlive(.none) { _ in PropagationPhase(gtk_event_controller_get_propagation_phase(controllerPointer)) } }
        set { ifAlive(()) { _ in gtk_event_controller_set_propagation_phase(controllerPointer, newValue.gtkValue) } }
    }

    /// Whether the controller has been added to a widget (`gtk_event_controller_get_widget`).
    public var isAttached: Bool {
        ifAlive(false) { _ in gtk_event_controller_get_widget(controllerPointer) != nil }
    }
}

extension Widget {
    /// Adds `controller` to the widget (`gtk_widget_add_controller`, which takes a reference:
    /// `transfer full`). The widget then owns the controller and its handlers: they live as
    /// long as the widget, whatever happens to the wrapper. A controller belongs to one widget;
    /// adding it a second time is ignored with a warning.
    public func addController(_ controller: EventController) {
        guard !controller.isDestroyed, !controller.isAttached else {
            Log.gtkKit.warning("ignored adding a destroyed or already added \(type(of: controller))")
            return
        }
        withWidget { widget in
            // The widget consumes one reference; give it its own, then drop the wrapper's, as
            // a container does with a child. A borrowed wrapper has none to drop.
            g_object_ref(controller.objectPointer)
            gtk_widget_add_controller(widget, controller.controllerPointer)
            controller.parentDidTakeOwnership(parented: controller.isAttached)
        }
    }
}
