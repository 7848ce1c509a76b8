import CGtk

extension Widget {
    /// Whether the window's keyboard focus is in another part of the window: its focus widget
    /// (`gtk_root_get_focus`) is neither this widget nor inside it (`gtk_widget_is_ancestor`).
    /// False when nothing in the window has focus, or the widget is in no window.
    public var focusIsElsewhereInWindow: Bool {
        withWidget(false) { widget in
            guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
            return focus != widget && !Bool(gboolean: gtk_widget_is_ancestor(focus, widget))
        }
    }
}

extension Widget {
    /// Whether a pointer click moves the keyboard focus here (`gtk_widget_get_focus_on_click` /
    /// `gtk_widget_set_focus_on_click`); Tab still reaches it either way.
    public var focusOnClick: Bool {
        get { withWidget(true) { Bool(gboolean: gtk_widget_get_focus_on_click($0)) } }
        set { withWidget { gtk_widget_set_focus_on_click($0, newValue.gboolean) } }
    }
}
