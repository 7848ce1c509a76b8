import CGtk

/// Named pages, one visible at a time (`GtkStack`). Screens and view branches are
/// persistent pages, so switching never rebuilds a widget.
@MainActor public final class Stack: Widget {
    /// The animation between pages (`GtkStackTransitionType`).
    public enum Transition: Sendable, CaseIterable {
        case none, crossfade, slideLeft, slideRight, slideUp, slideDown, slideLeftRight, slideUpDown

        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
            case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
            case .slideUp: GTK_STACK_TRANSITION_TYPE_SLIDE_UP
            case .slideDown: GTK_STACK_TRANSITION_TYPE_SLIDE_DOWN
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
            }
        }
    }

    /// Creates an empty stack (`gtk_stack_new`).
    public init() {
        super.init(newWidget: gtk_stack_new())
    }

    private var stack: OpaquePointer { widgetPointer.opaque }

    /// Adds `child` as the page `name` (`gtk_stack_add_titled`, or `gtk_stack_add_named`
    /// without a title); the stack then owns it.
    public func addNamed(_ child: Widget, name: String, title: String? = nil) {
        adopt(child) { widget in
            if let title {
                gtk_stack_add_titled(stack, widget, name, title)
            } else {
                gtk_stack_add_named(stack, widget, name)
            }
        }
    }

    /// Removes a page (`gtk_stack_remove`); its wrapper owns it again.
    public func remove(_ child: Widget) {
        detach(child) { gtk_stack_remove(stack, $0) }
    }

    /// Whether a page called `name` exists (`gtk_stack_get_child_by_name`).
    public func hasPage(named name: String) -> Bool {
        withWidget(false) { gtk_stack_get_child_by_name($0.opaque, name) != nil }
    }

    /// The visible page's name (`gtk_stack_get_visible_child_name` /
    /// `gtk_stack_set_visible_child_name`, with the stack's transition).
    public var visibleChildName: String? {
        get { withWidget(nil) { string(borrowing: gtk_stack_get_visible_child_name($0.opaque)) } }
        set {
            guard let newValue else { return }
            withWidget { gtk_stack_set_visible_child_name($0.opaque, newValue) }
        }
    }

    /// Shows page `name` with a specific transition (`gtk_stack_set_visible_child_full`).
    public func setVisibleChild(name: String, transition: Transition) {
        withWidget { gtk_stack_set_visible_child_full($0.opaque, name, transition.gtk) }
    }

    /// The default transition (`gtk_stack_get_transition_type` / `gtk_stack_set_transition_type`).
    public var transition: Transition {
        get {
            withWidget(.none) { widget in
                let value = gtk_stack_get_transition_type(widget.opaque)
                return Transition.allCases.first { $0.gtk == value } ?? .none
            }
        }
        set { withWidget { gtk_stack_set_transition_type($0.opaque, newValue.gtk) } }
    }

    /// Transition length in milliseconds
    /// (`gtk_stack_get_transition_duration` / `gtk_stack_set_transition_duration`).
    public var transitionDuration: UInt32 {
        get { withWidget(0) { gtk_stack_get_transition_duration($0.opaque) } }
        set { withWidget { gtk_stack_set_transition_duration($0.opaque, newValue) } }
    }

    /// Whether a transition is running (`gtk_stack_get_transition_running`).
    public var isTransitionRunning: Bool {
        withWidget(false) { Bool(gboolean: gtk_stack_get_transition_running($0.opaque)) }
    }

    /// Whether the stack sizes itself for every page or only the visible one
    /// (`gtk_stack_get_hhomogeneous` and `gtk_stack_get_vhomogeneous`, set together).
    public var isHomogeneous: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_stack_get_hhomogeneous($0.opaque)) } }
        set {
            withWidget {
                gtk_stack_set_hhomogeneous($0.opaque, newValue.gboolean)
                gtk_stack_set_vhomogeneous($0.opaque, newValue.gboolean)
            }
        }
    }
}
