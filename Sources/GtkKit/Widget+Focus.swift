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
